import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { queueEmail } from './outbox';
import { renderEmail } from './render';
import { captureLogs } from '../kernel/log';
import {
  logTransport,
  PermanentMailError,
  resendTransport,
  type MailTransport,
  type OutgoingEmail,
} from './transport';
import {
  backoffSeconds,
  createOutboxWorker,
  drainOutbox,
  MAX_ATTEMPTS,
  processOutboxBatch,
  startOutboxWorker,
  stopOutboxWorker,
} from './worker';
import { registry } from '../modules';

const EMAIL_TEMPLATES = registry.emailTemplates;

const app = useTestApp();
const FROM = 'Equestrian Platform <no-reply@horsehub.example>';
const NOW = { retryDelaySeconds: () => 0 };

/** A provider that fails its first `failures` calls, then accepts. */
function flakyProvider(
  failures: number,
  error: () => Error = () => new Error('provider unreachable'),
) {
  const calls: OutgoingEmail[] = [];
  const delivered: OutgoingEmail[] = [];
  const transport: MailTransport = {
    name: 'fake',
    async send(email) {
      calls.push(email);
      if (calls.length <= failures) throw error();
      delivered.push(email);
      return { providerMessageId: `fake-${delivered.length}` };
    },
  };
  return { calls, delivered, transport };
}

async function queueContactEmail(to = 'team@horsehub.example') {
  const props = EMAIL_TEMPLATES['contact-form'].previewProps;
  return queueEmail(app.db, await renderEmail('contact-form', props), { to, replyTo: props.email });
}

