import { z } from 'zod';

/** A message to the platform team, as POST /contact takes it (spec 2.2). Client-safe. */

/** A required text of at most `max` characters, trimmed (spec 2.2). */
const text = (max: number) => z.string().trim().min(1, { abort: true }).max(max);

export const contactRequestSchema = z.object({
  name: text(255),
  email: text(255).pipe(z.email()),
  subject: text(255),
  message: text(5000),
});

export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactReceiptSchema = z.object({
  name: z.string(),
  email: z.string(),
  subject: z.string(),
});

export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const CONTACT_ACCEPTED = 'Thank you for your message. We will get back to you soon.';
