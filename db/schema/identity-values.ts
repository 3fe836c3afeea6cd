/*
 * The value lists of users and organizations, apart from the tables so that the browser's
 * forms can import them without loading drizzle.
 */

export const USER_STATUSES = ['active', 'suspended'] as const;
export const ORGANIZATION_TYPES = ['school', 'stud'] as const;
export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
