import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { PermanentMailError, type MailTransport } from './transport';
import { logError } from '../kernel/log';

export type OutboxOptions = {
  transport: MailTransport;
  from: string;
  /** Rows claimed per statement. */
  batchSize?: number;
  /** Attempts before a row is marked failed. */
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other workers while it is being sent. */
  leaseSeconds?: number;
  /** Delay before the next try, after `attempt` tries have failed. */
  retryDelaySeconds?: (attempt: number) => number;
  /** A send that takes longer counts as failed (well within the lease). */
  sendTimeoutMs?: number;
};

export const MAX_ATTEMPTS = 8;
export const LEASE_SECONDS = 120;
export const SEND_TIMEOUT_MS = 60_000;

/**
 * The provider's answer, or a failure after `ms`. A send that timed out may still have gone
 * through; the retry carries the same idempotency key, so it is not delivered twice.
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the provider did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** 30 s, 1 min, 2 min, ... capped at one hour: eight attempts span about an hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

type ClaimedRow = {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  /** Epoch seconds, for sending in the order the rows were due. */
  due_at: number;
  created_at: number;
};

export type OutboxRun = { sent: number; retrying: number; failed: number };

/**
 * Claims due rows in one statement (`FOR UPDATE SKIP LOCKED`: any number of workers, on
 * Postgres or PGlite, never claim the same row) and pushes their `next_attempt_at` past a
 * lease, so no transaction stays open while the provider answers and a crashed worker's
 * rows come back by themselves. Each claimed row is then settled on its own.
 */
export async function processOutboxBatch(
  db: Database,
  options: OutboxOptions,
): Promise<OutboxRun & { claimed: number }> {
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const lease = options.leaseSeconds ?? LEASE_SECONDS;
  const delay = options.retryDelaySeconds ?? backoffSeconds;

  // MATERIALIZED: the CTE runs once. As an `IN (subquery)` the planner may rescan it per
  // row, and each rescan skips the rows just leased and locks more, past the LIMIT.
  const claimed = (
    await queryRows<ClaimedRow>(
      db,
      sql`
        with due as materialized (
          select id, next_attempt_at, created_at from email_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, created_at
          limit ${batchSize}::int
          for update skip locked
        )
        update email_outbox o
        set attempts = o.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${lease}::int),
            updated_at = now()
        from due
        where o.id = due.id
        returning o.id, o."to", o.reply_to, o.subject, o.html, o.text, o.attempts,
          extract(epoch from due.next_attempt_at)::float8 as due_at,
          extract(epoch from due.created_at)::float8 as created_at`,
    )
  ).sort((a, b) => a.due_at - b.due_at || a.created_at - b.created_at);

  const run = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    try {
      const { providerMessageId } = await withTimeout(
        options.transport.send({
          id: row.id,
          from: options.from,
          to: row.to,
          replyTo: row.reply_to,
          subject: row.subject,
          html: row.html,
          text: row.text,
        }),
        options.sendTimeoutMs ?? SEND_TIMEOUT_MS,
      );
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          nextAttemptAt: sql`now()`,
          providerMessageId,
          transport: options.transport.name,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(emailOutbox.id, row.id));
      run.sent += 1;
    } catch (error) {
      const final = error instanceof PermanentMailError || row.attempts >= maxAttempts;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db
        .update(emailOutbox)
        .set({
          status: final ? 'failed' : 'pending',
          nextAttemptAt: final
            ? sql`now()`
            : sql`now() + make_interval(secs => ${delay(row.attempts)}::int)`,
          lastError: `Attempt ${row.attempts}: ${message}`,
          transport: options.transport.name,
          updatedAt: sql`now()`,
        })
        .where(eq(emailOutbox.id, row.id));
      if (final) run.failed += 1;
      else run.retrying += 1;
    }
  }
  return run;
}

/** Sends everything that is due now, batch after batch. */
export async function drainOutbox(db: Database, options: OutboxOptions): Promise<OutboxRun> {
  const total: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const run = await processOutboxBatch(db, options);
    total.sent += run.sent;
    total.retrying += run.retrying;
    total.failed += run.failed;
    if (run.claimed < (options.batchSize ?? 10)) return total;
  }
}

export type OutboxWorker = {
  /** Looks for due rows now instead of at the next interval (after queueing an e-mail). */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Polls the outbox every `intervalMs` (and when woken). `onIdle` runs after each pass, for
 * other small periodic chores.
 */
export function createOutboxWorker(
  db: Database,
  options: OutboxOptions & { intervalMs?: number; onIdle?: () => Promise<void> },
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await drainOutbox(db, options);
        await options.onIdle?.();
      } catch (error) {
        logError({ source: 'outbox worker' }, error);
      }
    })().finally(() => {
      running = undefined;
      schedule(again ? 0 : intervalMs);
      again = false;
    });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const processWorker = globalThis as typeof globalThis & { __equestrianOutboxWorker?: OutboxWorker };

/** Starts the process's one worker (DESIGN 8); a second call returns the first. */
export function startOutboxWorker(start: () => OutboxWorker): OutboxWorker {
  return (processWorker.__equestrianOutboxWorker ??= start());
}

export async function stopOutboxWorker(): Promise<void> {
  const worker = processWorker.__equestrianOutboxWorker;
  processWorker.__equestrianOutboxWorker = undefined;
  await worker?.stop();
}

/** Tells this process's worker, if it runs, that an e-mail was queued. */
export function wakeOutboxWorker(): void {
  processWorker.__equestrianOutboxWorker?.wake();
}
