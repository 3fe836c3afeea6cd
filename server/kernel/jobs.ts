import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { jobQueue, scheduledJobs } from '@/db/schema/jobs';
import type { Config } from './config';
import { logger } from './log';

/*
 * Background jobs (DESIGN-MODULES 0.6, G.15): the outbox pattern of DESIGN 8 rather than a
 * queue library, because pg-boss needs a `pg` pool and the embedded database (PGlite) has
 * none. Timed jobs and queued work are rows; every process's runner may try them, and a
 * Postgres lock decides which one runs each (an advisory lock per timed job, `SKIP LOCKED`
 * per queued row). Jobs get `now` from the runner, so tests fix the clock.
 */

/** A job a module's manifest declares to run every `everySeconds` (expiries, purges...). */
export type TimedJob = {
  name: string;
  everySeconds: number;
  /**
   * Idempotent: it may run again after a crash between its work and its bookkeeping. `config`
   * gives it the app's URL for the links of its e-mails.
   */
  run(db: Database, now: Date, config: Config): Promise<unknown>;
};

/** Work a write queues (`enqueueJob`) to be done after its commit. */
export type QueuedJob = {
  name: string;
  /** `config` gives a job what requests have in their context (the media store, the app's URL). */
  run(db: Database, payload: Record<string, unknown>, now: Date, config: Config): Promise<unknown>;
};

/** Attempts before a queued job is left `failed`; the wait doubles from 30 s between them. */
export const MAX_ATTEMPTS = 5;

/**
 * Runs each timed job that is due at `now`, once across every process: the job, its
 * bookkeeping and its side effects commit together in one transaction that holds the job's
 * advisory lock; a process that cannot take the lock skips the job. Answers the jobs run.
 */
export async function runDueJobs(
  db: Database,
  jobs: readonly TimedJob[],
  now: Date,
  config: Config,
): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    try {
      const done = await db.transaction(async (tx) => {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(hashtext(${`job:${job.name}`})) as locked`,
        );
        if (!lock!.locked) return false;
        const [state] = await tx
          .select()
          .from(scheduledJobs)
          .where(eq(scheduledJobs.name, job.name));
        if (state && state.nextRunAt > now) return false;
        await job.run(tx, now, config);
        const next = new Date(now.getTime() + job.everySeconds * 1000);
        await tx
          .insert(scheduledJobs)
          .values({ name: job.name, lastRunAt: now, nextRunAt: next, runs: 1 })
          .onConflictDoUpdate({
            target: scheduledJobs.name,
            set: {
              lastRunAt: now,
              nextRunAt: next,
              runs: sql`${scheduledJobs.runs} + 1`,
              lastError: null,
            },
          });
        return true;
      });
      if (done) ran.push(job.name);
    } catch (error) {
      logger.error({ err: error, job: job.name }, 'timed job failed');
      await db
        .insert(scheduledJobs)
        .values({ name: job.name, nextRunAt: now, lastError: String(error) })
        .onConflictDoUpdate({ target: scheduledJobs.name, set: { lastError: String(error) } });
    }
  }
  return ran;
}

/**
 * Queues work in the caller's transaction: it runs after the commit, never after a rollback;
 * `runAt` delays it (a reminder), by default it is due at once.
 */
export async function enqueueJob(
  tx: Database,
  name: string,
  payload: Record<string, unknown> = {},
  runAt?: Date,
): Promise<void> {
  await tx.insert(jobQueue).values({ name, payload, ...(runAt && { runAt }) });
}

/**
 * Runs up to `limit` queued jobs due at `now`, one transaction each, taking each row with
 * `FOR UPDATE SKIP LOCKED` so that two runners never take the same one. A job that throws is
 * tried again later (30 s, 60 s, 120 s...), and left `failed` after `MAX_ATTEMPTS`. An
 * unknown name fails at once. Answers how many ran successfully.
 */
export async function runQueuedJobs(
  db: Database,
  handlers: readonly QueuedJob[],
  now: Date,
  config: Config,
  limit = 20,
): Promise<number> {
  const byName = new Map(handlers.map((h) => [h.name, h]));
  let succeeded = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(jobQueue)
        .where(and(eq(jobQueue.status, 'queued'), lte(jobQueue.runAt, now)))
        .orderBy(asc(jobQueue.runAt), asc(jobQueue.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none' as const;
      const handler = byName.get(row.name);
      try {
        if (!handler) throw new Error(`No queued job is named ${row.name}`);
        await tx.transaction((inner) => handler.run(inner, row.payload, now, config));
        await tx.update(jobQueue).set({ status: 'done' }).where(eq(jobQueue.id, row.id));
        return 'done' as const;
      } catch (error) {
        const attempts = row.attempts + 1;
        const failed = !handler || attempts >= MAX_ATTEMPTS;
        logger.error({ err: error, job: row.name, attempts }, 'queued job failed');
        await tx
          .update(jobQueue)
          .set({
            attempts,
            lastError: String(error),
            status: failed ? 'failed' : 'queued',
            runAt: new Date(now.getTime() + 30_000 * 2 ** (attempts - 1)),
          })
          .where(eq(jobQueue.id, row.id));
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'done') succeeded++;
  }
  return succeeded;
}
