import { z } from 'zod';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { retryOutboxEntry } from './outbox-lifecycle';
import { getOutboxMessage, listOutbox } from './outbox-queries';
import {
  outboxEntrySchema,
  outboxIdInput,
  outboxListInput,
  outboxMessageSchema,
} from './outbox-schema';

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
    .input(outboxListInput)
    .output(paginatedSchema(outboxEntrySchema))
    .query(async ({ ctx, input }) => listOutbox(ctx.db, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/mail/outbox/{id}',
        tags: TAGS,
        summary: 'One e-mail with its rendered HTML and text',
      },
    })
    .input(outboxIdInput)
    .output(z.object({ data: outboxMessageSchema }))
    .query(async ({ ctx, input }) => ({ data: await getOutboxMessage(ctx.db, input.id) })),

  retry: adminProcedure
    .meta({
      audit: { subject: 'email' },
      openapi: {
        method: 'POST',
        path: '/admin/mail/outbox/{id}/retry',
        tags: TAGS,
        summary: 'Queues a failed e-mail again, with a fresh set of attempts',
        description:
          'Only a failed e-mail can be retried (409 otherwise). The same idempotency key is used, so the provider never delivers it twice.',
      },
    })
    .input(outboxIdInput)
    .output(z.object({ message: z.string(), data: outboxEntrySchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'The e-mail is queued again.',
      data: await retryOutboxEntry(ctx.db, input.id),
    })),
});
