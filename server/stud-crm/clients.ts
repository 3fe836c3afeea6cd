import { z } from 'zod';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { anonymizeClient, createClient, deleteClient, updateClient } from './client-lifecycle';
import { getClient, listClients } from './client-queries';
import {
  clientDetailSchema,
  clientFields,
  clientFilters,
  clientIdInput,
  clientSchema,
} from './client-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: clientDetailSchema });
const tags = ['Stud clients'];

/** A stud's clients (DESIGN-MODULES B.8), prospects included. */
export const studClientsRouter = router({
  list: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/clients',
        tags,
        summary: "The stud's clients by name, paginated",
        description:
          'Every stage unless `stage` is given; `tag` (a tag id) keeps the clients carrying it; `search` matches part of a name, the company name or the e-mail address, in any case. Ordered by display name, then id; 25 per page unless `per_page` says.',
      },
    })
    .input(studIdInput.extend(clientFilters.shape))
    .output(paginatedSchema(clientSchema))
    .query(({ ctx, input }) => listClients(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'clients.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/clients',
        tags,
        summary: 'Create a client',
        description:
          'Stage `client` and kind `person` unless given. A person needs `first_name` and `last_name`, a company `company_name`. `email` is unique in the stud whatever its case; `tag_ids` are tags of the stud. A client made in stage `prospect` gets pipeline status `new`.',
      },
    })
    .input(studIdInput.extend(clientFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createClient(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'clients.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/clients/{clientId}',
        tags,
        summary: 'A client, with the stud horses it owns',
      },
    })
    .input(clientIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getClient(ctx.db, ctx.organization, input.clientId),
    })),

  update: organizationProcedure('stud', 'clients.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/clients/{clientId}',
        tags,
        summary: 'Update a client (fields given)',
        description:
          'Only the fields sent change; `null` clears, `tag_ids` replaces the whole set. An anonymized client can no longer be edited (409). Moving a client back to stage `prospect` keeps its pipeline status (`new` if it had none).',
      },
    })
    .input(clientIdInput.extend(clientFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateClient(ctx.db, ctx.organization, input.clientId, input, 'client'),
    })),

  remove: organizationProcedure('stud', 'clients.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/clients/{clientId}',
        tags,
        summary: 'Delete a client without history',
        description:
          'A client owning stud horses, or with any other history, is kept (409): set its stage to inactive, or anonymize it.',
      },
    })
    .input(clientIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteClient(ctx.db, ctx.organization, input.clientId, 'client');
      return { message: 'Client deleted.' };
    }),

  anonymize: organizationProcedure('stud', 'clients.delete')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/clients/{clientId}/anonymize',
        tags,
        summary: "Erase a client's personal data, keeping the record and its history",
        description:
          'Needs clients.delete. The name becomes "Anonymized client" (a company\'s too); e-mail, phone, address, document and notes are cleared and the tags removed. Once only: a second call, and any later edit, → 409.',
      },
    })
    .input(clientIdInput)
    .output(z.object({ message: z.string(), data: clientDetailSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Client anonymized.',
      data: await anonymizeClient(ctx.db, ctx.organization, input.clientId),
    })),
});
