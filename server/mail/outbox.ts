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

/** Queues rendered e-mails, each to its address, in one statement (same rule as `queueEmail`). */
export async function queueEachEmail(
  db: Database,
  messages: readonly { email: RenderedEmail; to: string }[],
): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(emailOutbox).values(
    messages.map(({ email, to }) => ({
      kind: email.kind,
      to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      props: email.props,
    })),
  );
}
