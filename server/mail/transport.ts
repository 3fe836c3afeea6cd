import { Resend } from 'resend';
import type { Config } from '../kernel/config';
import { logger } from '../kernel/log';

export type OutgoingEmail = {
  /** The outbox row id: the provider's idempotency key, so a retry never sends twice. */
  id: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
};

export type MailTransport = {
  /** Recorded on the outbox row: `resend`, `log`, or a test's own. */
  name: string;
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
};

/** A refusal that retrying cannot fix (an invalid recipient, say): the row fails at once. */
export class PermanentMailError extends Error {
  override name = 'PermanentMailError';
}

/** Resend's statuses that mean the request itself is wrong; others (429, 5xx, network, auth) are retried. */
const PERMANENT_STATUSES = new Set([400, 404, 405, 413, 422]);

export function resendTransport(options: { apiKey: string; baseUrl?: string }): MailTransport {
  const client = new Resend(
    options.apiKey,
    options.baseUrl ? { baseUrl: options.baseUrl } : undefined,
  );
  return {
    name: 'resend',
    async send(email) {
      const { data, error } = await client.emails.send(
        {
          from: email.from,
          to: email.to,
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          subject: email.subject,
          html: email.html,
          text: email.text,
        },
        { idempotencyKey: email.id },
      );
      if (error) {
        const message = `Resend ${error.statusCode ?? 'error'} ${error.name}: ${error.message}`;
        if (error.statusCode !== null && PERMANENT_STATUSES.has(error.statusCode))
          throw new PermanentMailError(message);
        throw new Error(message);
      }
      return { providerMessageId: data.id };
    },
  };
}

/**
 * Without a provider the message is only logged; the outbox row keeps the rendered e-mail,
 * which the admin mail viewer shows (DESIGN 6).
 */
export function logTransport(): MailTransport {
  return {
    name: 'log',
    async send(email) {
      // The address and subject are personal data: the mail viewer shows them, the log does not.
      logger.info({ id: email.id }, 'e-mail kept by the log transport');
      return { providerMessageId: `log-${email.id}` };
    },
  };
}

export function transportFor(config: Config): MailTransport {
  return config.resendApiKey ? resendTransport({ apiKey: config.resendApiKey }) : logTransport();
}
