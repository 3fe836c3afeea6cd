import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { contactRequests } from '@/db/schema';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { wakeOutboxWorker } from '../mail/worker';
import { publicProcedure, router } from '../kernel/trpc/init';
import { clientKeyOf, consumeRateLimit } from './rate-limit';

/** A required text of at most `max` characters, trimmed (spec 2.2). */
const text = (max: number) => z.string().trim().min(1, { abort: true }).max(max);

export const contactRequestSchema = z.object({
  name: text(255),
  email: text(255).pipe(z.email()),
  subject: text(255),
  message: text(5000),
});

export const CONTACT_ACCEPTED = 'Thank you for your message. We will get back to you soon.';

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
    .output(
      z.object({
        message: z.string(),
        data: z.object({ name: z.string(), email: z.string(), subject: z.string() }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const id = randomUUID();
      const clientKey = clientKeyOf(ctx.req, ctx.config);
      const email = await renderEmail('contact-form', { ...input, reference: id });
      await ctx.db.transaction(async (tx) => {
        const limit = ctx.config.contactRateLimit;
        if (limit > 0) {
          await consumeRateLimit(
            tx,
            `contact:${clientKey}`,
            limit,
            60,
            'Too many contact requests. Please try again in a minute.',
          );
        }
        await tx.insert(contactRequests).values({ id, ...input, clientKey });
        await queueEmail(tx, email, { to: ctx.config.contactEmailTo, replyTo: input.email });
      });
      wakeOutboxWorker();
      return {
        message: CONTACT_ACCEPTED,
        data: { name: input.name, email: input.email, subject: input.subject },
      };
    }),
});
