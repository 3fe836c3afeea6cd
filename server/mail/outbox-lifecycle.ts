import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { conflict, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { outboxListColumns, toOutboxEntry } from './outbox-queries';
import type { OutboxEntry } from './outbox-schema';
import { wakeOutboxWorker } from './worker';

/**
 * Queues a failed e-mail again with a fresh set of attempts (409 for any other status). The
 * row keeps its idempotency key, so the provider never delivers it twice.
 */
export async function retryOutboxEntry(db: Database, id: string): Promise<OutboxEntry> {
  if (!isUuid(id)) throw notFound('E-mail');
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning(outboxListColumns);
  if (!row) {
    const [existing] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (!existing) throw notFound('E-mail');
    throw conflict(`Only a failed e-mail can be retried; this one is ${existing.status}.`);
  }
  wakeOutboxWorker();
  return toOutboxEntry(row);
}
