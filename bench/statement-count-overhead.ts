/*
 * What always counting SQL statements (and writing the access line) costs a request through
 * the one `/api` handler, in process, one request at a time:
 *
 *   npx tsx bench/statement-count-overhead.ts            # embedded PGlite, in memory
 *   DATABASE_URL=postgres://... npx tsx bench/statement-count-overhead.ts
 *
 * Modes, interleaved round by round so that drift hits all alike:
 *   off      statementCounter.run replaced by a plain call (no counting; as before issue 13)
 *   count    as shipped, logger silent (the cost of counting alone)
 *   count+log as shipped, access lines serialized (to memory: pino's work without the I/O)
 */
import { sql } from 'drizzle-orm';
import {
  fromPglite,
  openPostgres,
  pgliteHandle,
  statementCounter,
  type DatabaseHandle,
} from '@/db/client';
import { memberships, organizations, students } from '@/db/schema';
import { signDevToken } from '@/server/kernel/auth/dev-issuer';
import { loadConfig } from '@/server/kernel/config';
import { createApiHandler, createServices } from '@/server/kernel/http/handler';
import { appRouter } from '@/server/router';
import { captureLogs, logger } from '@/server/kernel/log';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PER_ROUND = Number(process.env.PER_ROUND ?? 200);

async function open(url: string | undefined): Promise<DatabaseHandle> {
  if (url) return openPostgres(url);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  return pgliteHandle(await fromPglite(client), () => client.close(), client);
}

const config = loadConfig({
  APP_URL: 'http://localhost:3000',
  SEED_DEMO: '0',
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await open(config.databaseUrl);
await database.migrate();
const db = database.db;
const [school] = await db
  .insert(organizations)
  .values({ type: 'school', name: 'Bench school', timezone: 'UTC', currency: 'EUR' })
  .returning({ id: organizations.id });
const email = `bench-${Date.now()}@overhead.test`;
await db
  .insert(memberships)
  .values({ organizationId: school!.id, invitedEmail: email, role: 'owner' });
await db.insert(students).values(
  Array.from({ length: 20 }, (_, i) => ({
    schoolId: school!.id,
    firstName: 'S',
    lastName: `N${i}`,
  })),
);
const token = await signDevToken(db, config, { email });
const handler = createApiHandler(createServices(config, db), appRouter);
logger.level = 'silent';

const routes = {
  'GET /api/health': () => new Request('http://localhost:3000/api/health'),
  'GET /api/schools/{id}/students': () =>
    new Request(`http://localhost:3000/api/schools/${school!.id}/students`, {
      headers: { authorization: `Bearer ${token}` },
    }),
};

const realRun = statementCounter.run.bind(statementCounter);
const plainRun = ((_store: unknown, fn: (...args: unknown[]) => unknown, ...args: unknown[]) =>
  fn(...args)) as typeof realRun;

type Mode = 'off' | 'count' | 'count+log';
const MODES: Mode[] = ['off', 'count', 'count+log'];

async function round(mode: Mode, make: () => Request): Promise<number[]> {
  statementCounter.run = mode === 'off' ? plainRun : realRun;
  const logs = mode === 'count+log' ? captureLogs('info') : undefined;
  const times: number[] = [];
  try {
    for (let i = 0; i < PER_ROUND; i++) {
      const started = performance.now();
      const res = await handler(make());
      await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200)
        throw new Error(
          `${res.status} ${await res
            .clone()
            .text()
            .catch(() => '')}`,
        );
    }
  } finally {
    logs?.stop();
    statementCounter.run = realRun;
  }
  return times;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

console.log(
  `${database.kind}, Node ${process.version}, ${ROUNDS} rounds × ${PER_ROUND} requests per mode and route\n`,
);
for (const [name, make] of Object.entries(routes)) {
  for (const mode of MODES) await round(mode, make); // warm-up
  const all: Record<Mode, number[]> = { off: [], count: [], 'count+log': [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? MODES : [...MODES].reverse();
    for (const mode of order) all[mode].push(...(await round(mode, make)));
  }
  // Medians: on a shared machine the means follow whatever else runs.
  const base = median(all.off);
  console.log(name);
  for (const mode of MODES) {
    const delta = median(all[mode]) - base;
    console.log(
      `  ${mode.padEnd(10)} median ${(median(all[mode]) * 1000).toFixed(0).padStart(6)} µs  mean ${(
        mean(all[mode]) * 1000
      )
        .toFixed(0)
        .padStart(
          6,
        )} µs  median vs off ${delta >= 0 ? '+' : ''}${(delta * 1000).toFixed(1)} µs (${((delta / base) * 100).toFixed(1)} %)`,
    );
  }
}

// The added work alone: one AsyncLocalStorage.run per request around an async call chain.
async function chain(): Promise<number> {
  let n = 0;
  for (let i = 0; i < 5; i++) n += await Promise.resolve(i);
  return n;
}
const N = 200_000;
const micro: Record<string, number[]> = { plain: [], run: [] };
for (let r = 0; r < 7; r++) {
  let started = performance.now();
  for (let i = 0; i < N; i++) await chain();
  micro.plain!.push(((performance.now() - started) / N) * 1000);
  started = performance.now();
  for (let i = 0; i < N; i++) await realRun({ count: 0 }, chain);
  micro.run!.push(((performance.now() - started) / N) * 1000);
}
console.log(
  `\nstatementCounter.run around 5 awaits: ${(median(micro.run!) - median(micro.plain!)).toFixed(2)} µs a call ` +
    `(plain ${median(micro.plain!).toFixed(2)} µs, with run ${median(micro.run!).toFixed(2)} µs; medians of 7 × ${N})`,
);
await db.execute(sql`select 1`);
await database.close();
