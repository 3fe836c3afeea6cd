import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { generationsInput } from '../pedigree/identity-schema';
import { pedigreeAnswer } from '../pedigree/pedigree';
import { createStudHorse, deleteStudHorse, updateStudHorse } from './horse-lifecycle';
import { getStudHorse, getStudHorsePedigree, listStudHorses } from './horse-queries';
import {
  studHorseFields,
  studHorseFilters,
  studHorseIdInput,
  studHorseSchema,
} from './horse-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: studHorseSchema });
const TAGS = ['Stud horses'];

export const studHorsesRouter = router({
  list: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/horses',
        tags: TAGS,
        summary: 'The herd by name',
        description:
          '`role` (derived: a foal under one year, else stallion, gelding or mare), `status`, `ownership`; `search` matches part of the name, or a UELN or microchip exactly.',
      },
    })
    .input(studIdInput.extend(studHorseFilters.shape))
    .output(z.object({ data: z.array(studHorseSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listStudHorses(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'horses.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/horses',
        tags: TAGS,
        summary: 'Add a horse to the herd',
        description:
          "Link the platform's record (`horse_identity_id`) or create one (`identity`); a UELN, microchip or studbook number already recorded is a 422 on that field naming the identity to link. A client's or leased horse names `owner_client_id`.",
      },
    })
    .input(studIdInput.extend(studHorseFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createStudHorse(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/horses/{horseId}',
        tags: TAGS,
        summary: 'A horse of the herd',
      },
    })
    .input(studHorseIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getStudHorse(ctx.db, ctx.organization, input.horseId),
    })),

  pedigree: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/horses/{horseId}/pedigree',
        tags: TAGS,
        summary: "The horse's pedigree tree",
        description:
          'The tree of `GET /api/pedigree/horses/{id}` for the identity the horse links.',
      },
    })
    .input(studHorseIdInput.extend(generationsInput.shape))
    .output(pedigreeAnswer)
    .query(async ({ ctx, input }) => ({
      data: await getStudHorsePedigree(ctx.db, ctx.organization, input.horseId, input.generations),
    })),

  update: organizationProcedure('stud', 'horses.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/horses/{horseId}',
        tags: TAGS,
        summary: 'Update a horse of the herd (fields given)',
        description:
          '`identity` changes the linked identity while the stud created it, it is unverified and no other organization links it (else 403: file a correction). Choosing `ownership: own` clears the owner client.',
      },
    })
    .input(studHorseIdInput.extend(studHorseFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateStudHorse(ctx.db, ctx.organization, input.horseId, input),
    })),

  remove: organizationProcedure('stud', 'horses.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/horses/{horseId}',
        tags: TAGS,
        summary: 'Delete a horse without history',
        description:
          'A horse with medical records (and, later, bookings) is kept (409): set its status instead.',
      },
    })
    .input(studHorseIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteStudHorse(ctx.db, ctx.organization, input.horseId);
      return { message: 'Horse deleted.' };
    }),
});
