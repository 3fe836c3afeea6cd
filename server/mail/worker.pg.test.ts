import { describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { queueEmail } from './outbox';
import { renderEmail } from './render';
import type { MailTransport } from './transport';
import { drainOutbox } from './worker';
import { registry } from '../modules';

const EMAIL_TEMPLATES = registry.emailTemplates;

const app = useTestApp();

describe('several outbox workers at once (PostgreSQL)', () => {
  it('deliver every e-mail exactly once', async () => {
    const email = await renderEmail(
      'waitlist-confirmation',
      EMAIL_TEMPLATES['waitlist-confirmation'].previewProps,
    );
    const ids = new Set<string>();
    for (let i = 0; i < 60; i++)
      ids.add(await queueEmail(app.db, email, { to: `family${i}@example.com` }));

    const delivered: string[] = [];
    const transport: MailTransport = {
      name: 'fake',
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        delivered.push(message.id);
        return { providerMessageId: `fake-${message.id}` };
      },
    };
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        drainOutbox(app.db, { transport, from: 'x@example.com', batchSize: 4 }),
      ),
    );

    expect(delivered).toHaveLength(60);
    expect(new Set(delivered)).toEqual(ids);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(60);
    // The work was shared, not done by one worker while the others waited.
    expect(runs.filter((run) => run.sent > 0).length).toBeGreaterThan(1);
    const rows = await app.db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
