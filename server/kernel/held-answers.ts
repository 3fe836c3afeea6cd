/**
 * Answers this process built last, each with the version of the data it was built from, the
 * least recently used dropped past `max` (issue 27). A reader reads the data's current version
 * from the database on every request and takes a held answer only when it is that version's,
 * so a held answer is exactly as current as one built again; what differs is the cost of
 * building it (a weekly timetable of 4.7 MB, a month's report of 10,000 students, a count of
 * 100,000 listings).
 */
export function heldAnswers<T>(max: number) {
  const held = new Map<string, { version: string; answer: T }>();
  return {
    /** The answer held under `key` if it is of `version`. */
    get(key: string, version: string): T | undefined {
      const entry = held.get(key);
      if (entry?.version !== version) return undefined;
      held.delete(key);
      held.set(key, entry);
      return entry.answer;
    },
    /** The answer held under `key`, whatever its version. */
    any(key: string): { version: string; answer: T } | undefined {
      return held.get(key);
    },
    hold(key: string, version: string, answer: T) {
      held.delete(key);
      held.set(key, { version, answer });
      if (held.size > max) held.delete(held.keys().next().value!);
    },
  };
}
