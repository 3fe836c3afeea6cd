import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailOutbox, OUTBOX_STATUSES } from '@/db/schema';
import { conflict, notFound } from '../kernel/errors';
import { pathId } from '../kernel/fields/params';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { wakeOutboxWorker } from './worker';

export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  transport: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const outboxMessageSchema = outboxEntrySchema.extend({ html: z.string(), text: z.string() });

type Row = typeof emailOutbox.$inferSelect;

function toEntry(row: Omit<Row, 'html' | 'text' | 'props'>): z.infer<typeof outboxEntrySchema> {
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

const { html: _html, text: _text, props: _props, ...listColumns } = getTableColumns(emailOutbox);
const TAGS = ['E-mail'];

/** The admin mail viewer: what the outbox holds, what was sent, and retry of a failed message. */
export const adminMailRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/mail/outbox',
        tags: TAGS,
        summary: 'Queued, sent and failed e-mails, newest first',
      },
    })
    .input(paginationInput(20).extend({ status: z.enum(OUTBOX_STATUSES).optional() }))
    .output(paginatedSchema(outboxEntrySchema))
    .query(async ({ ctx, input }) => {
      const where = input.status ? eq(emailOutbox.status, input.status) : undefined;
      const [rows, [counted]] = await Promise.all([
        ctx.db
          .select(listColumns)
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(where),
      ]);
      return paginate(rows.map(toEntry), counted?.total ?? 0, input, ctx.url);
    }),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/mail/outbox/{id}',
        tags: TAGS,
        summary: 'One e-mail with its rendered HTML and text',
      },
    })
    .input(z.object({ id: pathId }))
    .output(z.object({ data: outboxMessageSchema }))
    .query(async ({ ctx, input }) => {
      const [row] = isUuid(input.id)
        ? await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, input.id))
        : [];
      if (!row) throw notFound('E-mail');
      return { data: { ...toEntry(row), html: row.html, text: row.text } };
    }),

  retry: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/mail/outbox/{id}/retry',
        tags: TAGS,
        summary: 'Queues a failed e-mail again, with a fresh set of attempts',
        description:
          'Only a failed e-mail can be retried (409 otherwise). The same idempotency key is used, so the provider never delivers it twice.',
      },
    })
    .input(z.object({ id: pathId }))
    .output(z.object({ message: z.string(), data: outboxEntrySchema }))
    .mutation(async ({ ctx, input }) => {
      if (!isUuid(input.id)) throw notFound('E-mail');
      const [row] = await ctx.db
        .update(emailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(emailOutbox.id, input.id), eq(emailOutbox.status, 'failed')))
        .returning(listColumns);
      if (!row) {
        const [existing] = await ctx.db
          .select({ status: emailOutbox.status })
          .from(emailOutbox)
          .where(eq(emailOutbox.id, input.id));
        if (!existing) throw notFound('E-mail');
        throw conflict(`Only a failed e-mail can be retried; this one is ${existing.status}.`);
      }
      wakeOutboxWorker();
      return { message: 'The e-mail is queued again.', data: toEntry(row) };
    }),
});
