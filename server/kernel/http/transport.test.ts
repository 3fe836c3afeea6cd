/*
 * The transport over real TCP (issue 13): the one `/api` handler behind the production
 * server's Node listener (`productionListener`, as `npm start` runs it, with a stand-in for
 * Next) on an ephemeral port, driven with Node's fetch and with raw sockets.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
} from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, memberships } from '@/db/schema';
import { useTestApp } from '../../test/harness';
import { pdf, png } from '../../test/media-fixtures';
import { MAX_TRPC_BATCH } from './handler';
import { appRouter } from '../../router';
import { productionListener } from './production-listener';

const app = useTestApp();

/** What the stand-in for Next's request handler saw. */
const nextSaw: string[] = [];

async function listen(benchRoute: boolean): Promise<{ server: Server; port: number }> {
  const server = createServer(
    productionListener(
      (req) => app.handler(req),
      (req, res) => {
        nextSaw.push(req.url!);
        res.writeHead(404, { 'content-type': 'text/plain' }).end('next: not found');
      },
      { router: appRouter, benchRoute },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let server: Server;
let benchServer: Server;
let port: number;
let benchPort: number;
let base: string;

beforeAll(async () => {
  ({ server, port } = await listen(false));
  ({ server: benchServer, port: benchPort } = await listen(true));
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all([server, benchServer].map((s) => new Promise((resolve) => s.close(resolve))));
});

type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the connection's opening (the request's first bytes) to the answer's first bytes. */
  msToStatus: number;
  /** A socket error the client saw (EPIPE, ECONNRESET), if any. */
  error?: string;
  /** Bytes of the body the client managed to send. */
  sent: number;
};

/**
 * Sends `head` (the request line and headers, without the blank line) and then `body` as
 * fast as the socket takes it, over a raw socket; reads the answer until the server closes.
 */
function rawRequest(
  head: string,
  body: { size: number; chunked?: boolean } = { size: 0 },
  toPort = port,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let started = performance.now();
    let msToStatus = -1;
    let error: string | undefined;
    let sent = 0;
    const received: Buffer[] = [];
    const socket = net.connect(toPort, '127.0.0.1', () => (started = performance.now()));
    socket.on('data', (chunk) => {
      if (msToStatus < 0) msToStatus = performance.now() - started;
      received.push(chunk);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = text.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let decoded = '';
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          decoded += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        rest = decoded;
      }
      resolve({
        status: Number(lines[0]!.split(' ')[1]),
        headers,
        body: rest,
        msToStatus,
        error,
        sent,
      });
    });
    socket.write(`${head}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < body.size && !socket.destroyed) {
        const n = Math.min(piece.length, body.size - sent);
        const data = body.chunked
          ? Buffer.concat([
              Buffer.from(`${n.toString(16)}\r\n`),
              piece.subarray(0, n),
              Buffer.from('\r\n'),
            ])
          : piece.subarray(0, n);
        sent += n;
        if (!socket.write(data)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (body.chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe('body limits before anything reads the body (tRPC)', () => {
  const trpcHead = (framing: string) =>
    `POST /api/trpc/contact.send HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}`;
  const expectReadable413 = (answer: RawAnswer) => {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
    });
    expect(answer.error).toBeUndefined();
    expect(answer.sent).toBe(30 * MB);
  };

  it('answers a 30 MB anonymous tRPC POST with 413 at once, declared or streamed', async () => {
    const declared = await rawRequest(trpcHead(`Content-Length: ${30 * MB}`), { size: 30 * MB });
    const streamed = await rawRequest(trpcHead('Transfer-Encoding: chunked'), {
      size: 30 * MB,
      chunked: true,
    });
    for (const answer of [declared, streamed]) {
      expectReadable413(answer);
      // Printed below: 3 ms (declared) and 21 ms (streamed) against `npm start` with curl, 150–700 ms
      // here with the senders in the test's own process at a load average of 17 on 2 cores.
      // Before the fix a 30 MB body took 6.6 s; the bound leaves room for a loaded CI machine.
      expect(answer.msToStatus).toBeLessThan(2000);
    }
    console.info(
      `time to 413 (30 MB tRPC POST): declared ${declared.msToStatus.toFixed(1)} ms, streamed ${streamed.msToStatus.toFixed(1)} ms`,
    );
    expect(await app.db.$count(contactRequests)).toBe(0);
  });

  it('keeps answering /api/health during a flood of 30 MB tRPC POSTs', async () => {
    const healthMs: number[] = [];
    let answeredDuringFlood = 0;
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const started = performance.now();
        const res = await fetch(`${base}/api/health`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        healthMs.push(performance.now() - started);
        if (flooding) answeredDuringFlood++;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const flood = await Promise.all([
      rawRequest(trpcHead(`Content-Length: ${30 * MB}`), { size: 30 * MB }),
      rawRequest(trpcHead('Transfer-Encoding: chunked'), { size: 30 * MB, chunked: true }),
      rawRequest(trpcHead(`Content-Length: ${30 * MB}`), { size: 30 * MB }),
      rawRequest(trpcHead('Transfer-Encoding: chunked'), { size: 30 * MB, chunked: true }),
    ]);
    flooding = false;
    await probe;
    for (const answer of flood) expectReadable413(answer);
    healthMs.sort((x, y) => x - y);
    console.info(
      `/api/health during 4 × 30 MB tRPC POSTs (senders in the same process): ${healthMs.length} answers ` +
        `(${answeredDuringFlood} during the flood), ` +
        `median ${healthMs[healthMs.length >> 1]!.toFixed(1)} ms, max ${healthMs.at(-1)!.toFixed(1)} ms; ` +
        `time to 413 ${flood.map((a) => a.msToStatus.toFixed(0)).join(', ')} ms`,
    );
    // Answered while the flood was still under way (before the fix: not for 6.6 s per 30 MB
    // request, over a minute for three of 120 MB). Latency is printed, not asserted tightly:
    // it follows the machine's load (about 60 ms median for /api/health idle on the shared CI box).
    expect(answeredDuringFlood).toBeGreaterThan(0);
    expect(healthMs.at(-1)).toBeLessThan(10_000);
    expect(await app.db.$count(contactRequests)).toBe(0);
  });

  it('lets Node fetch read the tRPC 413 while it still sends', async () => {
    const res = await fetch(`${base}/api/trpc/contact.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(30 * MB, 0x20),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a batch of more than 20 calls before running any, and runs one of 20', async () => {
    const owner = await app.tokenFor('owner@school.test');
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const batch = (count: number, offset = 0) =>
      fetch(`${base}/api/trpc/${Array(count).fill('members.create').join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
        body: JSON.stringify(
          Object.fromEntries(
            Array.from({ length: count }, (_, i) => [
              i,
              { schoolId, email: `p${offset + i}@school.test`, role: 'viewer' },
            ]),
          ),
        ),
      });
    const members = () => app.db.$count(memberships, eq(memberships.organizationId, schoolId));
    const refused = await batch(MAX_TRPC_BATCH + 1);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'A batch may hold at most 20 calls; this one holds 21.',
      },
    });
    expect(await members()).toBe(1);
    const anonymous = await fetch(
      `${base}/api/trpc/${Array(21).fill('contact.send').join(',')}?batch=1`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    );
    expect(anonymous.status).toBe(400);
    const accepted = await batch(MAX_TRPC_BATCH, 100);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toHaveLength(20);
    expect(await members()).toBe(21);
  });
});

describe('readable 413s over real TCP', () => {
  it('answers a 6 MB CSV upload with a 413 the client reads (fetch and a raw socket)', async () => {
    const owner = await app.tokenFor('owner@school.test');
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const path = `/api/schools/${schoolId}/students/import`;
    const form = new FormData();
    form.set('file', new Blob([Buffer.alloc(6 * MB, 0x61)], { type: 'text/csv' }), 'students.csv');
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 5 MB.' },
    });

    const raw = await rawRequest(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${6 * MB}`,
      { size: 6 * MB },
    );
    expect(raw.error).toBeUndefined();
    expect(raw.status).toBe(413);
    expect(raw.headers.connection).toBe('close');
    expect(JSON.parse(raw.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a 25 MB media upload with a 413 the client reads, and serves a stored photo', async () => {
    const owner = await app.tokenFor('owner@school.test');
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const path = `/api/schools/${schoolId}/media`;
    const tooLarge = new FormData();
    tooLarge.set('file', new Blob([pdf(25 * MB)], { type: 'application/pdf' }), 'scan.pdf');
    const refused = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: tooLarge,
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB.' },
    });
    const raw = await rawRequest(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${25 * MB}`,
      { size: 25 * MB },
    );
    expect(raw.error).toBeUndefined();
    expect(raw.status).toBe(413);
    expect(JSON.parse(raw.body).error.code).toBe('PAYLOAD_TOO_LARGE');

    const photo = await png(3, 2);
    const form = new FormData();
    form.set('file', new Blob([photo], { type: 'image/png' }), 'pony.png');
    const stored = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    expect(stored.status).toBe(201);
    const { data } = await stored.json();
    const file = await fetch(`${base}${data.url}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-length')).toBe(String(data.size_bytes));
    expect(file.headers.get('content-disposition')).toContain('filename="pony.png"');
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(data.size_bytes);
  });

  it('answers a 2 MB JSON body with a 413 the client reads (fetch, streamed fetch and a raw socket)', async () => {
    const owner = await app.tokenFor('owner@school.test');
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const path = `/api/schools/${schoolId}/students`;
    const json = JSON.stringify({ first_name: 'x'.repeat(2 * MB) });
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: json,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
    });

    const bytes = new TextEncoder().encode(json);
    const streamed = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024)
            controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe('PAYLOAD_TOO_LARGE');

    const raw = await rawRequest(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`,
      { size: 2 * MB, chunked: true },
    );
    expect(raw.error).toBeUndefined();
    expect(raw.status).toBe(413);
    expect(JSON.parse(raw.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    // The server still answers on a new connection.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe('the Host header and the request target', () => {
  const get = (target: string, host: string | null, method = 'GET') =>
    rawRequest(
      `${method} ${target} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Connection: close`,
    );

  it('never lets a Host value move the request to another route', async () => {
    const good = [
      '127.0.0.1',
      'localhost',
      `localhost:${port}`,
      '[::1]:3000',
      '[::1]',
      'example.org:80',
      'School.Example.org.',
      'my_service:8080',
    ];
    const bad = [
      'x/api/admin/users#',
      'x?',
      'x#',
      'x/',
      'a b',
      '',
      'a'.repeat(5000),
      'x@127.0.0.1',
      'x:99999',
      'x:',
      '[::1',
      '[not-ipv6]:80',
      'x\\y',
      '1.2.3.256',
    ];
    for (const host of good) {
      const res = await get('/api/health', host);
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
      expect(JSON.parse(res.body).status).toBe('ok');
    }
    for (const host of bad) {
      const res = await get('/api/health', host);
      expect({ host, status: res.status }).toEqual({ host, status: 400 });
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message:
            'The request could not be read: the Host header or the request target is not valid.',
        },
      });
    }
    // The same Host values in front of a path outside /api: refused before Next, never re-routed to /api.
    const before = nextSaw.length;
    expect((await get('/schools', 'x/api/admin/users#')).status).toBe(400);
    expect((await get('/schools', 'x?')).status).toBe(400);
    expect(nextSaw.length).toBe(before);
    // Two Host headers.
    const twice = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close',
    );
    expect(twice.status).toBe(400);
  });

  it('routes by the target alone: dot segments and fragments resolved once, for /api and Next alike', async () => {
    expect(JSON.parse((await get('/x/../api/health', 'localhost')).body).status).toBe('ok');
    const before = nextSaw.length;
    const outside = await get('/api/../schools/./list?page=2#frag', 'localhost');
    expect(outside.status).toBe(404);
    expect(outside.body).toBe('next: not found');
    expect(nextSaw.slice(before)).toEqual(['/schools/list?page=2']);
    // Not origin-form: refused.
    expect((await get('http://localhost/api/admin/users', 'localhost')).status).toBe(400);
    expect((await get('*', 'localhost')).status).toBe(400);
  });

  it('answers OPTIONS * with 204 and Allow, not a 5xx', async () => {
    const res = await get('*', 'localhost', 'OPTIONS');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('keeps the connection of a bodiless request answered at once (OPTIONS *, the bench route)', async () => {
    const agent = new Agent({ keepAlive: true });
    const ask = (method: string, path: string, toPort: number) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: toPort, method, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        });
        req.on('error', reject);
        req.end();
      });
    const options = await ask('OPTIONS', '*', port);
    expect(options.statusCode).toBe(204);
    expect(options.headers.connection).toBe('keep-alive');
    const bench = await ask('GET', '/bench-fixed', benchPort);
    expect(bench.statusCode).toBe(200);
    expect(bench.headers.connection).toBe('keep-alive');
    agent.destroy();
  });

  it('answers an HTTP/1.0 request without Host as for localhost', async () => {
    const res = await rawRequest('GET /api/health HTTP/1.0');
    expect(res.status).toBe(200);
  });
});

describe('the benchmark route', () => {
  it('is served only when the benchmark sets BENCH_ROUTES=1', async () => {
    const before = nextSaw.length;
    const res = await fetch(`${base}/bench-fixed`);
    expect(res.status).toBe(404);
    expect(nextSaw.slice(before)).toEqual(['/bench-fixed']);
    const bench = await fetch(`http://127.0.0.1:${benchPort}/bench-fixed`);
    expect(bench.status).toBe(200);
    expect((await bench.json()).data.name).toBe('fixed');
  });
});
