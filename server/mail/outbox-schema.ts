import { z } from 'zod';
import { OUTBOX_STATUSES } from '@/db/schema/platform-values';
import { pathId } from '../kernel/fields/params';
import { paginationInput } from '../kernel/trpc/pagination';

/** An e-mail of the outbox as the admin mail viewer lists and shows it. */

export { OUTBOX_STATUSES };

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

export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxMessageSchema = outboxEntrySchema.extend({ html: z.string(), text: z.string() });

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /admin/mail/outbox: a page, newest first. */
export const outboxListInput = paginationInput(20).extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
});

export type OutboxListInput = z.infer<typeof outboxListInput>;

export const outboxIdInput = z.object({ id: pathId });
