import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { createHorse, deleteHorse, updateHorse } from './horse-lifecycle';
import { getHorse, getHorsePedigree, getHorseUsage, listHorses } from './horse-queries';
import { generationsInput } from '../pedigree/identity-schema';
import { pedigreeAnswer } from '../pedigree/pedigree';
import {
  horseFields,
  horseIdInput,
  horseListFilters,
  horseSchema,
  horseUsageFilters,
  horseUsageSchema,
  MAX_USAGE_DAYS,
} from './horse-schema';

const one = z.object({ data: horseSchema });

export const horsesRouter = router({
  list: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses',
        tags: ['Horses'],
        summary: 'Horses by name',
        description:
          '`level=X` lists the horses of level X and those suited to all levels; `level=all` does not filter.',
      },
    })
    .input(schoolIdInput.extend(horseListFilters.shape))
    .output(z.object({ data: z.array(horseSchema) }))
    .query(async ({ ctx, input }) => ({ data: await listHorses(ctx.db, ctx.school, input) })),

  create: schoolProcedure('horses.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/horses',
        tags: ['Horses'],
        summary: 'Create a horse',
      },
    })
    .input(schoolIdInput.extend(horseFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createHorse(ctx.db, ctx.school, input) })),

  usage: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses/{horseId}/usage',
        tags: ['Horses'],
        summary: "A horse's classes and minutes per day against its daily maximum",
        description: `Give \`date\`, or \`start_date\` and \`end_date\` (at most ${MAX_USAGE_DAYS} days); without either, today in the school's time zone. A day is overloaded when its classes exceed \`max_daily_classes\`.`,
      },
    })
    .input(horseIdInput.extend(horseUsageFilters.shape))
    .output(z.object({ data: horseUsageSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getHorseUsage(ctx.db, ctx.school, input.horseId, input),
    })),

  get: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'A horse',
      },
    })
    .input(horseIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getHorse(ctx.db, ctx.school, input.horseId),
    })),

  pedigree: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses/{horseId}/pedigree',
        tags: ['Horses'],
        summary: "The horse's pedigree tree",
        description:
          'The tree of `GET /api/pedigree/horses/{id}` for the identity the horse links; `data` is null while it links none.',
      },
    })
    .input(horseIdInput.extend(generationsInput.shape))
    .output(z.object({ data: pedigreeAnswer.shape.data.nullable() }))
    .query(async ({ ctx, input }) => ({
      data: await getHorsePedigree(ctx.db, ctx.school, input.horseId, input.generations),
    })),

  update: schoolProcedure('horses.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'Update a horse (fields given)',
        description:
          "`horse_identity_id` links an identity of the platform (null unlinks); `identity` creates one (name, breed and birth year default to the horse's), or changes the linked one while the school created it, it is unverified and no other organization links it (else 403: file a correction). A UELN, microchip or studbook number already recorded is a 422 on that field naming the identity to link.",
      },
    })
    .input(horseIdInput.extend(horseFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateHorse(ctx.db, ctx.school, input.horseId, input),
    })),

  remove: schoolProcedure('horses.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'Delete a horse without history',
        description:
          'A horse assigned in enrollments or attendance is kept (409): set the status to retired instead.',
      },
    })
    .input(horseIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteHorse(ctx.db, ctx.school, input.horseId);
      return { message: 'Horse deleted.' };
    }),
});
