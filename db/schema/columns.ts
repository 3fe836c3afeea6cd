import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key shared by every table: a server-generated UUID. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** `created_at` / `updated_at` pair carried by every record (DESIGN 5). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * SQL folding `text` as searches compare it: lower case, accents dropped (é → e, ñ → n;
 * decomposed, combining marks removed). Immutable, so generated columns and indexes may use it;
 * `withoutAccents` (server/kernel/records.ts) folds a search's input the same way.
 */
export const folded = (text: string) =>
  `regexp_replace(normalize(lower(${text}), NFD), '[\\u0300-\\u036f]', '', 'g')`;
