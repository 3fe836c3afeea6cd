/*
 * The value lists of school progression (DESIGN-MODULES A.1 to A.3), apart from the tables so
 * that the browser's forms can import them without loading drizzle.
 */

export const BADGE_RULE_TYPES = [
  'attendance_count',
  'competition_result',
  'level_reached',
] as const;
export const AWARD_SOURCES = ['manual', 'rule'] as const;
export const CERTIFICATE_KINDS = ['level', 'course', 'competition', 'badge', 'other'] as const;
export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
/** What the public verification answers: `expired` derives from `valid_until`. */
export const CERTIFICATE_PUBLIC_STATUSES = ['valid', 'revoked', 'expired'] as const;
/** The fixed icon set a badge may name instead of an uploaded image. */
export const BADGE_ICONS = [
  'star',
  'trophy',
  'medal',
  'ribbon',
  'horseshoe',
  'heart',
  'flag',
  'shield',
] as const;
export const TIMELINE_EVENT_TYPES = [
  'enrolled',
  'enrollment_ended',
  'level_changed',
  'badge_awarded',
  'certificate_issued',
  'competition_entry',
  'competition_result',
  'payment_paid',
] as const;
/** Who a portal link is for (DESIGN-MODULES A.5): the rider, or a parent or guardian. */
export const PORTAL_RELATIONSHIPS = ['self', 'guardian'] as const;
export const PORTAL_LINK_STATUSES = ['invited', 'active', 'revoked'] as const;
