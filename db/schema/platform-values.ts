/*
 * The value lists of the platform's tables, apart from the tables so that the browser can
 * import them without loading drizzle.
 */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
