import { z } from 'zod';
import { authedProcedure, router } from '../kernel/trpc/init';
import { fileCorrection } from './correction-lifecycle';
import { getCorrection } from './correction-queries';
import { getIdentity, pedigreeTree, searchIdentities, type Reader } from './identity-queries';
import {
  correctionInput,
  correctionSchema,
  generationsInput,
  identityIdInput,
  identityPage,
  identitySchema,
  identitySearchInput,
  MAX_GENERATIONS,
  pedigreeNodeSchema,
} from './identity-schema';
import { notFound } from '../kernel/errors';

const TAG = 'Pedigree';

const readerOf = (caller: { user: { id: string }; isPlatformAdmin: boolean }): Reader => ({
  userId: caller.user.id,
  isPlatformAdmin: caller.isPlatformAdmin,
});

/** The tree root, with `merged_into_id` when the id asked for was merged. */
export const pedigreeAnswer = z.object({
  data: pedigreeNodeSchema.and(z.object({ merged_into_id: z.string().nullable() })),
});

/** The global pedigree for any signed-in user (DESIGN-MODULES 0.3). */
export const pedigreeRouter = router({
  search: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pedigree/horses',
        tags: [TAG],
        summary: 'Find a horse of the platform',
        description:
          '`search`: a name prefix of 3 characters or more (any case), or an exact UELN, microchip or registration number. Merged records are left out. `microchip` is shown only to members of an organization that links the horse.',
      },
    })
    .input(identitySearchInput)
    .output(identityPage)
    .query(async ({ ctx, input }) =>
      searchIdentities(ctx.db, readerOf(ctx.caller), input, ctx.url),
    ),

  tree: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pedigree/horses/{id}',
        tags: [TAG],
        summary: 'A horse and its ancestors, nested',
        description: `\`generations\` 1 to ${MAX_GENERATIONS} (default 4): parents are the first. A merged horse answers with \`merged_into_id\`. One recursive query.`,
      },
    })
    .input(identityIdInput.extend(generationsInput.shape))
    .output(pedigreeAnswer)
    .query(async ({ ctx, input }) => {
      const tree = await pedigreeTree(ctx.db, input.id, input.generations);
      if (!tree) throw notFound('Horse identity');
      return { data: tree };
    }),

  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pedigree/horses/{id}/identity',
        tags: [TAG],
        summary: "A horse's whole identity record",
      },
    })
    .input(identityIdInput)
    .output(z.object({ data: identitySchema }))
    .query(async ({ ctx, input }) => ({
      data: await getIdentity(ctx.db, readerOf(ctx.caller), input.id),
    })),

  correct: authedProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/pedigree/horses/{id}/corrections',
        tags: [TAG],
        summary: 'Ask the administrators to correct a horse',
        description:
          '`changes`: identity fields as the horse form sends them; `media_ids`: up to 5 documents, files of one of your organizations. Approval applies them under every rule.',
      },
    })
    .input(identityIdInput.extend(correctionInput.shape))
    .output(z.object({ data: correctionSchema }))
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction((tx) =>
        fileCorrection(tx, input.id, input, ctx.caller.user.id),
      );
      return { data: await getCorrection(ctx.db, id) };
    }),
});
