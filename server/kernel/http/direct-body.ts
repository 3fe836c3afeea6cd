/**
 * JSON answers whose text the Node side can write as is (issue 27): a `Response` made by
 * `jsonText` remembers its body's text, and `sendFetchResponse` (node-adapter.ts) writes that
 * string with `res.end` instead of reading the Response's web stream chunk by chunk. Anything
 * that reads or replaces the body falls back to the stream: the text is used only while the
 * body is unread.
 */
const texts = new WeakMap<Response, string | Buffer[]>();

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer of `text` (already serialized; or its UTF-8 bytes in pieces, written one after
 * another without being joined or copied), or no body when `text` is null.
 */
export function jsonText(text: string | Buffer[] | null, status: number): Response {
  const body =
    typeof text === 'string' || text === null
      ? text
      : new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of text) controller.enqueue(piece);
            controller.close();
          },
        });
  const response = new Response(body, { status, headers: { 'content-type': JSON_TYPE } });
  if (text !== null) texts.set(response, text);
  return response;
}

/** The text of a `jsonText` answer whose body nothing has read yet. */
export function directText(response: Response): string | Buffer[] | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
