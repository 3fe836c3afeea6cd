/*
 * The states of the administration records (DESIGN-MODULES E), apart from the tables so
 * that the web app can import them without loading drizzle.
 */

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ACCESS_CODE_STATUSES = ['active', 'disabled'] as const;
/** At most this many documents (media of the organization) back a verification request. */
export const MAX_VERIFICATION_DOCUMENTS = 5;
