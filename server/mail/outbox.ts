import type { Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import type { RenderedEmail } from './render';

/**
 * Queues a rendered e-mail. Call it with the transaction of the change that causes the
 * e-mail, so both are stored or neither (DESIGN 6); the worker sends it afterwards.
 */
export async function queueEmail(
  db: Database,
  email: RenderedEmail,
  recipient: { to: string; replyTo?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      to: recipient.to,
      replyTo: recipient.replyTo ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
      props: email.props,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Queues one rendered e-mail to each address, in one statement (same rule as `queueEmail`). */
export async function queueEmails(
  db: Database,
  email: RenderedEmail,
  to: readonly string[],
): Promise<void> {
  if (to.length === 0) return;
  await db.insert(emailOutbox).values(
    to.map((address) => ({
      kind: email.kind,
      to: address,
      subject: email.subject,
      html: email.html,
      text: email.text,
      props: email.props,
    })),
  );
}
