import { z } from 'zod';
import { TIMELINE_EVENT_TYPES } from '@/db/schema/progression-values';
import { STUDENT_LEVELS } from '@/db/schema/school-values';
import { paginationInput } from '../kernel/trpc/pagination';

/*
 * A student's progress and timeline (DESIGN-MODULES A.1) as the API answers them.
 * Client-safe (zod only): the student page's progress card reads these types.
 */

export { TIMELINE_EVENT_TYPES };

const rung = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  base_level: z.enum(STUDENT_LEVELS),
});

export const progressSchema = z.object({
  current_level: rung.nullable(),
  next_level: rung
    .extend({ requirements: z.array(z.string()), min_attended_classes: z.number().int() })
    .nullable(),
  attended_since_change: z.number().int(),
  classes_remaining: z.number().int().nullable(),
  badges_count: z.number().int(),
  certificates_count: z.number().int(),
  attendance_rate_90d: z.number().nullable(),
  avg_performance_90d: z.number().nullable(),
});

export type Progress = z.infer<typeof progressSchema>;

export const TIMELINE_PER_PAGE = 50;

export const timelineFilters = paginationInput(TIMELINE_PER_PAGE);

export const timelineEventSchema = z.object({
  at: z.string(),
  type: z.enum(TIMELINE_EVENT_TYPES),
  title: z.string(),
  ref: z.object({ kind: z.string(), id: z.string() }),
});

export type TimelineEvent = z.infer<typeof timelineEventSchema>;
