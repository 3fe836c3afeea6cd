import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { wakeOutboxWorker } from '../mail/worker';
import { marketplaceProcedure } from './marketplace-procedure';
import { requestStallionBooking } from './stallion-booking-lifecycle';
import { stallionBookingInput, stallionBookingSchema } from './stallion-booking-schema';

const tags = ['Marketplace stallion bookings'];

/** A mare booked to a stallion through his listing, into the stud that sells it (C.9). */
export const stallionBookingRouter = router({
  request: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/listings/{id}/reservation-requests',
        tags,
        summary: 'Ask the stud to book a mare to a service of its stallion listing',
        description:
          "In one transaction, in the stud that sells the listing: the client with the caller's e-mail, else a new prospect (source marketplace); the mare as one of its horses off the premises unless it has her (`mare.horse_identity_id`, else the horse of `mare.ueln`, else the caller's mare of that `mare.name`; a new one needs `mare.birth_year`); and a reservation in status `requested`, source `owner_request`, with the service's terms and `message` as its notes. The stud's owners and managers get `stud.reservation_requested`; the stud then confirms or rejects it. 404 unless the listing is active and its seller may sell; 422 on `id` for a listing that is not a stallion service or one of a stud the caller belongs to, on `service_id` for a service the listing does not offer (its public, active `services`), on `mare.*` for a horse that is not a mare (female, a year old or more); 409 when the mare already has an open reservation in that season; 10 accepted requests an hour per user (429 with `Retry-After`).",
      },
    })
    .input(stallionBookingInput)
    .output(z.object({ data: stallionBookingSchema }))
    .mutation(async ({ ctx, input }) => {
      const data = await ctx.db.transaction((tx) =>
        requestStallionBooking(tx, ctx.caller, input, ctx.config.appUrl),
      );
      // The notice's e-mails were queued in the transaction.
      wakeOutboxWorker();
      return { data };
    }),
});
