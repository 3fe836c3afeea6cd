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
  const building = new Map<string, Promise<T>>();

  function hold(key: string, version: string, answer: T) {
    held.delete(key);
    held.set(key, { version, answer });
    if (held.size > max) held.delete(held.keys().next().value!);
  }

  return {
    hold,

    /** The answer held under `key`, whatever its version. */
    any(key: string): { version: string; answer: T } | undefined {
      return held.get(key);
    },

    /**
     * The answer held under `key` if it is of `version`; else the one `build` makes, held under
     * the version it says (that of its own snapshot: never older than `version`). Requests that
     * find the same key and version missing share one build: 32 readers of a month that just
     * changed cost one report, not 32 at once.
     */
    async answer(
      key: string,
      version: string,
      build: () => Promise<{ answer: T; version: string }>,
    ): Promise<T> {
      const entry = held.get(key);
      if (entry?.version === version) {
        held.delete(key);
        held.set(key, entry);
        return entry.answer;
      }
      const flight = `${version} ${key}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build()
          .then((built) => {
            hold(key, built.version, built.answer);
            return built.answer;
          })
          .finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      return pending;
    },
  };
}
