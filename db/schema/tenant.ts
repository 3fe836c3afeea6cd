import { sql } from 'drizzle-orm';
import { numeric, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './identity';

/*
 * Column helpers of the tenant tables (DESIGN 4): every one is keyed (school_id, id), and
 * every reference between them carries school_id.
 */

/** `school_id`: the tenant, part of every key and foreign key. */
export const schoolId = () =>
  uuid('school_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** `stud_id`: a stud's tenant column, as `school_id` is a school's (DESIGN-MODULES 0.1). */
export const studId = () =>
  uuid('stud_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** `id`: the second half of the (school_id, id) primary key. */
export const recordId = () =>
  uuid('id')
    .notNull()
    .default(sql`gen_random_uuid()`);

/** Money as `numeric(12,2)`, read as a string so that no float ever touches it. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** A CHECK that a text column holds one of the given values. */
export const inList = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
