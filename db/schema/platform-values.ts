/*
 * The value lists of platform records, apart from the tables so that the browser's pages can
 * import them without loading drizzle.
 */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
