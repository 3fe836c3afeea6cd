/*
 * The value lists of users, organizations and memberships, apart from the tables so that
 * the browser's forms can import them without loading drizzle.
 */

/** Roles in a school (DESIGN 4); the permission table (server/kernel/auth/permissions.ts) grants each its rights. */
export const SCHOOL_ROLES = ['owner', 'manager', 'instructor', 'viewer'] as const;
/** Roles in a stud (DESIGN-MODULES 0.1). */
export const STUD_ROLES = ['owner', 'manager', 'staff', 'viewer'] as const;
/** Every role of any organization type: the `memberships.role` column. */
export const ROLES = ['owner', 'manager', 'instructor', 'staff', 'viewer'] as const;

export const USER_STATUSES = ['active', 'suspended'] as const;
export const ORGANIZATION_TYPES = ['school', 'stud'] as const;
export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
