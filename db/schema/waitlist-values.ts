/*
 * The value lists of a school's public waitlist (DESIGN-MODULES A.4), apart from the table so
 * that the public form can import them without loading drizzle.
 */

export const WAITLIST_STATUSES = [
  'waiting',
  'contacted',
  'offered',
  'enrolled',
  'withdrawn',
  'declined',
] as const;
/** Who registers the rider: the rider, a parent, or someone else. */
export const WAITLIST_RELATIONSHIPS = ['self', 'parent', 'other'] as const;
