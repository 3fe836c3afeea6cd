import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../test/harness';
import { queueEmail } from './outbox';
import { renderEmail } from './render';
import { registry } from '../modules';

const EMAIL_TEMPLATES = registry.emailTemplates;

const app = useTestApp();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE = 'http://localhost:3000/api/admin/mail/outbox';
const MISSING = '00000000-0000-4000-8000-000000000000';

const admin = () => app.tokenFor(ADMIN_EMAIL);

/** Queues `count` e-mails, one second apart (oldest first), and returns their ids. */
async function queueSeveral(count: number): Promise<string[]> {
  const email = await renderEmail(
    'marketplace-contact',
    EMAIL_TEMPLATES['marketplace-contact'].previewProps,
  );
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await queueEmail(app.db, email, { to: `seller${i}@example.com` });
    await app.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - make_interval(secs => ${count - i}::int)` })
      .where(eq(emailOutbox.id, id));
    ids.push(id);
  }
  return ids;
}

function expectError(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
}

const ROUTES: [method: string, label: string, path: (id: string) => string][] = [
  ['GET', '/api/admin/mail/outbox', () => '/api/admin/mail/outbox'],
  ['GET', '/api/admin/mail/outbox/{id}', (id) => `/api/admin/mail/outbox/${id}`],
  ['POST', '/api/admin/mail/outbox/{id}/retry', (id) => `/api/admin/mail/outbox/${id}/retry`],
];

describe('guards of the mail viewer routes', () => {
  it.each(ROUTES)(
    '%s %s: 401 without a token, 403 for a user who is not a platform administrator',
    async (method, _label, path) => {
      const [id] = await queueSeveral(1);
      await app.db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, id!));
      expectError(await app.request(method, path(id!)), 401, 'UNAUTHORIZED');
      expectError(
        await app.request(method, path(id!), { token: await app.tokenFor('rider@x.test') }),
        403,
        'FORBIDDEN',
      );
      expect((await app.db.select().from(emailOutbox))[0]!.status).toBe('failed');
    },
  );
});

describe('GET /api/admin/mail/outbox', () => {
  it('pages through the outbox newest first, without the bodies', async () => {
    const ids = await queueSeveral(3);
    const token = await admin();

    const page1 = await app.request('GET', '/api/admin/mail/outbox?per_page=2', { token });

    expect(page1.status).toBe(200);
    expect(page1.body).toEqual({
      data: [
        {
          id: ids[2],
          kind: 'marketplace-contact',
          to: 'seller2@example.com',
          reply_to: null,
          subject: 'Question about your listing: Hanoverian gelding, 8 years, 16.2 hh',
          status: 'pending',
          attempts: 0,
          next_attempt_at: expect.stringMatching(ISO_TIMESTAMP),
          last_error: null,
          transport: null,
          provider_message_id: null,
          sent_at: null,
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          updated_at: expect.stringMatching(ISO_TIMESTAMP),
        },
        expect.objectContaining({ id: ids[1] }),
      ],
      meta: { current_page: 1, from: 1, last_page: 2, path: BASE, per_page: 2, to: 2, total: 3 },
      links: {
        first: `${BASE}?per_page=2&page=1`,
        last: `${BASE}?per_page=2&page=2`,
        prev: null,
        next: `${BASE}?per_page=2&page=2`,
      },
    });
    const page2 = await app.request('GET', '/api/admin/mail/outbox?per_page=2&page=2', { token });
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
  });

  it('filters by status', async () => {
    const ids = await queueSeveral(3);
    await app.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, transport: 'log' })
      .where(eq(emailOutbox.id, ids[0]!));
    await app.db
      .update(emailOutbox)
      .set({ status: 'failed', lastError: 'Attempt 8: down' })
      .where(eq(emailOutbox.id, ids[1]!));
    const token = await admin();
    const list = async (status: string) =>
      (await app.request('GET', `/api/admin/mail/outbox?status=${status}`, { token })).body
        .data as { id: string; sent_at: string | null; next_attempt_at: string | null }[];

    const sent = await list('sent');
    expect(sent.map((e) => e.id)).toEqual([ids[0]]);
    expect(sent[0]).toMatchObject({
      sent_at: expect.stringMatching(ISO_TIMESTAMP),
      next_attempt_at: null,
    });
    expect((await list('failed')).map((e) => e.id)).toEqual([ids[1]]);
    expect((await list('pending')).map((e) => e.id)).toEqual([ids[2]]);
  });

  it('answers an empty page when nothing was sent', async () => {
    const res = await app.request('GET', '/api/admin/mail/outbox', { token: await admin() });
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ total: 0, from: null, to: null, per_page: 20 });
  });

  it.each([
    ['status=queued', 'status'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
  ])('answers 422 for ?%s', async (query, field) => {
    const res = await app.request('GET', `/api/admin/mail/outbox?${query}`, {
      token: await admin(),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toEqual(res.body.errors[field][0]);
  });
});

describe('GET /api/admin/mail/outbox/{id}', () => {
  it('answers the e-mail with its rendered HTML and text', async () => {
    const [id] = await queueSeveral(1);

    const res = await app.request('GET', `/api/admin/mail/outbox/${id}`, { token: await admin() });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      kind: 'marketplace-contact',
      to: 'seller0@example.com',
      status: 'pending',
    });
    expect(res.body.data.html).toMatch(/^<!DOCTYPE html/);
    expect(res.body.data.html).toContain('Hanoverian gelding, 8 years, 16.2 hh');
    expect(res.body.data.text).toContain('Oliver Grant');
  });

  it.each([MISSING, 'not-a-uuid'])('answers 404 for %s', async (id) => {
    expectError(
      await app.request('GET', `/api/admin/mail/outbox/${id}`, { token: await admin() }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /api/admin/mail/outbox/{id}/retry', () => {
  it('queues a failed e-mail again with a fresh set of attempts', async () => {
    const [id] = await queueSeveral(1);
    await app.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'Attempt 8: provider unreachable' })
      .where(eq(emailOutbox.id, id!));

    const res = await app.request('POST', `/api/admin/mail/outbox/${id}/retry`, {
      token: await admin(),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: expect.objectContaining({
        id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: expect.stringMatching(ISO_TIMESTAMP),
        last_error: 'Attempt 8: provider unreachable',
      }),
    });
  });

  it.each(['pending', 'sent'] as const)(
    'answers 409 for a %s e-mail and changes nothing',
    async (status) => {
      const [id] = await queueSeveral(1);
      await app.db.update(emailOutbox).set({ status, attempts: 1 }).where(eq(emailOutbox.id, id!));

      expectError(
        await app.request('POST', `/api/admin/mail/outbox/${id}/retry`, { token: await admin() }),
        409,
        'CONFLICT',
      );
      expect((await app.db.select().from(emailOutbox))[0]).toMatchObject({ status, attempts: 1 });
    },
  );

  it.each([MISSING, 'not-a-uuid'])('answers 404 for %s', async (id) => {
    expectError(
      await app.request('POST', `/api/admin/mail/outbox/${id}/retry`, { token: await admin() }),
      404,
      'NOT_FOUND',
    );
  });
});
