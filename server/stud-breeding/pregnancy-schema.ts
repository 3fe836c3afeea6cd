import { z } from 'zod';
import {
  CHECK_METHODS,
  CHECK_REPORTERS,
  CHECK_RESULTS,
  FETAL_SEXES,
  PREGNANCY_STATUSES,
} from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { studIdInput } from '../studs/tenant';

/*
 * A pregnancy and its checks (DESIGN-MODULES B.5) as the API takes and answers them.
 * Client-safe (zod only): the pregnancy pages' forms validate with these.
 */

export { CHECK_METHODS, CHECK_REPORTERS, CHECK_RESULTS, FETAL_SEXES, PREGNANCY_STATUSES };

/** A pregnancy recorded without a breeding event (a mare bred elsewhere, say). */
export const pregnancyFields = z.object({
  /** A female horse of the stud; the reservation's mare when one is named. */
  mare_id: z.uuid().optional(),
  /** A stallion of the stud; the reservation's stallion when one is named. */
  stallion_id: z.uuid().optional(),
  reservation_id: z.uuid().nullable().optional(),
  /** The ovulation or service date the days count from; not after the stud's today. */
  base_date: calendarDateField,
  notes: optionalText(5000),
});

export type PregnancyFields = z.infer<typeof pregnancyFields>;

export const pregnancyEdit = z.object({
  notes: optionalText(5000),
  twins: z.boolean().optional(),
  fetal_sex: z.enum(FETAL_SEXES).nullable().optional(),
  /** Only while checking with no check recorded (else 409); moves the suggested checks. */
  base_date: calendarDateField.optional(),
});

export type PregnancyEdit = z.infer<typeof pregnancyEdit>;

export const pregnancyIdInput = studIdInput.extend({ pregnancyId: pathId });

export const pregnancyFilters = z.object({
  status: z.enum(PREGNANCY_STATUSES).optional(),
  /** Due on or after this date. */
  due_from: calendarDateField.optional(),
  /** Due on or before this date. */
  due_to: calendarDateField.optional(),
  stallion_id: z.uuid().optional(),
  mare_id: z.uuid().optional(),
});

export type PregnancyFilters = z.infer<typeof pregnancyFilters>;

const horseRef = z.object({ id: z.string(), name: z.string() });

export const pregnancySchema = z.object({
  id: z.string(),
  mare: horseRef,
  stallion: horseRef,
  reservation_id: z.string().nullable(),
  breeding_event_id: z.string().nullable(),
  base_date: z.string(),
  /** Days since the base date on the stud's today, while open; null once ended. */
  day: z.number().int().nullable(),
  due_date: z.string(),
  due_window: z.object({ from: z.string(), to: z.string() }),
  status: z.enum(PREGNANCY_STATUSES),
  twins: z.boolean(),
  fetal_sex: z.enum(FETAL_SEXES).nullable(),
  ended_on: z.string().nullable(),
  notes: z.string().nullable(),
  last_check: z.object({ date: z.string(), result: z.enum(CHECK_RESULTS) }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Pregnancy = z.infer<typeof pregnancySchema>;

export const checkFields = z.object({
  /** Not before the base date, not after the stud's today. */
  date: calendarDateField,
  method: z.enum(CHECK_METHODS),
  result: z.enum(CHECK_RESULTS),
  heartbeat: z.boolean().nullable().optional(),
  fetal_sex: z.enum(FETAL_SEXES).nullable().optional(),
  /** `stud` unless given; `owner_vet` for a client's vet's report. */
  reported_by: z.enum(CHECK_REPORTERS).optional(),
  vet_name: optionalText(200),
  notes: optionalText(5000),
});

export type CheckFields = z.infer<typeof checkFields>;

export const checkSchema = z.object({
  id: z.string(),
  pregnancy_id: z.string(),
  date: z.string(),
  /** The day of the pregnancy the check was on. */
  day: z.number().int(),
  method: z.enum(CHECK_METHODS),
  result: z.enum(CHECK_RESULTS),
  heartbeat: z.boolean().nullable(),
  fetal_sex: z.enum(FETAL_SEXES).nullable(),
  reported_by: z.enum(CHECK_REPORTERS),
  vet_name: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type PregnancyCheck = z.infer<typeof checkSchema>;

export const suggestedCheckSchema = z.object({
  day: z.number().int(),
  date: z.string(),
  /** What the check is for: "pregnancy and twins", "heartbeat", "foaling watch", ... */
  purpose: z.string(),
  /** A check was recorded within ±3 days of it, or its task is done. */
  done: z.boolean(),
});

export type SuggestedCheck = z.infer<typeof suggestedCheckSchema>;
