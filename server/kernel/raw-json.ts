import { randomUUID } from 'node:crypto';

/*
 * JSON text passed through (issue 27). A large answer whose JSON PostgreSQL builds (the weekly
 * timetable: 4.7 MB on the scale data) was parsed into objects in Node and serialized again
 * for the response: hundreds of milliseconds and tens of megabytes per request in flight, for
 * text already in its final form. A procedure may instead return that text wrapped in a
 * `RawJson`, in place of the value it stands for:
 *
 * - the REST writer (`stringifyAnswer`, used by rest.ts) splices the text into the body
 *   unparsed;
 * - anything else that serializes the answer with `JSON.stringify` (tRPC's response, which
 *   has no transformer) gets the parsed value through `toJSON`, so the web app receives the
 *   same JSON;
 * - the output check of development and tests (trpc/outputs.ts) parses it (`withRawParsed`)
 *   before running the output schema, so raw answers are checked like any other.
 *
 * Node 20 has no `JSON.rawJSON`, hence the splice. PostgreSQL's `json` text is the same
 * content as the parsed-and-reserialized value (same keys, order, values), only its
 * whitespace differs (`{"id" : 1, "n" : 2}`).
 */
export class RawJson {
  /** The JSON as text, or as its UTF-8 bytes straight from the driver (`queryFirstValueBytes`). */
  constructor(readonly text: string | Buffer) {}

  toJSON(): unknown {
    if (splicing) {
      splicing.push(this.text);
      return `${MARK}${splicing.length - 1}`;
    }
    return JSON.parse(this.text.toString());
  }
}

/**
 * `text` (JSON) standing for a value of type `T` in a procedure's answer. It is typed as `T`
 * because every reader of the answer serializes it first (see above); server code must not
 * read into it.
 */
export function rawJson<T>(text: string | Buffer): T {
  return new RawJson(text) as T;
}

// A placeholder no serialized value can contain by chance: the random part never leaves the
// process (every placeholder is replaced before the text is sent).
const MARK = `\u0000raw-json:${randomUUID()}:`;
const QUOTED_MARK = JSON.stringify(MARK).slice(0, -1);

/** Raw texts met by the `JSON.stringify` under way in `stringifyAnswer`, else null. */
let splicing: (string | Buffer)[] | null = null;

/**
 * `JSON.stringify(value)` with the text of every `RawJson` inside spliced in as is. One
 * native `JSON.stringify` (no replacer): each `RawJson` serializes as a placeholder string,
 * then the placeholders are replaced. `JSON.stringify` is synchronous, so no other call can
 * meet `splicing` set.
 */
export function stringifyAnswer(value: unknown): string | Buffer[] | undefined {
  const texts: (string | Buffer)[] = [];
  splicing = texts;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } finally {
    splicing = null;
  }
  if (texts.length === 0 || json === undefined) return json;
  const pieces: (string | Buffer)[] = [];
  let from = 0;
  texts.forEach((text, index) => {
    const placeholder = `${QUOTED_MARK}${index}"`;
    const at = json.indexOf(placeholder, from);
    pieces.push(json.slice(from, at), text);
    from = at + placeholder.length;
  });
  pieces.push(json.slice(from));
  // Bytes stay bytes, and are not copied: the answer is written as its pieces (issue 27).
  return pieces.every((piece) => typeof piece === 'string')
    ? pieces.join('')
    : pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
}

/**
 * `value` with every `RawJson` inside replaced by its parsed value; `value` itself (not a
 * copy) when it holds none.
 */
export function withRawParsed(value: unknown): unknown {
  if (value instanceof RawJson) return JSON.parse(value.text.toString());
  if (Array.isArray(value)) {
    const items = value.map(withRawParsed);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const entries = Object.entries(value).map(([key, item]) => [key, withRawParsed(item)] as const);
    return entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key])
      ? Object.fromEntries(entries)
      : value;
  }
  return value;
}
