import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { contactRequests } from '@/db/schema';
import type { Config } from '../kernel/config';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { wakeOutboxWorker } from '../mail/worker';
import type { ContactReceipt, ContactRequest } from './contact-schema';
import { consumeRateLimit } from '../kernel/http/rate-limit';

/**
 * Stores a contact request and queues its e-mail to the contact address in one transaction,
 * within the per-client rate limit (429 beyond it).
 */
export async function sendContactRequest(
  db: Database,
  config: Config,
  clientKey: string,
  input: ContactRequest,
): Promise<ContactReceipt> {
  const id = randomUUID();
  const email = await renderEmail('contact-form', { ...input, reference: id });
  await db.transaction(async (tx) => {
    const limit = config.contactRateLimit;
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
    await queueEmail(tx, email, { to: config.contactEmailTo, replyTo: input.email });
  });
  wakeOutboxWorker();
  return { name: input.name, email: input.email, subject: input.subject };
}
