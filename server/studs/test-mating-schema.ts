import { z } from 'zod';
import { pedigreeNodeSchema } from '../pedigree/identity-schema';

/** POST /studs/{studId}/pedigree/test-mating (DESIGN-MODULES B.1). Client-safe (zod only). */

export const MAX_TEST_MATING_GENERATIONS = 10;

export const testMatingFields = z.object({
  sire_id: z.uuid(),
  dam_id: z.uuid(),
  generations: z.number().int().min(1).max(MAX_TEST_MATING_GENERATIONS).default(6),
});

export type TestMatingFields = z.infer<typeof testMatingFields>;

export const testMatingSchema = z.object({
  generations: z.number().int(),
  /** Wright's coefficient of the foal, in percent (4 decimals). */
  coi_percent: z.number(),
  common_ancestors: z.array(
    z.object({ id: z.string(), name: z.string(), contribution_percent: z.number() }),
  ),
  /** The virtual foal's 0.3 tree to the same depth. */
  pedigree: z.object({ sire: pedigreeNodeSchema.nullable(), dam: pedigreeNodeSchema.nullable() }),
});

export type TestMating = z.infer<typeof testMatingSchema>;
