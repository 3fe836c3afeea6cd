import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import { createService, deleteService, updateService } from './service-lifecycle';
import { getService, listServices } from './service-queries';
import { serviceFields, serviceFilters, serviceIdInput, serviceSchema } from './service-schema';

const one = z.object({ data: serviceSchema });
const TAGS = ['Stud services'];

export const studServicesRouter = router({
  list: organizationProcedure('stud', 'services.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/services',
        tags: TAGS,
        summary: 'The breeding services, newest season first',
        description:
          'Then by stallion, method and delivery. Filters `stallion_id`, `season` (exact label), `active` (`true`/`false`). Fees are numbers with two decimals at most.',
      },
    })
    .input(studIdInput.extend(serviceFilters.shape))
    .output(z.object({ data: z.array(serviceSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listServices(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'services.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/services',
        tags: TAGS,
        summary: "Offer a stallion's service for a season",
        description:
          '`stallion_id` is a stallion of the stud (an entire male of a year or more). One service per stallion, season, method and delivery (422 `season`). Natural cover is on site only (422 `delivery`); `booking_fee` is part of `stud_fee` (at most it); `balance_due_date` is required with `balance_due_on: fixed_date` and refused otherwise. Defaults: delivery on site, booking fee 0, one dose, no guarantee, balance due on confirmation, confirmation on day 45, a signed contract required, not public, active.',
      },
    })
    .input(studIdInput.extend(serviceFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createService(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'services.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/services/{serviceId}',
        tags: TAGS,
        summary: 'A breeding service',
      },
    })
    .input(serviceIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getService(ctx.db, ctx.organization, input.serviceId),
    })),

  update: organizationProcedure('stud', 'services.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/services/{serviceId}',
        tags: TAGS,
        summary: 'Update a breeding service (fields given)',
        description:
          'The rules of creation apply to the service as it will stand. Choosing a `balance_due_on` other than `fixed_date` clears the date.',
      },
    })
    .input(serviceIdInput.extend(serviceFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateService(ctx.db, ctx.organization, input.serviceId, input),
    })),

  remove: organizationProcedure('stud', 'services.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/services/{serviceId}',
        tags: TAGS,
        summary: 'Delete a breeding service',
        description:
          "A prospect's interest in it is cleared. To stop offering a service that has been used, set `active: false`.",
      },
    })
    .input(serviceIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteService(ctx.db, ctx.organization, input.serviceId);
      return { message: 'Service deleted.' };
    }),
});
