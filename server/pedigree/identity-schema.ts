import { z } from 'zod';
import { CORRECTION_STATUSES, HORSE_SEXES, IDENTITY_STATUSES } from '@/db/schema/pedigree-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';

/*
 * The horse identity as the API takes and answers it (DESIGN-MODULES 0.3, E.6). Client-safe
 * (zod only): the horse form and the admin pages validate with these.
 */

export { CORRECTION_STATUSES, HORSE_SEXES, IDENTITY_STATUSES };

export const FIRST_BIRTH_YEAR = 1900;
export const MAX_GENERATIONS = 7;

/** An optional code: spaces and hyphens dropped, upper case; empty clears it. */
const code = (pattern: RegExp, rule: string) =>
  z
    .string()
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .refine((value) => value === '' || pattern.test(value), {
      error: () => fieldMessage(rule),
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * Every field of an identity, each optional: a create needs `name` and a birth date or year
 * (checked with the whole record, identity-rules.ts), an edit sends what changes.
 */
export const identityFields = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  registered_name: optionalText(200),
  sex: z.enum(HORSE_SEXES).optional(),
  gelded: z.boolean().optional(),
  birth_date: calendarDateField.nullable().optional(),
  birth_year: z.number().int().min(FIRST_BIRTH_YEAR).max(2100).nullable().optional(),
  breed: optionalText(100),
  colour: optionalText(50),
  country: code(/^[A-Z]{2}$/, 'field must be an ISO 3166 country code of two letters.'),
  ueln: code(/^[A-Z0-9]{15}$/, 'field must be 15 letters and digits (UELN).'),
  microchip: code(/^[0-9]{15}$/, 'field must be 15 digits.'),
  studbook: optionalText(100),
  registration_number: optionalText(50),
  sire_id: z.uuid().nullable().optional(),
  dam_id: z.uuid().nullable().optional(),
  deceased_on: calendarDateField.nullable().optional(),
});
export type IdentityFields = z.infer<typeof identityFields>;

export const identitySchema = z.object({
  id: z.string(),
  name: z.string(),
  registered_name: z.string().nullable(),
  sex: z.enum(HORSE_SEXES),
  gelded: z.boolean(),
  birth_date: z.string().nullable(),
  birth_year: z.number().int(),
  breed: z.string().nullable(),
  colour: z.string().nullable(),
  country: z.string().nullable(),
  ueln: z.string().nullable(),
  /** Shown only to members of an organization that links the horse, and to administrators. */
  microchip: z.string().nullable(),
  studbook: z.string().nullable(),
  registration_number: z.string().nullable(),
  sire_id: z.string().nullable(),
  dam_id: z.string().nullable(),
  status: z.enum(IDENTITY_STATUSES),
  merged_into_id: z.string().nullable(),
  created_by_org_id: z.string().nullable(),
  deceased_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

export const identityPage = paginatedSchema(identitySchema);

/** A horse of the tree and its parents, to the depth asked for. */
export type PedigreeNode = {
  id: string;
  name: string;
  sex: (typeof HORSE_SEXES)[number];
  birth_year: number;
  breed: string | null;
  ueln: string | null;
  status: (typeof IDENTITY_STATUSES)[number];
  sire: PedigreeNode | null;
  dam: PedigreeNode | null;
};

export const pedigreeNodeSchema: z.ZodType<PedigreeNode> = z
  .object({
    id: z.string(),
    name: z.string(),
    sex: z.enum(HORSE_SEXES),
    birth_year: z.number().int(),
    breed: z.string().nullable(),
    ueln: z.string().nullable(),
    status: z.enum(IDENTITY_STATUSES),
    get sire() {
      return pedigreeNodeSchema.nullable();
    },
    get dam() {
      return pedigreeNodeSchema.nullable();
    },
  })
  .meta({ id: 'PedigreeNode' });

export const generationsInput = z.object({
  generations: z.coerce.number().int().min(1).max(MAX_GENERATIONS).default(4),
});

/** GET /pedigree/horses: a name prefix of 3 or more characters, or an exact number. */
export const identitySearchInput = paginationInput(20).extend({
  search: z.string().trim().min(3).max(120),
});

export const identityIdInput = z.object({ id: pathId });

export const correctionInput = z.object({
  changes: identityFields.refine((changes) => Object.keys(changes).length > 0, {
    error: () => fieldMessage('field must name at least one change.'),
  }),
  reason: z.string().trim().min(1).max(2000),
  media_ids: z.array(z.uuid()).max(5).optional(),
});
export type CorrectionInput = z.infer<typeof correctionInput>;

export const correctionSchema = z.object({
  id: z.string(),
  horse_identity_id: z.string(),
  horse_name: z.string(),
  filed_by: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  reason: z.string(),
  media_ids: z.array(z.string()),
  status: z.enum(CORRECTION_STATUSES),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;
