import type { Database } from '@/db/client';
import type { Config } from './kernel/config';
import { runDueJobs, runQueuedJobs } from './kernel/jobs';
import { transportFor } from './mail/transport';
import { createOutboxWorker, startOutboxWorker, stopOutboxWorker } from './mail/worker';
import { registry } from './modules';

/** Timed jobs are looked at no more often than this; queued work at every idle pass. */
const TIMED_JOBS_EVERY_MS = 30_000;

/**
 * The process's background work, started once per process (DESIGN 8): the outbox worker,
 * and between its passes the modules' queued work and their timed jobs (rate-limit pruning,
 * the notifications' 180 days...), each run by one process at a time (server/kernel/jobs.ts).
 */
export function startBackgroundWork(config: Config, db: Database): void {
  let lastTimed = 0;
  startOutboxWorker(() =>
    createOutboxWorker(db, {
      transport: transportFor(config),
      from: config.emailFrom,
      onIdle: async () => {
        await runQueuedJobs(db, registry.queuedJobs, new Date(), config);
        if (Date.now() - lastTimed < TIMED_JOBS_EVERY_MS) return;
        lastTimed = Date.now();
        await runDueJobs(db, registry.jobs, new Date(), config);
      },
    }),
  );
}

export const stopBackgroundWork = stopOutboxWorker;
