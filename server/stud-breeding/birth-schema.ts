import { z } from 'zod';
import { BIRTH_OUTCOMES, FOAL_SEXES } from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { fieldMessage } from '../kernel/validation';
import { studHorseSchema } from '../stud-herd/horse-schema';
import { studIdInput } from '../studs/tenant';

/*
 * A birth and its foals as the API takes and answers them (DESIGN-MODULES B.6). Client-safe
 * (zod only): the foaling page validates with these and takes its value lists from here.
 */

export { BIRTH_OUTCOMES, FOAL_SEXES };

/** A live birth has one foal, or two for twins. */
export const MAX_FOALS = 2;

export const foalFields = z.object({
  sex: z.enum(FOAL_SEXES),
  colour: optionalText(50),
  markings: optionalText(500),
  /** Default: "<dam's name> <year> foal" (a second twin's ends in "foal 2"). */
  name: optionalText(120),
  /** The usual "live foal" of a guarantee: it completes the reservation. */
  stands_and_nurses: z.boolean(),
  weight_kg: z
    .number()
    .gt(0)
    .max(999.9)
    .refine(
      (value) => /^\d+(\.\d)?$/.test(String(value)),
      fieldMessage('field must have 0-1 decimal places.'),
    )
    .nullable()
    .optional(),
  /** Default: the dam's breed. */
  breed: optionalText(100),
});

export type FoalFields = z.infer<typeof foalFields>;

export const birthFields = z.object({
  /** An open pregnancy of the stud. */
  pregnancy_id: z.uuid(),
  /** Not before the pregnancy's base date, not after the stud's today. */
  born_on: calendarDateField,
  outcome: z.enum(BIRTH_OUTCOMES),
  /** One or two for a live birth, none otherwise. */
  foals: z.array(foalFields).max(MAX_FOALS).default([]),
  vet_name: optionalText(200),
  notes: optionalText(5000),
});

export type BirthFields = z.infer<typeof birthFields>;

/** What a PUT changes: the record of the day, not the facts the foals' identities carry. */
export const birthUpdateFields = birthFields.pick({ vet_name: true, notes: true });

export type BirthUpdateFields = z.infer<typeof birthUpdateFields>;

export const birthIdInput = studIdInput.extend({ birthId: pathId });

export const birthFilters = z.object({
  /** The year of `born_on`. */
  season: z
    .string()
    .regex(/^(19|2\d)\d\d$/, fieldMessage('field must be a year (2026).'))
    .optional(),
  stallion_id: z.uuid().optional(),
});

export type BirthFilters = z.infer<typeof birthFilters>;

const named = z.object({ id: z.string(), name: z.string() });

export const birthFoalSchema = z.object({
  horse_id: z.string(),
  horse_identity_id: z.string(),
  name: z.string(),
  sex: z.string(),
  colour: z.string().nullable(),
  markings: z.string().nullable(),
  stands_and_nurses: z.boolean(),
  weight_kg: z.number().nullable(),
});

export const birthSchema = z.object({
  id: z.string(),
  pregnancy_id: z.string(),
  mare: named,
  stallion: named,
  reservation_id: z.string().nullable(),
  born_on: z.string(),
  outcome: z.enum(BIRTH_OUTCOMES),
  vet_name: z.string().nullable(),
  notes: z.string().nullable(),
  foals: z.array(birthFoalSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Birth = z.infer<typeof birthSchema>;

/** POST /births: the birth, and each foal as the herd answers it. */
export const recordedBirthSchema = z.object({
  birth: birthSchema,
  foals: z.array(studHorseSchema),
});

export type RecordedBirth = z.infer<typeof recordedBirthSchema>;
