import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiHandler } from './handler';
import { isApiPath, nodeListener } from './node-adapter';
import { MAX_JSON_BYTES, readBodyText } from './rest';

/** What the test server's handler saw of the last request. */
let seen: { method: string; url: string; headers: Headers; body: string | null } | undefined;

const handler: ApiHandler = async (req) => {
  const url = new URL(req.url);
  if (url.pathname === '/api/echo') {
    const body = req.body ? await readBodyText(req, MAX_JSON_BYTES) : null;
    seen = { method: req.method, url: req.url, headers: req.headers, body };
    if (body === null && req.body) return Response.json({ message: 'Too large' }, { status: 413 });
    return Response.json(
      { method: req.method, length: body?.length ?? 0 },
      { status: 201, headers: { 'x-custom': 'yes' } },
    );
  }
  if (url.pathname === '/api/cookies') {
    const headers = new Headers();
    headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
    headers.append('set-cookie', 'b=2; Path=/');
    return new Response(null, { status: 204, headers });
  }
  if (url.pathname === '/api/stream') {
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 3) controller.close();
        else controller.enqueue(encoder.encode(`chunk ${sent++}\n`));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/plain' } });
  }
  return Response.json({ message: 'Not found' }, { status: 404 });
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(nodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request with node:http, to see exactly what goes over the wire (fetch hides some). */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; chunks?: Buffer[] } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: options.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(parts).toString(),
        }),
      );
    });
    // The server may answer and close before a refused body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe('isApiPath', () => {
  it('sends all of /api to the handler but next-auth routes, except /api/auth/me', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/schools/x/students')).toBe(true);
    expect(isApiPath('/api/auth/me')).toBe(true);
    expect(isApiPath('/api/auth/session')).toBe(false);
    expect(isApiPath('/api/auth/callback/oidc')).toBe(false);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('/schools')).toBe(false);
    expect(isApiPath('/')).toBe(false);
  });
});

describe('the Node ↔ Fetch adapter', () => {
  it('passes method, URL, headers and body, and answers status and headers', async () => {
    const res = await raw('PATCH', '/api/echo?x=1', {
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'abc',
        host: 'school.example',
      },
      chunks: [Buffer.from(JSON.stringify({ name: 'Ana' }))],
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-custom']).toBe('yes');
    expect(JSON.parse(res.body)).toEqual({ method: 'PATCH', length: 14 });
    expect(seen!.method).toBe('PATCH');
    expect(seen!.url).toBe('http://school.example/api/echo?x=1');
    expect(seen!.headers.get('x-request-id')).toBe('abc');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(seen!.body).toBe('{"name":"Ana"}');
  });

  it('adds the client address as X-Forwarded-For only when the client sent none', async () => {
    await raw('GET', '/api/echo');
    expect(seen!.headers.get('x-forwarded-for')).toBe('127.0.0.1');
    await raw('GET', '/api/echo', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen!.headers.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it('streams a chunked request body to the handler', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) =>
      Buffer.from(`${String(i).padStart(2, '0')}`.repeat(5000)),
    );
    const res = await raw('POST', '/api/echo', {
      headers: { 'content-type': 'text/plain' },
      chunks,
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ method: 'POST', length: 200_000 });
    expect(seen!.body!.slice(0, 4)).toBe('0000');
    expect(seen!.body!.slice(-4)).toBe('1919');
  });

  it('answers 413 to a body over the limit, declared or streamed, and closes the connection', async () => {
    const declared = await raw('POST', '/api/echo', {
      headers: { 'content-length': String(MAX_JSON_BYTES + 1) },
      chunks: [Buffer.alloc(64 * 1024)],
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    const streamed = await raw('POST', '/api/echo', {
      chunks: Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 1)),
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ message: 'Too large' });
    // The server still serves the next request.
    expect((await fetch(`${base}/api/echo`)).status).toBe(201);
  });

  it('sends every Set-Cookie header separately', async () => {
    const res = await raw('GET', '/api/cookies');
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
  });

  it('streams the response body', async () => {
    const res = await raw('GET', '/api/stream');
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.body).toBe('chunk 0\nchunk 1\nchunk 2\n');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw('HEAD', '/api/echo');
    expect(res.status).toBe(201);
    expect(res.headers['x-custom']).toBe('yes');
    expect(res.body).toBe('');
    expect(seen!.method).toBe('HEAD');
  });

  it('answers 400 to a Host header that makes no URL', async () => {
    const res = await raw('GET', '/api/echo', { headers: { host: 'bad host' } });
    expect(res.status).toBe(400);
  });
});
