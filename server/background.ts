import type { Database } from '@/db/client';
import type { Config } from './kernel/config';
import { transportFor } from './mail/transport';
import { createOutboxWorker, startOutboxWorker, stopOutboxWorker } from './mail/worker';
import { purgeExpiredNotifications } from './notifications/notification-lifecycle';
import { pruneRateLimits } from './kernel/http/rate-limit';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The process's background work, started once per process (DESIGN 8): the outbox worker,
 * and between its passes the pruning of ended rate-limit windows and of notifications past
 * their 180 days.
 */
export function startBackgroundWork(config: Config, db: Database): void {
  let lastPrune = 0;
  startOutboxWorker(() =>
    createOutboxWorker(db, {
      transport: transportFor(config),
      from: config.emailFrom,
      onIdle: async () => {
        if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
        lastPrune = Date.now();
        await pruneRateLimits(db);
        await purgeExpiredNotifications(db, new Date());
      },
    }),
  );
}

export const stopBackgroundWork = stopOutboxWorker;
