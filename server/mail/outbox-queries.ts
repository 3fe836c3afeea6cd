import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { withTotal } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import type { OutboxEntry, OutboxListInput, OutboxMessage } from './outbox-schema';

type Row = typeof emailOutbox.$inferSelect;

export function toOutboxEntry(row: Omit<Row, 'html' | 'text' | 'props'>): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    reply_to: row.replyTo,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    // Only a pending row has a next attempt.
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    transport: row.transport,
    provider_message_id: row.providerMessageId,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An outbox row without its rendered bodies and template props. */
const { html: _html, text: _text, props: _props, ...listColumns } = getTableColumns(emailOutbox);
export { listColumns as outboxListColumns };

/** A page of the outbox, newest first. */
export async function listOutbox(db: Database, input: OutboxListInput, url: URL) {
  const where = input.status ? eq(emailOutbox.status, input.status) : undefined;
  const [rows, total] = await withTotal(
    db
      .select(listColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db,
    emailOutbox,
    where,
  );
  return paginate(rows.map(toOutboxEntry), total, input, url);
}

/** One e-mail with its rendered HTML and text, or 404. */
export async function getOutboxMessage(db: Database, id: string): Promise<OutboxMessage> {
  const [row] = isUuid(id) ? await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)) : [];
  if (!row) throw notFound('E-mail');
  return { ...toOutboxEntry(row), html: row.html, text: row.text };
}
