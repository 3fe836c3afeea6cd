import { z } from 'zod';
import { IDENTITY_STATUSES } from '@/db/schema/pedigree-values';
import {
  REPRODUCTIVE_STATUSES,
  STUD_HORSE_OWNERSHIPS,
  STUD_HORSE_ROLES,
  STUD_HORSE_STATUSES,
} from '@/db/schema/stud-values';
import { pathId } from '../kernel/fields/params';
import { dateField, optionalText } from '../kernel/fields/record-fields';
import { identityFields, identitySchema } from '../pedigree/identity-schema';
import { studIdInput } from '../studs/tenant';

/*
 * A stud horse as the API takes and answers it (DESIGN-MODULES B.1). Client-safe (zod only):
 * the herd forms validate with these schemas and take their value lists from here.
 */

export { REPRODUCTIVE_STATUSES, STUD_HORSE_OWNERSHIPS, STUD_HORSE_ROLES, STUD_HORSE_STATUSES };

export const studHorseFields = z.object({
  /** Link the platform's record of this animal … */
  horse_identity_id: z.uuid().optional(),
  /** … or create one (or change the linked one while the stud may, 0.3). */
  identity: identityFields.optional(),
  ownership: z.enum(STUD_HORSE_OWNERSHIPS).optional(),
  /** The client who owns a client's or leased horse; none for the stud's own. */
  owner_client_id: z.uuid().nullable().optional(),
  on_premises: z.boolean().optional(),
  status: z.enum(STUD_HORSE_STATUSES).optional(),
  arrival_date: dateField.nullable().optional(),
  departure_date: dateField.nullable().optional(),
  location: optionalText(200),
  notes: optionalText(5000),
});

export type StudHorseFields = z.infer<typeof studHorseFields>;

export const studHorseIdInput = studIdInput.extend({ horseId: pathId });

export const studHorseFilters = z.object({
  role: z.enum(STUD_HORSE_ROLES).optional(),
  status: z.enum(STUD_HORSE_STATUSES).optional(),
  ownership: z.enum(STUD_HORSE_OWNERSHIPS).optional(),
  /** A name's start or any word of it, or an exact UELN or microchip. */
  search: z.string().trim().max(100).optional(),
});

export type StudHorseFilters = z.infer<typeof studHorseFilters>;

const parent = z.object({ id: z.string(), name: z.string() }).nullable();

export const studHorseSchema = z.object({
  id: z.string(),
  horse_identity_id: z.string(),
  // The identity's facts, as the pedigree answers them (the stud links it: microchip shown).
  ...identitySchema.pick({
    name: true,
    registered_name: true,
    sex: true,
    gelded: true,
    birth_date: true,
    birth_year: true,
    breed: true,
    colour: true,
    ueln: true,
    microchip: true,
  }).shape,
  identity_status: z.enum(IDENTITY_STATUSES),
  sire: parent,
  dam: parent,
  /** A foal under one year, else by sex; null while the sex is unknown. */
  role: z.enum(STUD_HORSE_ROLES).nullable(),
  /** Mares only (docs/studs.md). */
  reproductive_status: z.enum(REPRODUCTIVE_STATUSES).nullable(),
  ownership: z.enum(STUD_HORSE_OWNERSHIPS),
  owner_client: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  on_premises: z.boolean(),
  status: z.enum(STUD_HORSE_STATUSES),
  arrival_date: z.string().nullable(),
  departure_date: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  /** The latest photo linked to the horse (`GET /media/{id}/content`). */
  photo_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type StudHorse = z.infer<typeof studHorseSchema>;
