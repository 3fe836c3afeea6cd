/*
 * The value lists of school records, apart from the tables so that the browser's forms can
 * import them (with the shared field schemas) without loading drizzle.
 */

export const STUDENT_STATUSES = ['active', 'inactive', 'suspended', 'graduated'] as const;
export const STUDENT_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const INSTRUCTOR_STATUSES = ['active', 'inactive'] as const;
export const CLASS_TYPES = ['individual', 'group'] as const;
export const CLASS_LEVELS = ['beginner', 'intermediate', 'advanced', 'professional'] as const;
export const CLASS_STATUSES = ['active', 'inactive'] as const;
export const PRICE_TYPES = ['monthly', 'per_class', 'package'] as const;
export const ENROLLMENT_STATUSES = ['active', 'paused', 'ended'] as const;
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export const HORSE_LEVELS = ['beginner', 'intermediate', 'advanced', 'all'] as const;
export const HORSE_STATUSES = ['active', 'resting', 'injured', 'retired'] as const;
