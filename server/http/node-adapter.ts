import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorJson } from './errors';
import type { ApiHandler } from './handler';

/**
 * Whether the production server (server/serve.ts) hands a path to the `/api` handler rather
 * than to Next: all of `/api` but next-auth's routes under `/api/auth/`, of which only
 * `/api/auth/me` is ours (the same split as the route files under app/api).
 */
export function isApiPath(pathname: string): boolean {
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return false;
  return !pathname.startsWith('/api/auth/') || pathname === '/api/auth/me';
}

const NO_BODY = new Set(['GET', 'HEAD']);

/**
 * The request's body as a web stream that reads the socket only as fast as the handler
 * consumes it, so the handler's byte limits (413) hold without buffering. Cancelling it (an
 * oversized body) stops reading but leaves the socket to the response, which then closes it.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (!done) controller.close();
        done = true;
      });
      req.once('error', (error) => {
        if (!done) controller.error(error);
        done = true;
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      done = true;
      req.pause();
    },
  });
}

/**
 * A Node request as a Fetch `Request`. The URL's origin is the Host header's, as Next builds
 * it. Like `next start`, the client's address is added as `X-Forwarded-For` only when the
 * client sent none, so the rate limit's `clientKeyOf` sees the same header either way.
 */
export function toFetchRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) !== 58 /* ':' (HTTP/2 pseudo-headers) */) headers.append(name, raw[i + 1]!);
  }
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) {
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  }
  const method = req.method ?? 'GET';
  const host = headers.get('host') ?? 'localhost';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (!NO_BODY.has(method)) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(`http://${host}${req.url ?? '/'}`, init);
}

/** Writes a Fetch `Response` to a Node response, streaming its body with back-pressure. */
export async function sendFetchResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie);
  // A body the handler did not read in full (say, refused with 413) is not drained: the
  // connection closes after the answer instead.
  if (!req.complete) headers.push('connection', 'close');
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
      }
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
  res.end();
}

/** The `/api` handler as a Node request listener. */
export function nodeListener(handle: ApiHandler) {
  return async function serveApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    let request: Request;
    try {
      request = toFetchRequest(req, aborted.signal);
    } catch {
      // A Host header that makes no URL.
      await sendFetchResponse(req, res, errorJson(400, 'The request could not be read.'));
      return;
    }
    // The handler answers its own errors (DESIGN 5); a failure here is a connection gone mid-answer.
    await sendFetchResponse(req, res, await handle(request)).catch((error: unknown) => res.destroy(error as Error));
  };
}
