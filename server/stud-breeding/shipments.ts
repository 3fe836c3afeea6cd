import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import { createShipment, deleteShipment, moveShipment, updateShipment } from './shipment-lifecycle';
import { getShipment, listShipments } from './shipment-queries';
import {
  shipmentDetailFields,
  shipmentFields,
  shipmentFilters,
  shipmentIdInput,
  shipmentSchema,
  shipmentStatusFields,
} from './shipment-schema';

const one = z.object({ data: shipmentSchema });
const TAGS = ['Stud semen shipments'];

/** Chilled and frozen semen sent to clients' mares (DESIGN-MODULES B.4). */
export const shipmentsRouter = router({
  list: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/shipments',
        tags: TAGS,
        summary: 'The semen shipments, newest first',
        description:
          'Ordered by `requested_for` (the day created when none was asked), newest first, then creation. Filters: `reservation_id`, `status`, `type`.',
      },
    })
    .input(studIdInput.extend(shipmentFilters.shape))
    .output(z.object({ data: z.array(shipmentSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listShipments(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/shipments',
        tags: TAGS,
        summary: 'Request a shipment for a reservation',
        description:
          '`reservation_id` is a reservation of a shipped service (422); `type` must fit its method (frozen semen → `frozen`, fresh semen → `chilled`); a frozen shipment names a `batch_id` of the reservation’s stallion, a chilled one none. `doses` defaults to the reservation’s doses included. The first shipment starts a confirmed reservation; a reservation neither confirmed nor under way → 409.',
      },
    })
    .input(studIdInput.extend(shipmentFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createShipment(ctx.db, ctx.organization, input, ctx.caller.user.id),
    })),

  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/shipments/{shipmentId}',
        tags: TAGS,
        summary: 'A semen shipment',
      },
    })
    .input(shipmentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getShipment(ctx.db, ctx.organization, input.shipmentId),
    })),

  update: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/shipments/{shipmentId}',
        tags: TAGS,
        summary: 'Update a shipment’s details (fields given)',
        description:
          'Carrier, tracking, destination, `requested_for`, container and notes at any time; `doses`, `batch_id` and `collected_on` only while requested (else 409). The status moves through POST …/status.',
      },
    })
    .input(shipmentIdInput.extend(shipmentDetailFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateShipment(ctx.db, ctx.organization, input.shipmentId, input),
    })),

  move: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/shipments/{shipmentId}/status',
        tags: TAGS,
        summary: 'Move a shipment to its next state',
        description:
          'requested → prepared → shipped → delivered → returned, or cancelled while requested or prepared; anything else → 409 naming the current state. `shipped` records `shipped_on` (default the stud’s today), `carrier`, `tracking_number`; `delivered` `delivered_on`; `returned` `returned_on` (each default today, not in the future, not before the previous step); `cancelled` needs `cancelled_reason`. Frozen doses leave the batch when prepared (not enough → 409) and return when a prepared shipment is cancelled.',
      },
    })
    .input(shipmentIdInput.extend(shipmentStatusFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await moveShipment(ctx.db, ctx.organization, input.shipmentId, input),
    })),

  remove: organizationProcedure('stud', 'breeding.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/shipments/{shipmentId}',
        tags: TAGS,
        summary: 'Delete a shipment still requested',
        description:
          'Only while requested (else 409: cancel it instead). The reservation it started stays in progress.',
      },
    })
    .input(shipmentIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteShipment(ctx.db, ctx.organization, input.shipmentId);
      return { message: 'Shipment deleted.' };
    }),
});
