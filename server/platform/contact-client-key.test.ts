import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '@/db/client';
import { contactRequests } from '@/db/schema';
import { nodeListener } from '../kernel/http/node-adapter';
import { withPeerAddress } from '../kernel/http/peer-address';
import { useTestApp, type TestApp } from '../test/harness';
import { addressKey, DIRECT_CLIENT } from '../kernel/http/rate-limit';

/*
 * Whose bucket a contact request counts in (the outside review): without a trusted proxy the
 * socket's address as the production server saw it (a client's X-Forwarded-For is ignored);
 * behind one the last X-Forwarded-For entry, IPv6 by its /64 and IPv4-mapped IPv6 as IPv4.
 */

let sequence = 0;
const valid = () => ({
  name: 'Sofia Lindqvist',
  email: 'sofia@example.com',
  subject: `Listing a riding school #${++sequence}`,
  message: 'Hello, how do we get started?',
});

async function awayFromWindowEdge(db: Database, secondsNeeded = 15) {
  const [row] = await queryRows<{ second: number }>(
    db,
    sql`select extract(second from now())::float8 as second`,
  );
  const left = 60 - row!.second;
  if (left < secondsNeeded) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

const storedKeys = async (target: TestApp) =>
  (await target.db.select({ key: contactRequests.clientKey }).from(contactRequests))
    .map((row) => row.key)
    .sort();

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:5678', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['[::ffff:203.0.113.7]:443', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]:8080', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
  ])('%s → %s', (input, key) => {
    expect(addressKey(input)).toBe(key);
  });

  it.each([
    '',
    'unknown',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '0x7f.0.0.1',
    '2001:db8::g',
    'a'.repeat(100),
  ])('%j is no address', (input) => {
    expect(addressKey(input)).toBeNull();
  });
});

const proxied = useTestApp({ env: { TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '2' } });

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  const post = (forwardedFor: string) =>
    proxied.request('POST', '/api/contact', {
      body: valid(),
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('an IPv6 client counts by its /64, however the address is written', async () => {
    await awayFromWindowEdge(proxied.db);
    expect((await post('2001:db8:1:2::1')).status).toBe(201);
    expect((await post('2001:DB8:1:2:ffff:0:0:7')).status).toBe(201);
    // Another address of the same /64, fully written out: the bucket is full.
    expect((await post('2001:0db8:0001:0002:0000:0000:0000:0099')).status).toBe(429);
    // The neighbouring /64 is another client.
    expect((await post('2001:db8:1:3::1')).status).toBe(201);
    expect(await storedKeys(proxied)).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '2001:db8:1:3::/64',
    ]);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    await awayFromWindowEdge(proxied.db);
    expect((await post('198.51.100.4')).status).toBe(201);
    expect((await post('::ffff:198.51.100.4')).status).toBe(201);
    expect((await post('10.0.0.1, ::ffff:c633:6404')).status).toBe(429);
    expect(await storedKeys(proxied)).toEqual(['198.51.100.4', '198.51.100.4']);
  });

  it('an entry that is no address counts in the one shared bucket', async () => {
    await awayFromWindowEdge(proxied.db);
    expect((await post('unknown')).status).toBe(201);
    expect((await post('not-an-ip')).status).toBe(201);
    expect((await post('999.1.1.1')).status).toBe(429);
    expect(await storedKeys(proxied)).toEqual([DIRECT_CLIENT, DIRECT_CLIENT]);
  });
});

const direct = useTestApp({ env: { CONTACT_RATE_LIMIT: '2' } });

describe('without a trusted proxy, through the production server', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    // As server/production-server.ts mounts the handler.
    server = createServer(withPeerAddress(nodeListener((req) => direct.handler(req))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  /** A contact request over TCP from a loopback address of our choice (Linux routes all of 127/8). */
  function postFrom(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
    const body = JSON.stringify(valid());
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method: 'POST',
          path: '/api/contact',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it("counts per socket address; a client's X-Forwarded-For buys no fresh quota", async () => {
    await awayFromWindowEdge(direct.db);
    expect(await postFrom('127.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).toBe(201);
    expect(await postFrom('127.0.0.2', { 'x-forwarded-for': '198.51.100.2' })).toBe(201);
    expect(await postFrom('127.0.0.2', { 'x-forwarded-for': '198.51.100.3' })).toBe(429);
    expect(await postFrom('127.0.0.2')).toBe(429);
    // Another client has its own bucket.
    expect(await postFrom('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).toBe(201);
    expect(await storedKeys(direct)).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.3']);
  });

  it('without a server that passes the socket (Next route handlers), one shared bucket', async () => {
    await awayFromWindowEdge(direct.db);
    const post = (forwardedFor: string) =>
      direct.request('POST', '/api/contact', {
        body: valid(),
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await post('198.51.100.1')).status).toBe(201);
    expect((await post('198.51.100.2')).status).toBe(201);
    expect((await post('198.51.100.3')).status).toBe(429);
    expect(await storedKeys(direct)).toEqual([DIRECT_CLIENT, DIRECT_CLIENT]);
  });
});
