import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';

/**
 * A kind of record an owner of media links them to (a school's horse, a seller's listing):
 * its join table (owner, subject, media), with composite foreign keys on both sides, and the
 * table of the records themselves. `ownerId` is the owner's column in both: an
 * organization's id, or a seller profile's. The media routes are built over the subjects.
 */
export type MediaSubject = {
  /** `subject_type` in the API. */
  type: string;
  /** The record in messages: "The horse was not found." */
  label: string;
  link: { table: PgTable; ownerId: PgColumn; subjectId: PgColumn; mediaId: PgColumn };
  target: { table: PgTable; ownerId: PgColumn; id: PgColumn };
  /**
   * The resource whose records these are, when `media.*` is not enough (an expense's receipt
   * is finance): a caller without its `.view` does not see these media, and attaching one
   * needs its `.edit`.
   */
  resource?: string;
  /**
   * Writes the link itself, in the upload's transaction, instead of the plain insert: for
   * subjects whose links have rules of their own (a listing's images: an order, a cap).
   */
  attach?: (tx: Database, ownerId: string, subjectId: string, mediaId: string) => Promise<void>;
};
