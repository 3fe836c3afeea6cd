import { z } from 'zod';
import { SERVICE_DELIVERIES, SERVICE_METHODS } from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { studHorseSchema } from './horse-schema';
import { studIdInput } from '../studs/tenant';

/** A stallion's profile (B.1): one per stallion, its defaults until first saved. */
export const stallionProfileFields = z.object({
  /** Whether the stallion stands at stud this season (offered for breeding). */
  standing: z.boolean().optional(),
  /** Mares he covers per season; null: no limit. */
  book_limit: z.number().int().min(1).max(1000).nullable().optional(),
  public_description: optionalText(5000),
  height_cm: z.number().int().min(50).max(250).nullable().optional(),
  /** Studbooks and societies that approved him for breeding. */
  approvals: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
});

export type StallionProfileFields = z.infer<typeof stallionProfileFields>;

export const stallionIdInput = studIdInput.extend({ stallionId: pathId });

export const stallionProfileSchema = z.object({
  horse_id: z.string(),
  name: z.string(),
  standing: z.boolean(),
  book_limit: z.number().int().nullable(),
  public_description: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  approvals: z.array(z.string()),
  /** Null until the profile is first saved. */
  updated_at: z.string().nullable(),
});

export type StallionProfile = z.infer<typeof stallionProfileSchema>;

/** GET /stallions: each stallion of the herd with its profile, active services and book (B.2, B.3). */
export const stallionSchema = studHorseSchema.extend({
  profile: stallionProfileSchema.omit({ horse_id: true, name: true }),
  services: z.array(
    z.object({
      id: z.string(),
      season: z.string(),
      method: z.enum(SERVICE_METHODS),
      delivery: z.enum(SERVICE_DELIVERIES),
      stud_fee: z.number(),
      public: z.boolean(),
    }),
  ),
  /** Per season with services or reservations, newest first: mares booked against the limit. */
  book: z.array(
    z.object({ season: z.string(), booked: z.number().int(), limit: z.number().int().nullable() }),
  ),
});

export type Stallion = z.infer<typeof stallionSchema>;
