import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A kind of record an organization kind links media to (a school's horse): its join table
 * (organization, subject, media), with composite foreign keys on both sides, and the table
 * of the records themselves. The media routes of the kind are built over its subjects.
 */
export type MediaSubject = {
  /** `subject_type` in the API. */
  type: string;
  /** The record in messages: "The horse was not found." */
  label: string;
  link: { table: PgTable; organizationId: PgColumn; subjectId: PgColumn; mediaId: PgColumn };
  target: { table: PgTable; organizationId: PgColumn; id: PgColumn };
  /**
   * The resource whose records these are, when `media.*` is not enough (an expense's receipt
   * is finance): a caller without its `.view` does not see these media, and attaching one
   * needs its `.edit`.
   */
  resource?: string;
};
