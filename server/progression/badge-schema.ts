import { z } from 'zod';
import { AWARD_SOURCES, BADGE_ICONS, BADGE_RULE_TYPES } from '@/db/schema/progression-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';

/*
 * Badges and their awards (DESIGN-MODULES A.2) as the API takes and answers them.
 * Client-safe (zod only): the badge form and the award dialog validate with these.
 */

export { AWARD_SOURCES, BADGE_ICONS, BADGE_RULE_TYPES };

/** How a badge is earned without anyone awarding it; null: only by hand. */
export const badgeRuleField = z.discriminatedUnion('type', [
  z.object({ type: z.literal('attendance_count'), threshold: z.number().int().min(1).max(10_000) }),
  z.object({ type: z.literal('competition_result'), max_position: z.number().int().min(1).max(8) }),
  z.object({ type: z.literal('level_reached'), level_id: z.uuid() }),
]);

export type BadgeRule = z.infer<typeof badgeRuleField>;

export const badgeFields = z.object({
  name: z.string().trim().min(1).max(100),
  description: optionalText(2000),
  /** A key of the fixed icon set, or the id of an image among the school's media. */
  icon: optionalText(100),
  criteria: optionalText(2000),
  rule: badgeRuleField.nullable().optional(),
  active: z.boolean().optional(),
});

export type BadgeFields = z.infer<typeof badgeFields>;

export const badgeIdInput = schoolIdInput.extend({ badgeId: pathId });

export const badgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  criteria: z.string().nullable(),
  rule: badgeRuleField.nullable(),
  active: z.boolean(),
  holders_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Badge = z.infer<typeof badgeSchema>;

/** POST /students/{id}/badges: a manual award. */
export const awardFields = z.object({
  badge_id: z.uuid(),
  awarded_on: calendarDateField.optional(),
  notes: optionalText(2000),
});

export type AwardFields = z.infer<typeof awardFields>;

export const awardIdInput = schoolIdInput.extend({ studentId: pathId, awardId: pathId });

export const awardSchema = z.object({
  id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  badge: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() }),
  awarded_on: z.string(),
  awarded_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  source: z.enum(AWARD_SOURCES),
  notes: z.string().nullable(),
  created_at: z.string(),
});

export type Award = z.infer<typeof awardSchema>;
