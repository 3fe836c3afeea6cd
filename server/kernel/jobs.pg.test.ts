import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterQueueing } from '../test/queued-jobs';
import { useTestApp } from '../test/harness';
import { nextNumber } from './counters';
import { enqueueJob, runDueJobs, runQueuedJobs, type TimedJob } from './jobs';

const app = useTestApp();

describe('background jobs across processes (PostgreSQL)', () => {
  it('run a due timed job once when several runners try it at the same moment', async () => {
    let runs = 0;
    const job: TimedJob = {
      name: 'expire',
      everySeconds: 60,
      run: async (db) => {
        runs++;
        // Long enough for the other runners to meet the lock.
        await db.execute(sql`select pg_sleep(0.3)`);
      },
    };
    const now = new Date('2026-11-23T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runDueJobs(app.db, [job], now, app.config)),
    );
    expect(runs).toBe(1);
    expect(results.flat()).toEqual(['expire']);
  });

  it('give each queued job to one runner only', async () => {
    for (let i = 0; i < 12; i++) await enqueueJob(app.db, 'count', { i });
    const seen: number[] = [];
    const handler = {
      name: 'count',
      run: async (db: typeof app.db, payload: Record<string, unknown>) => {
        seen.push(payload.i as number);
        await db.execute(sql`select pg_sleep(0.02)`);
      },
    };
    const done = await Promise.all(
      Array.from({ length: 3 }, () =>
        runQueuedJobs(app.db, [handler], afterQueueing(), app.config, 12),
      ),
    );
    expect(done.reduce((a, b) => a + b, 0)).toBe(12);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('number 20 concurrent transactions 1 to 20, without gaps or twins', async () => {
    const stud = await app.createSchool({ name: 'Hill', type: 'stud' });
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.db.transaction(async (tx) => {
          const value = await nextNumber(tx, stud, 'C', 2026);
          await tx.execute(sql`select pg_sleep(0.01)`);
          return value;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
