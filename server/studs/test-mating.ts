import { z } from 'zod';
import type { Database } from '@/db/client';
import { invalidField, validationError } from '../kernel/errors';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { ancestryRows, treeFrom } from '../pedigree/identity-queries';
import { testMatingInbreeding, type Parents } from './inbreeding';
import { studIdInput } from './tenant';
import {
  testMatingFields,
  testMatingSchema,
  type TestMating,
  type TestMatingFields,
} from './test-mating-schema';

/** How far above the window the ancestors' own inbreeding is read ("where known"). */
const KNOWN_DEPTH = 10;

const percent = (coefficient: number) => Math.round(coefficient * 1e6) / 1e4;

/**
 * The inbreeding of a planned foal: one recursive query reads both parents' ancestry (deep
 * enough for the common ancestors' own inbreeding), the rest is computed in memory.
 */
export async function testMating(db: Database, input: TestMatingFields): Promise<TestMating> {
  const { sire_id: sire, dam_id: dam, generations } = input;
  if (sire === dam) throw invalidField('dam_id', 'The dam must be another horse than the sire.');
  const rows = await ancestryRows(db, [sire, dam], generations + KNOWN_DEPTH);
  const sireRow = rows.find((row) => row.id === sire);
  const damRow = rows.find((row) => row.id === dam);
  const errors: Record<string, string[]> = {};
  if (!sireRow) errors.sire_id = ['The selected sire id is invalid.'];
  else if (sireRow.sex === 'female') errors.sire_id = ['The sire must not be a mare.'];
  if (!damRow) errors.dam_id = ['The selected dam id is invalid.'];
  else if (damRow.sex === 'male') errors.dam_id = ['The dam must be a mare.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const parents = new Map<string, Parents>(
    rows.map((row) => [row.id, { sire: row.sire_id, dam: row.dam_id }]),
  );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const result = testMatingInbreeding(sire, dam, parents, generations);
  return {
    generations,
    coi_percent: percent(result.coefficient),
    // Largest share first; equal shares by name.
    common_ancestors: result.contributions
      .map((c) => ({
        id: c.id,
        name: names.get(c.id)!,
        contribution_percent: percent(c.coefficient),
      }))
      .sort(
        (a, b) => b.contribution_percent - a.contribution_percent || a.name.localeCompare(b.name),
      ),
    pedigree: {
      sire: treeFrom(rows, sire, generations - 1),
      dam: treeFrom(rows, dam, generations - 1),
    },
  };
}

/** The stud's pedigree tools (DESIGN-MODULES B.1). */
export const studPedigreeRouter = router({
  testMating: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/pedigree/test-mating',
        tags: ['Stud pedigree'],
        summary: "A planned foal's coefficient of inbreeding (Wright), and its pedigree",
        description:
          'A computation, not a write (horses.view). `sire_id` and `dam_id` are horse identities; `generations` 1 to 10 (default 6) counts from the foal, parents first. Common ancestors within them count, each weighted by its own inbreeding where its ancestry is known; `contribution_percent` is its share of `coi_percent`.',
      },
    })
    .input(studIdInput.extend(testMatingFields.shape))
    .output(z.object({ data: testMatingSchema }))
    .mutation(async ({ ctx, input }) => ({ data: await testMating(ctx.db, input) })),
});
