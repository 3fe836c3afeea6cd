import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './identity';
import { OUTBOX_STATUSES } from './platform-values';

/*
 * Platform tables (DESIGN 6 "Settings and e-mail", 8): system settings, contact requests,
 * the e-mail outbox that is itself the job queue and rate-limit counters shared by every app
 * process.
 */

export * from './platform-values';

const inList = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** One system setting, `<group>.<name>`; known keys and their types live in the code's registry. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** SQL NULL is the setting's JSON null (a cleared maintenance message). */
  value: jsonb('value'),
  ...timestamps,
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A message sent through the public contact form, stored before 201 is answered. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The rate-limit key the request was counted under (a client IP, or `direct`). */
    clientKey: text('client_key').notNull(),
    ...timestamps,
  },
  (t) => [index('contact_requests_created_at_idx').on(t.createdAt)],
);

/**
 * Every e-mail, rendered when it is queued. The table is the queue: workers claim due
 * pending rows with FOR UPDATE SKIP LOCKED; the row id is the provider's idempotency key.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    props: jsonb('props').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due; while a worker sends it, the end of that worker's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** `resend` or `log`: what delivered (or last tried) the message. */
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('email_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_at_idx').on(t.createdAt),
    check('email_outbox_status_check', inList(t.status, OUTBOX_STATUSES)),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Fixed-window counters: one row per bucket and window, incremented by one upsert. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_counters_pkey', columns: [t.bucket, t.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
);
