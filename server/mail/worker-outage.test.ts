import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { queueEmail } from './outbox';
import { renderEmail } from './render';
import { resendTransport } from './transport';
import { createOutboxWorker, type OutboxWorker } from './worker';
import { registry } from '../modules';

const EMAIL_TEMPLATES = registry.emailTemplates;

const app = useTestApp();
const FROM = 'Equestrian Platform <no-reply@horsehub.example>';

/** Resend's API on a fixed port, answering `status` until told otherwise. */
function resendOn(port: number) {
  const requests: { idempotencyKey: string | undefined; status: number }[] = [];
  let status = 500;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push({
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        status,
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? { id: 'resend-msg-0001' }
            : {
                statusCode: status,
                name: 'internal_server_error',
                message: 'Something went wrong',
              },
        ),
      );
    });
  });
  return {
    requests,
    answer: (next: number) => (status = next),
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (yet). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function outboxRow(id: string) {
  const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

let worker: OutboxWorker | undefined;
let resend: ReturnType<typeof resendOn> | undefined;
afterEach(async () => {
  await worker?.stop();
  await resend?.close();
  worker = undefined;
  resend = undefined;
});

describe('the outbox worker while the e-mail provider fails', () => {
  it('keeps the message through refused connections and 500s, and delivers it once the provider works', async () => {
    const port = await freePort();
    const props = EMAIL_TEMPLATES['contact-form'].previewProps;
    const id = await queueEmail(app.db, await renderEmail('contact-form', props), {
      to: 'team@horsehub.example',
      replyTo: props.email,
    });
    worker = createOutboxWorker(app.db, {
      transport: resendTransport({ apiKey: 're_test', baseUrl: `http://127.0.0.1:${port}` }),
      from: FROM,
      intervalMs: 20,
      retryDelaySeconds: () => 0,
      maxAttempts: 1000,
    });

    // Nothing listens: the connection is refused, try after try.
    await expect
      .poll(async () => (await outboxRow(id)).attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', sentAt: null });

    // The provider answers, with errors.
    resend = resendOn(port);
    await resend.listen();
    await expect.poll(() => resend!.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await outboxRow(id)).toMatchObject({
      status: 'pending',
      lastError: expect.stringContaining('500'),
    });

    // And then it works: the message goes out once, with the row's idempotency key.
    resend.answer(200);
    await expect.poll(async () => (await outboxRow(id)).status, { timeout: 10_000 }).toBe('sent');
    await worker.stop();
    expect(resend.requests.filter((request) => request.status === 200)).toHaveLength(1);
    expect(new Set(resend.requests.map((request) => request.idempotencyKey))).toEqual(
      new Set([id]),
    );
    expect(await outboxRow(id)).toMatchObject({
      status: 'sent',
      providerMessageId: 'resend-msg-0001',
      lastError: null,
    });
  });
});
