import { z } from 'zod';
import { publicProcedure, router } from '../kernel/trpc/init';
import { sendContactRequest } from './contact-lifecycle';
import { CONTACT_ACCEPTED, contactReceiptSchema, contactRequestSchema } from './contact-schema';
import { clientKeyOf } from '../kernel/http/rate-limit';

export const contactRouter = router({
  send: publicProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/contact',
        protect: false,
        tags: ['General'],
        summary: 'Sends a message to the platform team',
        description:
          'Stored before 201 is answered; an e-mail to the contact address is queued with it. At most CONTACT_RATE_LIMIT accepted requests a minute per client (429 with Retry-After beyond); invalid requests do not count.',
      },
    })
    .input(contactRequestSchema)
    .output(z.object({ message: z.string(), data: contactReceiptSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: CONTACT_ACCEPTED,
      data: await sendContactRequest(ctx.db, ctx.config, clientKeyOf(ctx.req, ctx.config), input),
    })),
});
