/*
 * The value lists of school payments, apart from the tables so that the browser's forms can
 * import them without loading drizzle.
 */

export const PAYMENT_CONCEPTS = ['tuition', 'enrollment_fee', 'other'] as const;
/** Stored states; `overdue` is derived (DESIGN 6). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'mobile_wallet', 'other'] as const;
export const PAYMENT_AUDIT_ACTIONS = ['create', 'pay', 'update', 'cancel'] as const;
