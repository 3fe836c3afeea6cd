import { z } from 'zod';
import type { Config } from '../kernel/config';
import type { Caller } from '../kernel/trpc/context';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import type { Actor } from '../stud-contracts/contract-flow';
import { evidenceOf } from '../stud-contracts/event-chain';
import { studIdInput } from '../studs/tenant';
import {
  cancelReservation,
  closeReservation,
  confirmReservation,
  createReservation,
  rejectReservation,
  updateReservation,
} from './reservation-lifecycle';
import { getReservation, listReservations } from './reservation-queries';
import {
  closeFields,
  reasonFields,
  reservationDetailSchema,
  reservationFields,
  reservationFilters,
  reservationIdInput,
  reservationSchema,
  reservationUpdateFields,
} from './reservation-schema';

/** The member acting, as a drafted contract's `created` event records them. */
const memberActor = (ctx: { caller: Caller; req: Request; config: Config }): Actor => ({
  userId: ctx.caller.user.id,
  name: ctx.caller.user.displayName,
  email: ctx.caller.user.email,
  ...evidenceOf(ctx.req, ctx.config),
});

const one = z.object({ data: reservationDetailSchema });
const TAGS = ['Stud reservations'];
const PATH = '/studs/{studId}/reservations/{reservationId}';
const STATE_RULE = 'Any other state answers 409 naming it.';

/** A stud's bookings of its stallions' services, by season (DESIGN-MODULES B.3). */
export const reservationsRouter = router({
  list: organizationProcedure('stud', 'reservations.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/reservations',
        tags: TAGS,
        summary: 'The reservations, newest season first, paginated',
        description:
          'Then by stallion and mare name. Filters `season` (exact label), `stallion_id`, `client_id`, `mare_id`, `status`; 25 per page unless `per_page` says.',
      },
    })
    .input(studIdInput.extend(reservationFilters.shape))
    .output(paginatedSchema(reservationSchema))
    .query(({ ctx, input }) => listReservations(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'reservations.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/reservations',
        tags: TAGS,
        summary: 'Book a mare to a service',
        description:
          "`service_id` is an active service of the stud: its stallion, season, fees and terms are copied (read-only). `mare_id` is a mare of the stud; `client_id` a client of the stud, the mare's owner unless given, required unless the mare is the stud's own. One open reservation per mare and season (409). `confirm: true` creates it confirmed when the stallion's book has room (409), and drafts its contract from the service's contract template when it names one (signed by the client when the client has an e-mail). `return_of_id` uses the return privilege of a failed reservation of the same stallion, for the same mare unless its terms allowed a substitute: stud and booking fee 0, once (409). `source` is `staff` unless given.",
      },
    })
    .input(studIdInput.extend(reservationFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createReservation(ctx.db, ctx.organization, memberActor(ctx), input),
    })),

  get: organizationProcedure('stud', 'reservations.view')
    .meta({
      openapi: {
        method: 'GET',
        path: PATH,
        tags: TAGS,
        summary: 'A reservation with its timeline',
        description:
          '`timeline` lists, oldest first, its own moves, its breeding events, its shipments’ steps, the checks of its pregnancies and their births; `at` is a date for what happened on a day, else a timestamp.',
      },
    })
    .input(reservationIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getReservation(ctx.db, ctx.organization, input.reservationId),
    })),

  update: organizationProcedure('stud', 'reservations.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: PATH,
        tags: TAGS,
        summary: 'Update the notes or the client of a reservation',
        description:
          'The client changes while requested or confirmed (409 after); `null` clears it for the stud’s own mare only. The terms never change.',
      },
    })
    .input(reservationIdInput.extend(reservationUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateReservation(ctx.db, ctx.organization, input.reservationId, input),
    })),

  remove: organizationProcedure('stud', 'reservations.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: PATH,
        tags: TAGS,
        summary: 'Cancel a reservation (it is kept), without a reason',
        description: `As \`POST …/cancel\`: requested or confirmed, before any breeding event or shipment. ${STATE_RULE}`,
      },
    })
    .input(reservationIdInput)
    .output(z.object({ message: z.string(), data: reservationDetailSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Reservation cancelled.',
      data: await cancelReservation(ctx.db, ctx.organization, input.reservationId, null),
    })),

  confirm: organizationProcedure('stud', 'reservations.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/confirm`,
        tags: TAGS,
        summary: 'Confirm a requested reservation',
        description: `Only while the stallion's book for the season has room: his confirmed to completed reservations are fewer than his profile's \`book_limit\` (none: no limit), else 409. Drafts the reservation's contract from the service's contract template when it names one (signed by the client when the client has an e-mail). ${STATE_RULE}`,
      },
    })
    .input(reservationIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await confirmReservation(
        ctx.db,
        ctx.organization,
        input.reservationId,
        memberActor(ctx),
      ),
    })),

  reject: organizationProcedure('stud', 'reservations.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/reject`,
        tags: TAGS,
        summary: 'Reject a requested reservation, with the reason',
        description: STATE_RULE,
      },
    })
    .input(reservationIdInput.extend(reasonFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await rejectReservation(ctx.db, ctx.organization, input.reservationId, input.reason),
    })),

  cancel: organizationProcedure('stud', 'reservations.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/cancel`,
        tags: TAGS,
        summary: 'Cancel a requested or confirmed reservation, with the reason',
        description: `Only before any breeding event or shipment (409). ${STATE_RULE}`,
      },
    })
    .input(reservationIdInput.extend(reasonFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await cancelReservation(ctx.db, ctx.organization, input.reservationId, input.reason),
    })),

  close: organizationProcedure('stud', 'reservations.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/close`,
        tags: TAGS,
        summary: 'Close a reservation in progress or pregnant as failed',
        description: `\`outcome\`: no_pregnancy, pregnancy_lost or foal_lost. A live-foal guarantee grants a return privilege, as does a positive-pregnancy one never met. ${STATE_RULE}`,
      },
    })
    .input(reservationIdInput.extend(closeFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await closeReservation(ctx.db, ctx.organization, input.reservationId, input.outcome),
    })),
});
