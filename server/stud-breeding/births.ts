import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import { recordBirth, updateBirth } from './birth-lifecycle';
import { getBirth, listBirths } from './birth-queries';
import {
  birthFields,
  birthFilters,
  birthIdInput,
  birthSchema,
  birthUpdateFields,
  recordedBirthSchema,
} from './birth-schema';

const one = z.object({ data: birthSchema });
const TAGS = ['Stud births'];

/** Foalings, stillbirths and abortions, and the foals they bring (DESIGN-MODULES B.6). */
export const birthsRouter = router({
  list: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/births',
        tags: TAGS,
        summary: 'The births, newest first',
        description:
          'Filters: `season` (the year of `born_on`), `stallion_id` (the pregnancy’s stallion).',
      },
    })
    .input(studIdInput.extend(birthFilters.shape))
    .output(z.object({ data: z.array(birthSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listBirths(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/births',
        tags: TAGS,
        summary: 'Record a birth',
        description:
          '`pregnancy_id` is an open pregnancy of the stud (422 when not the stud’s, 409 when it has ended); `born_on` not before its base date nor after the stud’s today. A live birth takes one foal or two; a stillbirth or abortion none. In one transaction each foal becomes a horse of the shared pedigree (sire and dam the pregnancy’s stallion and mare, the mare’s breed unless given, unverified) and a stud horse owned and kept as the mare; the pregnancy ends (foaled, or lost); the reservation completes when a foal stands and nurses, else fails (`foal_lost`, or `pregnancy_lost` for an abortion). Answers the birth and the foals as the herd shows them.',
      },
    })
    .input(studIdInput.extend(birthFields.shape))
    .output(z.object({ data: recordedBirthSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await recordBirth(ctx.db, ctx.organization, input, ctx.caller.user.id),
    })),

  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/births/{birthId}',
        tags: TAGS,
        summary: 'A birth with its foals',
      },
    })
    .input(birthIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getBirth(ctx.db, ctx.organization, input.birthId),
    })),

  update: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/births/{birthId}',
        tags: TAGS,
        summary: 'Update a birth’s vet and notes',
        description:
          'Only `vet_name` and `notes`: the date, outcome and foals are what the pregnancy, the reservation and the foals’ identities were written from (a foal’s facts are corrected on its horse).',
      },
    })
    .input(birthIdInput.extend(birthUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateBirth(ctx.db, ctx.organization, input.birthId, input),
    })),
});
