import { z } from 'zod';
import { BREEDING_KINDS, SEMEN_KINDS } from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { studIdInput } from '../studs/tenant';

/*
 * A breeding event (a cover or an insemination, DESIGN-MODULES B.4) as the API takes and
 * answers it. Client-safe (zod only): the "Record breeding" form validates with these.
 */

export { BREEDING_KINDS, SEMEN_KINDS };

export const breedingEventFields = z.object({
  /** Required unless both the mare and the stallion are the stud's own. */
  reservation_id: z.uuid().nullable().optional(),
  /** A female horse of the stud; the reservation's mare when one is named. */
  mare_id: z.uuid().optional(),
  /** A stallion of the stud; the reservation's stallion when one is named. */
  stallion_id: z.uuid().optional(),
  /** Not after the stud's today. */
  date: calendarDateField,
  kind: z.enum(BREEDING_KINDS),
  /** Required for an insemination, refused for a natural cover. */
  semen: z.enum(SEMEN_KINDS).nullable().optional(),
  /** Frozen semen used on site: a batch of the stallion, whose doses the event takes. */
  batch_id: z.uuid().nullable().optional(),
  /** Shipped semen: a shipment of the same reservation, shipped or delivered. */
  shipment_id: z.uuid().nullable().optional(),
  /** 1 unless given for an insemination; none for a natural cover. */
  doses_used: z.number().int().min(1).max(100).nullable().optional(),
  /** Not after the stud's today; the pregnancy counts its days from it when given. */
  ovulation_on: calendarDateField.nullable().optional(),
  performed_by: optionalText(200),
  notes: optionalText(5000),
});

export type BreedingEventFields = z.infer<typeof breedingEventFields>;

/** What a PUT may change: the rest defines the event (delete and record it again). */
export const breedingEventEdit = breedingEventFields
  .pick({ date: true, ovulation_on: true, performed_by: true, notes: true })
  .partial();

export type BreedingEventEdit = z.infer<typeof breedingEventEdit>;

export const breedingEventIdInput = studIdInput.extend({ breedingEventId: pathId });

export const breedingEventFilters = z.object({
  mare_id: z.uuid().optional(),
  stallion_id: z.uuid().optional(),
  reservation_id: z.uuid().optional(),
  /** Events on or after this date. */
  date_from: calendarDateField.optional(),
  /** Events on or before this date. */
  date_to: calendarDateField.optional(),
});

export type BreedingEventFilters = z.infer<typeof breedingEventFilters>;

const horseRef = z.object({ id: z.string(), name: z.string() });

export const breedingEventSchema = z.object({
  id: z.string(),
  reservation_id: z.string().nullable(),
  mare: horseRef,
  stallion: horseRef,
  date: z.string(),
  kind: z.enum(BREEDING_KINDS),
  semen: z.enum(SEMEN_KINDS).nullable(),
  batch_id: z.string().nullable(),
  shipment_id: z.string().nullable(),
  doses_used: z.number().int().nullable(),
  ovulation_on: z.string().nullable(),
  performed_by: z.string().nullable(),
  notes: z.string().nullable(),
  /** The pregnancy this event opened or last moved, if any. */
  pregnancy_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type BreedingEvent = z.infer<typeof breedingEventSchema>;
