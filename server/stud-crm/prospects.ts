import { z } from 'zod';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { convertProspect, createProspect, deleteClient, updateClient } from './client-lifecycle';
import { getClient, listProspects } from './client-queries';
import {
  clientDetailSchema,
  clientSchema,
  prospectFields,
  prospectFilters,
  prospectIdInput,
} from './client-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: clientDetailSchema });
const tags = ['Stud prospects'];

/** A stud's prospects (DESIGN-MODULES B.8): its clients in stage `prospect`. */
export const studProspectsRouter = router({
  list: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/prospects',
        tags,
        summary: "The stud's prospects by name, paginated",
        description:
          'Filters `pipeline_status`, `tag` (a tag id) and `search` (part of a name, the company name or the e-mail address, in any case). Ordered by display name, then id; 25 per page unless `per_page` says.',
      },
    })
    .input(studIdInput.extend(prospectFilters.shape))
    .output(paginatedSchema(clientSchema))
    .query(({ ctx, input }) => listProspects(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'clients.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/prospects',
        tags,
        summary: 'Create a prospect',
        description:
          'A client in stage `prospect`, pipeline status `new` unless given. The client fields and rules apply; `interest.stallion_id` is a stallion of the stud (an entire male of a year or more), `interest.service_id` a breeding service of the stud and of the interest stallion (given, else stored); a new stallion given alone clears a service of another stallion; `expected_value` ≥ 0 with two decimals at most.',
      },
    })
    .input(studIdInput.extend(prospectFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createProspect(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/prospects/{prospectId}',
        tags,
        summary: 'A prospect',
        description: 'A client in another stage is not found here (404).',
      },
    })
    .input(prospectIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getClient(ctx.db, ctx.organization, input.prospectId, 'prospect'),
    })),

  update: organizationProcedure('stud', 'clients.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/prospects/{prospectId}',
        tags,
        summary: 'Update a prospect (fields given)',
        description:
          'Only the fields sent change; `null` clears, `interest` changes the keys sent, `tag_ids` replaces the whole set. An anonymized prospect can no longer be edited (409).',
      },
    })
    .input(prospectIdInput.extend(prospectFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateClient(ctx.db, ctx.organization, input.prospectId, input, 'prospect'),
    })),

  remove: organizationProcedure('stud', 'clients.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/prospects/{prospectId}',
        tags,
        summary: 'Delete a prospect without history',
        description: 'A prospect owning stud horses, or with any other history, is kept (409).',
      },
    })
    .input(prospectIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteClient(ctx.db, ctx.organization, input.prospectId, 'prospect');
      return { message: 'Prospect deleted.' };
    }),

  convert: organizationProcedure('stud', 'clients.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/prospects/{prospectId}/convert',
        tags,
        summary: 'Make the prospect a client',
        description:
          'Needs clients.edit. The stage becomes `client` and the pipeline status `won`; answers the client. An anonymized prospect → 409.',
      },
    })
    .input(prospectIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await convertProspect(ctx.db, ctx.organization, input.prospectId),
    })),
});
