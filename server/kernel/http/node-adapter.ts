import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import { BENCH_FIXED_PATH, benchFixedResponse } from './bench-route';
import { directText } from './direct-body';
import { errorJson } from './errors';
import type { ApiHandler } from './handler';

/** A host name (labels of letters, digits, `-`, `_`) or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?)|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/;
const MAX_HOST_LENGTH = 300;

/** The methods `OPTIONS *` lists: those the server answers somewhere. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The request's URL, built from a validated Host header and an origin-form request target
 * only, so that neither can move the path: a Host such as `x/api/admin/users#` or `x?` is
 * refused, not glued in front of the target. Both the routing between `/api` and Next and
 * the `/api` handler use this one URL. `asterisk` is `OPTIONS *`; null is a request to refuse
 * with 400.
 */
export function requestUrl(req: IncomingMessage): URL | 'asterisk' | null {
  const target = req.url ?? '';
  if (target === '*' && req.method === 'OPTIONS') return 'asterisk';
  if (target.charCodeAt(0) !== 47 /* '/' */) return null;
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return null;
  // HTTP/1.0 may send none (Node itself refuses an HTTP/1.1 request without one).
  const host = hosts === 0 ? 'localhost' : (req.headers.host ?? '');
  if (!isValidHost(host)) return null;
  try {
    const url = new URL(`http://${host}${target}`);
    // The host is what was validated, the path what the target says (dot segments resolved).
    return url.host === new URL(`http://${host}`).host ? url : null;
  } catch {
    return null;
  }
}

export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[2] !== undefined && !isIPv6(match[2])) return false;
  return match[3] === undefined || Number(match[3]) <= 65535;
}

/** The answer to a request whose Host or target makes no URL (400) or to `OPTIONS *` (204). */
export function sendUnroutable(
  req: IncomingMessage,
  res: ServerResponse,
  url: 'asterisk' | null,
): Promise<void> {
  const response =
    url === 'asterisk'
      ? new Response(null, { status: 204, headers: { allow: ALLOWED_METHODS } })
      : errorJson(
          400,
          'The request could not be read: the Host header or the request target is not valid.',
        );
  return sendFetchResponse(req, res, response);
}

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
 * A Node request as a Fetch `Request` for `url` (see `requestUrl`). Like `next start`, the client's address is added as `X-Forwarded-For` only when the
 * client sent none, so the rate limit's `clientKeyOf` sees the same header either way.
 */
export function toFetchRequest(req: IncomingMessage, url: URL, signal?: AbortSignal): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) !== 58 /* ':' (HTTP/2 pseudo-headers) */)
      headers.append(name, raw[i + 1]!);
  }
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) {
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (!NO_BODY.has(method)) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** How much of a body the handler left unread is read and discarded after the answer, and for how long. */
export const DISCARD_BYTES = 64 * 1024 * 1024;
export const DISCARD_MS = 10_000;

/**
 * Reads and discards what is left of a request body (the handler refused it unread, say with
 * 413), up to `DISCARD_BYTES` or `DISCARD_MS`. Closing the socket with unread bytes in it
 * would make the kernel reset the connection, and the client (still sending) would see EPIPE
 * or ECONNRESET instead of the answer; read to the end, the connection closes cleanly.
 */
function discardBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) {
      resolve();
      return;
    }
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > DISCARD_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_MS);
    // The body stream's own listener would queue what it no longer reads.
    req.removeAllListeners('data');
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

/**
 * Whether some of the request's body is still unread. A request without `Content-Length` or
 * `Transfer-Encoding` has none, though Node marks it complete only after the listener ran.
 */
function hasBodyLeft(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Writes a Fetch `Response` to a Node response, streaming its body with back-pressure. */
export async function sendFetchResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie);
  if (hasBodyLeft(req)) {
    // A body the handler did not read in full (say, refused with 413): the answer goes out
    // whole, with its length, so the client can read it while it still sends; the rest of
    // the body is read and discarded (bounded), and the connection then closes.
    const body =
      req.method === 'HEAD' || !response.body
        ? new Uint8Array()
        : new Uint8Array(await response.arrayBuffer());
    if (req.method === 'HEAD') await response.body?.cancel();
    headers.push('connection', 'close');
    if (!response.headers.has('content-length') && req.method !== 'HEAD')
      headers.push('content-length', String(body.byteLength));
    res.writeHead(response.status, response.statusText || undefined, headers);
    if (body.byteLength > 0) res.write(body);
    await discardBody(req);
    res.end();
    return;
  }
  const text = directText(response);
  if (text !== undefined && req.method !== 'HEAD') {
    // The JSON of a REST answer, written at once: no web stream to read (direct-body.ts).
    if (!response.headers.has('content-length'))
      headers.push(
        'content-length',
        String(
          typeof text === 'string'
            ? Buffer.byteLength(text)
            : text.reduce((length, piece) => length + piece.length, 0),
        ),
      );
    res.writeHead(response.status, response.statusText || undefined, headers);
    if (typeof text === 'string') res.end(text);
    else {
      for (const piece of text) res.write(piece);
      res.end();
    }
    return;
  }
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
  /** `url` is `requestUrl(req)`, when the caller has it already. */
  return async function serveApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL | 'asterisk' | null = requestUrl(req),
  ): Promise<void> {
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    if (!(url instanceof URL)) {
      await sendUnroutable(req, res, url).catch((error: unknown) => res.destroy(error as Error));
      return;
    }
    const request = toFetchRequest(req, url, aborted.signal);
    // The handler answers its own errors (DESIGN 5); a failure here is a connection gone mid-answer.
    await sendFetchResponse(req, res, await handle(request)).catch((error: unknown) =>
      res.destroy(error as Error),
    );
  };
}

export type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Routes a request by the URL built from its validated Host and request target
 * (`requestUrl`): `/api` to the handler, anything else to Next, which gets the same target
 * (dot segments resolved, no fragment). A Host or target that makes no URL goes to the `/api`
 * listener, which answers 400 (JSON) before anything reads it, as it answers `OPTIONS *`. `benchRoute` serves the benchmark's
 * reference route (bench/run.ts sets `BENCH_ROUTES=1`); without it that path is Next's 404.
 */
export function routeRequests(
  api: ReturnType<typeof nodeListener>,
  nextHandler: Listener,
  benchRoute = false,
): Listener {
  return (req, res) => {
    const url = requestUrl(req);
    if (isApiPath(url instanceof URL ? url.pathname : '/api')) {
      void api(req, res, url);
    } else if (benchRoute && url instanceof URL && url.pathname === BENCH_FIXED_PATH) {
      sendFetchResponse(req, res, benchFixedResponse()).catch((error: unknown) =>
        res.destroy(error as Error),
      );
    } else {
      req.url = `${(url as URL).pathname}${(url as URL).search}`;
      void nextHandler(req, res);
    }
  };
}
