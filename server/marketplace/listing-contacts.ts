import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { sendContact } from './contact-lifecycle';
import { receivedContacts, sentContacts } from './contact-queries';
import {
  contactInput,
  contactPage,
  contactSchema,
  receivedContactsInput,
  sentContactsInput,
} from './contact-schema';
import { marketplaceProcedure } from './marketplace-procedure';

const tags = ['Marketplace messages'];

/** Buyers' messages about listings, e-mailed to their sellers (DESIGN-MODULES C.4). */
export const listingContactsRouter = router({
  send: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/listings/{id}/contact',
        tags,
        summary: 'Write to the seller of a listing',
        description:
          "E-mails the seller's contact address (`marketplace-contact`, Reply-To the caller's e-mail) and gives whoever manages the seller profile an in-app notice. Not one's own listing (422), active listings only (409; 404 when the caller cannot see it), 10 messages an hour per user (429 with `Retry-After`).",
      },
    })
    .input(contactInput)
    .output(z.object({ data: contactSchema }))
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(async (tx) => ({
        data: await sendContact(tx, ctx.caller, input, ctx.config.appUrl),
      })),
    ),

  received: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/contacts/received',
        tags,
        summary: 'Messages to my seller profiles, newest first',
        description:
          "Paginated (25): messages to every seller profile the caller manages, with the sender's name and e-mail. Filters: `seller_profile_id`, `listing_id`.",
      },
    })
    .input(receivedContactsInput)
    .output(contactPage)
    .query(({ ctx, input }) => receivedContacts(ctx.db, ctx.caller.user.id, input, ctx.url)),

  sent: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/contacts/sent',
        tags,
        summary: 'Messages I sent, newest first',
        description: 'Paginated (25).',
      },
    })
    .input(sentContactsInput)
    .output(contactPage)
    .query(({ ctx, input }) => sentContacts(ctx.db, ctx.caller.user.id, input, ctx.url)),
});
