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
import { id } from './columns';
import { organizations } from './identity';

/** When each timed job (declared by a module's manifest) last ran and is next due. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  runs: integer('runs').notNull().default(0),
  lastError: text('last_error'),
});

export const QUEUED_JOB_STATUSES = ['queued', 'done', 'failed'] as const;

/** Work a write asked for, run after its commit by the background runner (DESIGN 8). */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: QUEUED_JOB_STATUSES }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('job_queue_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    check('job_queue_status_check', sql`${t.status} in ('queued', 'done', 'failed')`),
  ],
);

/** Human-facing numbers per organization, series and year (`C-2026-0001`), DESIGN-MODULES 0.6. */
export const organizationCounters = pgTable(
  'organization_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name, t.year] })],
);