async function row(id: string) {
  const [found] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

describe('the outbox worker', () => {
  it('a provider that fails twice then succeeds delivers exactly one e-mail, with the same idempotency key each try', async () => {
    const id = await queueContactEmail();
    const provider = flakyProvider(2);

    expect(
      await drainOutbox(app.db, { transport: provider.transport, from: FROM, ...NOW }),
    ).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Attempt 1: provider unreachable',
    });
    await drainOutbox(app.db, { transport: provider.transport, from: FROM, ...NOW });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'Attempt 2: provider unreachable',
    });
    expect(
      await drainOutbox(app.db, { transport: provider.transport, from: FROM, ...NOW }),
    ).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(
      await drainOutbox(app.db, { transport: provider.transport, from: FROM, ...NOW }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });

    expect(provider.calls.map((call) => call.id)).toEqual([id, id, id]);
    expect(provider.delivered).toHaveLength(1);
    expect(provider.delivered[0]).toEqual({
      id,
      from: FROM,
      to: 'team@horsehub.example',
      replyTo: EMAIL_TEMPLATES['contact-form'].previewProps.email,
      subject: 'Contact form: Listing a riding school',
      html: expect.stringContaining('Sofia Lindqvist'),
      text: expect.stringContaining('Sofia Lindqvist'),
    });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
      transport: 'fake',
      providerMessageId: 'fake-1',
      sentAt: expect.any(Date),
    });
  });

  it('waits with exponential backoff between tries', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(backoffSeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    const id = await queueContactEmail();
    const provider = flakyProvider(1);

    await drainOutbox(app.db, { transport: provider.transport, from: FROM });
    const [waiting] = await queryRows<{ wait: number }>(
      app.db,
      sql`select extract(epoch from (next_attempt_at - now()))::float8 as wait from email_outbox`,
    );
    expect(waiting!.wait).toBeGreaterThan(25);
    expect(waiting!.wait).toBeLessThanOrEqual(30);

    // Not due yet: nothing is sent.
    await drainOutbox(app.db, { transport: provider.transport, from: FROM });
    expect(provider.calls).toHaveLength(1);

    await app.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
    await drainOutbox(app.db, { transport: provider.transport, from: FROM });
    expect(provider.delivered).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('marks the e-mail failed after the last try, visible to administrators, who can queue it again', async () => {
    const id = await queueContactEmail();
    const down = flakyProvider(Infinity);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++)
      await drainOutbox(app.db, { transport: down.transport, from: FROM, ...NOW });

    expect(down.calls).toHaveLength(MAX_ATTEMPTS);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: `Attempt ${MAX_ATTEMPTS}: provider unreachable`,
    });

    const token = await app.tokenFor(ADMIN_EMAIL);
    const failed = await app.request('GET', '/api/admin/mail/outbox?status=failed', { token });
    expect(failed.body.data).toEqual([
      expect.objectContaining({
        id,
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        last_error: expect.stringContaining('provider unreachable'),
        next_attempt_at: null,
      }),
    ]);

    const retried = await app.request('POST', `/api/admin/mail/outbox/${id}/retry`, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id, status: 'pending', attempts: 0 });

    const up = flakyProvider(0);
    await drainOutbox(app.db, { transport: up.transport, from: FROM });
    expect(up.delivered.map((email) => email.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a refusal that retrying cannot fix fails at once', async () => {
    const id = await queueContactEmail('not-an-inbox');
    const provider = flakyProvider(
      1,
      () => new PermanentMailError('Resend 422 validation_error: Invalid `to` field.'),
    );

    expect(
      await drainOutbox(app.db, { transport: provider.transport, from: FROM, ...NOW }),
    ).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('validation_error'),
    });
  });

  it('another worker does not pick up a row while it is being sent', async () => {
    const id = await queueContactEmail();
    const seenByOther: number[] = [];
    const other = flakyProvider(0);
    const transport: MailTransport = {
      name: 'slow',
      async send() {
        // A second worker runs while the first one waits for the provider.
        seenByOther.push(
          (await processOutboxBatch(app.db, { transport: other.transport, from: FROM })).claimed,
        );
        return { providerMessageId: 'slow-1' };
      },
    };

    await drainOutbox(app.db, { transport, from: FROM });

    expect(seenByOther).toEqual([0]);
    expect(other.calls).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: 'slow-1',
    });
  });

  it('a provider that does not answer counts as a failed try', async () => {
    const id = await queueContactEmail();
    const hanging: MailTransport = { name: 'hanging', send: () => new Promise(() => {}) };

    expect(
      await drainOutbox(app.db, { transport: hanging, from: FROM, sendTimeoutMs: 50 }),
    ).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('did not answer'),
    });
  });

  it('a row whose worker died comes back after its lease', async () => {
    const id = await queueContactEmail();
    // A worker claimed the row and died: attempts counted, next_attempt_at pushed past its lease.
    await app.db
      .update(emailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '2 minutes'` })
      .where(eq(emailOutbox.id, id));
    const provider = flakyProvider(0);
    await drainOutbox(app.db, { transport: provider.transport, from: FROM });
    expect(provider.calls).toHaveLength(0);

    await app.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    await drainOutbox(app.db, { transport: provider.transport, from: FROM });
    expect(provider.delivered.map((email) => email.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends in batches until nothing is due, oldest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await queueContactEmail(`inbox${i}@horsehub.example`));
    const provider = flakyProvider(0);

    // One claim takes at most a batch, however many rows are due.
    expect(
      await processOutboxBatch(app.db, { transport: provider.transport, from: FROM, batchSize: 3 }),
    ).toEqual({
      claimed: 3,
      sent: 3,
      retrying: 0,
      failed: 0,
    });
    expect(
      await drainOutbox(app.db, { transport: provider.transport, from: FROM, batchSize: 3 }),
    ).toEqual({ sent: 4, retrying: 0, failed: 0 });
    expect(provider.delivered.map((email) => email.to)).toEqual(
      ids.map((_, i) => `inbox${i}@horsehub.example`),
    );
  });
});

describe('the log transport (no RESEND_API_KEY)', () => {
  it('marks the e-mail sent by log and keeps the rendered message for the mail viewer', async () => {
    const id = await queueContactEmail();
    const logs = captureLogs();
    const lines = logs.lines;
    try {
      await drainOutbox(app.db, { transport: logTransport(), from: FROM });
    } finally {
      logs.stop();
    }

    expect(await row(id)).toMatchObject({
      status: 'sent',
      transport: 'log',
      providerMessageId: `log-${id}`,
      html: expect.stringContaining('Sofia Lindqvist'),
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id });
    for (const personal of ['<html', 'team@horsehub.example', 'Listing a riding school'])
      expect(lines[0]).not.toContain(personal);
  });
});

/** Resend's API, played by a local server that fails `failures` times first. */
async function fakeResend(
  failures: number,
  failure: { status: number; body: unknown } = {
    status: 500,
    body: { statusCode: 500, name: 'internal_server_error', message: 'Something went wrong' },
  },
) {
  const requests: {
    path: string;
    headers: http.IncomingHttpHeaders;
    body: Record<string, unknown>;
  }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw) as Record<string, unknown>,
      });
      const fail = requests.length <= failures;
      res.writeHead(fail ? failure.status : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fail ? failure.body : { id: 'resend-msg-0001' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Resend transport (RESEND_API_KEY set)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('sends with Idempotency-Key = the outbox row id, the same on every retry, and delivers once', async () => {
    const resend = await fakeResend(2);
    close = resend.close;
    const id = await queueContactEmail();
    const transport = resendTransport({ apiKey: 're_test_123', baseUrl: resend.url });

    for (let i = 0; i < 3; i++) await drainOutbox(app.db, { transport, from: FROM, ...NOW });

    expect(resend.requests).toHaveLength(3);
    for (const request of resend.requests) {
      expect(request.path).toBe('/emails');
      expect(request.headers['idempotency-key']).toBe(id);
      expect(request.headers.authorization).toBe('Bearer re_test_123');
      expect(request.body).toMatchObject({
        from: FROM,
        to: 'team@horsehub.example',
        reply_to: EMAIL_TEMPLATES['contact-form'].previewProps.email,
        subject: 'Contact form: Listing a riding school',
        html: expect.stringContaining('Sofia Lindqvist'),
        text: expect.stringContaining('Sofia Lindqvist'),
      });
    }
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      transport: 'resend',
      providerMessageId: 'resend-msg-0001',
    });
  });

  it('a validation error from Resend fails the e-mail at once; a rate limit is retried', async () => {
    const invalid = await fakeResend(1, {
      status: 422,
      body: { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' },
    });
    const first = await queueContactEmail('broken');
    await drainOutbox(app.db, {
      transport: resendTransport({ apiKey: 're_test', baseUrl: invalid.url }),
      from: FROM,
      ...NOW,
    });
    await invalid.close();
    expect(await row(first)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('validation_error'),
    });

    const limited = await fakeResend(1, {
      status: 429,
      body: { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' },
    });
    close = limited.close;
    const second = await queueContactEmail();
    await drainOutbox(app.db, {
      transport: resendTransport({ apiKey: 're_test', baseUrl: limited.url }),
      from: FROM,
      ...NOW,
    });
    expect(await row(second)).toMatchObject({
      status: 'pending',
      lastError: expect.stringContaining('rate_limit_exceeded'),
    });
  });
});

describe('the in-process worker', () => {
  afterEach(() => stopOutboxWorker());

  it('runs once per process, sends what is queued when woken, and stops', async () => {
    const provider = flakyProvider(0);
    const start = () =>
      createOutboxWorker(app.db, { transport: provider.transport, from: FROM, intervalMs: 60_000 });
    const worker = startOutboxWorker(start);
    expect(startOutboxWorker(start)).toBe(worker);

    // The contact route wakes the worker after queueing.
    const res = await app.request('POST', '/api/contact', {
      body: {
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Lessons',
        message: 'Do you teach adults?',
      },
    });
    expect(res.status).toBe(201);
    await expect.poll(() => provider.delivered.length, { timeout: 5000 }).toBe(1);
    expect(provider.delivered[0]!.subject).toBe('Contact form: Lessons');

    await stopOutboxWorker();
    await queueContactEmail();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(provider.delivered).toHaveLength(1);
  });
});
