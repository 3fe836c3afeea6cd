import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobQueue, scheduledJobs } from '@/db/schema/jobs';
import { afterQueueing } from '../test/queued-jobs';
import { useTestApp } from '../test/harness';
import { formatNumber, nextNumber } from './counters';
import { enqueueJob, MAX_ATTEMPTS, runDueJobs, runQueuedJobs, type TimedJob } from './jobs';

const app = useTestApp();
const at = (iso: string) => new Date(iso);

describe('timed jobs', () => {
  it('run when due by the given clock, then not before their interval', async () => {
    const seen: string[] = [];
    const job: TimedJob = {
      name: 'tick',
      everySeconds: 600,
      run: async (_, now) => void seen.push(now.toISOString()),
    };

    expect(await runDueJobs(app.db, [job], at('2026-11-23T10:00:00Z'), app.config)).toEqual([
      'tick',
    ]);
    expect(await runDueJobs(app.db, [job], at('2026-11-23T10:09:59Z'), app.config)).toEqual([]);
    expect(await runDueJobs(app.db, [job], at('2026-11-23T10:10:00Z'), app.config)).toEqual([
      'tick',
    ]);

    expect(seen).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T10:10:00.000Z']);
    const [state] = await app.db.select().from(scheduledJobs);
    expect(state).toMatchObject({ name: 'tick', runs: 2, nextRunAt: at('2026-11-23T10:20:00Z') });
  });

  it('keep a failing job due and record its error, without stopping the others', async () => {
    const ran: string[] = [];
    const jobs: TimedJob[] = [
      { name: 'broken', everySeconds: 60, run: () => Promise.reject(new Error('boom')) },
      { name: 'fine', everySeconds: 60, run: async () => void ran.push('fine') },
    ];
    expect(await runDueJobs(app.db, jobs, at('2026-11-23T10:00:00Z'), app.config)).toEqual([
      'fine',
    ]);
    const [broken] = await app.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'broken'));
    expect(broken).toMatchObject({ runs: 0, lastError: 'Error: boom' });
    expect(await runDueJobs(app.db, jobs, at('2026-11-23T10:00:30Z'), app.config)).toEqual([]);
    expect(ran).toEqual(['fine']);
  });
});

describe('queued jobs', () => {
  it('run after the commit that queued them, never after a rollback', async () => {
    const done: unknown[] = [];
    const handler = {
      name: 'award',
      run: async (_: unknown, payload: unknown) => void done.push(payload),
    };
    await app.db.transaction((tx) => enqueueJob(tx, 'award', { studentId: 'a' }));
    await app.db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'award', { studentId: 'b' });
        throw new Error('the write fails');
      })
      .catch(() => undefined);

    expect(await runQueuedJobs(app.db, [handler], afterQueueing(), app.config)).toBe(1);
    expect(done).toEqual([{ studentId: 'a' }]);
    expect(await runQueuedJobs(app.db, [handler], afterQueueing(), app.config)).toBe(0);
  });

  it('retry a failing job with a growing wait, then leave it failed', async () => {
    let calls = 0;
    const handler = {
      name: 'flaky',
      run: async () => {
        calls++;
        throw new Error('not yet');
      },
    };
    let now = at('2026-11-23T10:00:00Z');
    await enqueueJob(app.db, 'flaky', {}, now);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runQueuedJobs(app.db, [handler], now, app.config)).toBe(0);
      const [row] = await app.db.select().from(jobQueue);
      expect(row!.attempts).toBe(attempt);
      // Not due again before its wait is over.
      expect(await runQueuedJobs(app.db, [handler], now, app.config)).toBe(0);
      expect(calls).toBe(attempt);
      now = row!.runAt;
    }
    const [row] = await app.db.select().from(jobQueue);
    expect(row).toMatchObject({ status: 'failed', lastError: 'Error: not yet' });
  });

  it('fail a job whose name no module declares', async () => {
    await enqueueJob(app.db, 'nobody');
    expect(await runQueuedJobs(app.db, [], afterQueueing(), app.config)).toBe(0);
    const [row] = await app.db.select().from(jobQueue);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('numbers per organization and year', () => {
  it('count from 1 per series and year, and format as C-2026-0001', async () => {
    const a = await app.createSchool({ name: 'A', type: 'stud' });
    const b = await app.createSchool({ name: 'B', type: 'stud' });
    const next = (org: string, series: string, year: number) =>
      app.db.transaction((tx) => nextNumber(tx, org, series, year));

    expect([await next(a, 'C', 2026), await next(a, 'C', 2026), await next(a, 'C', 2027)]).toEqual([
      1, 2, 1,
    ]);
    expect(await next(b, 'C', 2026)).toBe(1);
    expect(await next(a, 'MK', 2026)).toBe(1);
    expect(formatNumber('C', 2026, 1)).toBe('C-2026-0001');
    expect(formatNumber('MK', 2026, 123, 6)).toBe('MK-2026-000123');
  });

  it('give a rolled-back number again, so a series has no gaps', async () => {
    const a = await app.createSchool({ name: 'A', type: 'stud' });
    await app.db
      .transaction(async (tx) => {
        expect(await nextNumber(tx, a, 'C', 2026)).toBe(1);
        throw new Error('the contract is not stored');
      })
      .catch(() => undefined);
    expect(await app.db.transaction((tx) => nextNumber(tx, a, 'C', 2026))).toBe(1);
  });
});
