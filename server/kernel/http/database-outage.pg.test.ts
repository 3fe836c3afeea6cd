import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type DatabaseHandle } from '@/db/client';
import { students } from '@/db/schema';
import { appRouter } from '../../router';
import { createApiHandler, createServices } from './handler';
import { useTestApp, type TestResponse } from '../../test/harness';
import { startWhileLocked } from '../../test/locks';
import { schoolFixtures } from '../../test/school-fixtures';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

/*
 * The app's requests reach this file's database through a TCP proxy the test controls; the
 * test itself (fixtures, locks, cleanup) uses a direct connection.
 */
const app = useTestApp();
const f = schoolFixtures(() => app.db);
let proxy: TcpProxy;
let proxied: DatabaseHandle;

beforeAll(async () => {
  const [row] = await queryRows<{ name: string }>(app.db, sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${row!.name}`;
  proxied = await openPostgres(url.toString(), {
    max: 5,
    statementTimeoutMs: app.config.dbStatementTimeoutMs,
  });
  app.handler = createApiHandler(createServices(app.config, proxied.db), appRouter);
});

// A failed test must not leave the next one without a database.
afterEach(() => proxy.resume());

afterAll(async () => {
  await proxied?.close();
  await proxy?.close();
});

async function setup() {
  const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
  const token = await app.tokenFor('owner@a.test');
  const student = await f.student(schoolId, { firstName: 'Ana' });
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  return { schoolId, token, student, url: `/api/schools/${schoolId}/students/${student.id}` };
}

/** The DESIGN 5 answer for an unavailable database: no SQL, no stack, a Retry-After. */
function expectUnavailable(res: TestResponse) {
  expect(res.status, res.text).toBe(503);
  expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.text).not.toMatch(/select|update|insert|students|postgres|ECONN|\bat \w/i);
}

const lockStudent = (id: string) => (tx: typeof app.db) =>
  tx.select({ id: students.id }).from(students).where(eq(students.id, id)).for('update');

describe('a database connection killed in the middle of a request', () => {
  it('answers 503 and the next request succeeds', async () => {
    const s = await setup();

    // The update waits for the test's row lock; its backend is terminated meanwhile.
    const res = await startWhileLocked(
      app.db,
      lockStudent(s.student.id),
      () => app.request('PUT', s.url, { token: s.token, body: { first_name: 'Ada' } }),
      {
        meanwhile: async ({ pids }) => {
          await app.db.execute(sql`select pg_terminate_backend(${pids[0]!}::int)`);
        },
      },
    );

    expectUnavailable(res);
    const [stored] = await app.db.select().from(students).where(eq(students.id, s.student.id));
    expect(stored!.firstName).toBe('Ana');
    const again = await app.request('PUT', s.url, { token: s.token, body: { first_name: 'Ada' } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.first_name).toBe('Ada');
  });
});

describe('an unreachable database', () => {
  it('answers 503 on API routes and health, and the app recovers by itself when it is back', async () => {
    const s = await setup();
    expect((await app.request('GET', '/api/health')).status).toBe(200);

    // A request inside a statement when the connections are cut.
    const inFlight = await startWhileLocked(
      app.db,
      lockStudent(s.student.id),
      () => app.request('PUT', s.url, { token: s.token, body: { first_name: 'Ada' } }),
      { meanwhile: () => proxy.cut() },
    );
    expectUnavailable(inFlight);

    // While the database cannot be reached: reads, writes, a first sign-in and health.
    const newcomer = await app.tokenFor('new@a.test');
    const during = await Promise.all([
      app.request('GET', s.url, { token: s.token }),
      app.request('GET', `/api/schools/${s.schoolId}/students`, { token: s.token }),
      app.request('POST', `/api/schools/${s.schoolId}/students`, {
        token: s.token,
        body: { first_name: 'Bo', last_name: 'Lind' },
      }),
      app.request('GET', '/api/schools', { token: newcomer }),
      app.request('GET', '/api/auth/me', { token: s.token }),
    ]);
    during.forEach(expectUnavailable);
    const health = await app.request('GET', '/api/health');
    expectUnavailable(health);
    expect(health.body.error.message).toBe('The database is unavailable.');

    await proxy.resume();

    // The same pool, no restart: within moments (a reconnection begun while the database was
    // away may still fail once) every connection of the pool serves again, then every request
    // succeeds.
    const pool = () =>
      Promise.all(Array.from({ length: 5 }, () => app.request('GET', '/api/health')));
    await expect
      .poll(async () => (await pool()).map((res) => res.status), { timeout: 5000 })
      .toEqual(Array(5).fill(200));
    const after = await Promise.all([
      app.request('GET', '/api/health'),
      app.request('GET', s.url, { token: s.token }),
      app.request('PUT', s.url, { token: s.token, body: { first_name: 'Ada' } }),
      app.request('GET', '/api/schools', { token: newcomer }),
      ...Array.from({ length: 6 }, () =>
        app.request('GET', `/api/schools/${s.schoolId}/students`, { token: s.token }),
      ),
    ]);
    expect(after.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(after[2]!.body.data.first_name).toBe('Ada');
  });
});
