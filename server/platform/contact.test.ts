import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactRequests, emailOutbox, rateLimitCounters } from '@/db/schema';
import { captureLogs } from '../kernel/log';
import { useTestApp, type TestApp } from '../test/harness';
import { awayFromWindowEdge } from '../test/rate-limit-window';
import { CONTACT_ACCEPTED } from './contact-schema';
import { DIRECT_CLIENT } from '../kernel/http/rate-limit';

const CONTACT_TO = 'team@horsehub.example';

const app = useTestApp({ env: { CONTACT_EMAIL_TO: CONTACT_TO } });

const VALID = {
  name: 'Sofia Lindqvist',
  email: 'sofia@example.com',
  subject: 'Listing a riding school',
  message: 'Hello, how do we get started with our twelve horses?',
};

let sequence = 0;
const valid = () => ({ ...VALID, subject: `${VALID.subject} #${++sequence}` });

function post(target: TestApp, body: unknown, headers?: Record<string, string>) {
  return target.request('POST', '/api/contact', { body, headers });
}

describe('POST /api/contact', () => {
  it('answers 201 {message, data: {name, email, subject}} without a token, after storing the request', async () => {
    const res = await post(app, VALID);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: CONTACT_ACCEPTED,
      data: { name: VALID.name, email: VALID.email, subject: VALID.subject },
    });
    const stored = await app.db.select().from(contactRequests);
    expect(stored).toEqual([
      expect.objectContaining({ ...VALID, clientKey: DIRECT_CLIENT, createdAt: expect.any(Date) }),
    ]);
  });

  it('queues the e-mail to CONTACT_EMAIL_TO, replying to the sender, rendered with the message', async () => {
    await post(app, VALID);

    const [request] = await app.db.select().from(contactRequests);
    const queued = await app.db.select().from(emailOutbox);
    expect(queued).toEqual([
      expect.objectContaining({
        kind: 'contact-form',
        to: CONTACT_TO,
        replyTo: VALID.email,
        subject: `Contact form: ${VALID.subject}`,
        status: 'pending',
        attempts: 0,
        props: { ...VALID, reference: request!.id },
      }),
    ]);
    expect(queued[0]!.html).toContain(VALID.message);
    expect(queued[0]!.html).toContain(request!.id);
    expect(queued[0]!.text).toContain(VALID.message);
  });

  it('trims the fields and ignores unknown ones', async () => {
    const res = await post(app, {
      ...VALID,
      name: '  Sofia Lindqvist ',
      is_admin: true,
      priority: 'high',
    });

    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Sofia Lindqvist');
    const [stored] = await app.db.select().from(contactRequests);
    expect(stored!.name).toBe('Sofia Lindqvist');
  });

  it('accepts each field at its limit (255, 5000 characters)', async () => {
    const email = `${'a'.repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    const res = await post(app, {
      name: 'n'.repeat(255),
      email,
      subject: 's'.repeat(255),
      message: 'm'.repeat(5000),
    });

    expect(res.status).toBe(201);
  });

  it('is stored together with its e-mail or not at all', async () => {
    // The outbox refuses new rows: the request must not be stored without its e-mail.
    await app.db.execute(
      sql`alter table email_outbox add constraint refuse_all check (false) not valid`,
    );
    const logged = captureLogs('error');
    try {
      const res = await post(app, VALID);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: expect.any(String), error: expect.any(String) });
      expect(res.text).not.toContain('refuse_all');
      expect(logged.lines).toContainEqual(
        expect.stringContaining(res.headers.get('x-request-id')!),
      );
    } finally {
      logged.stop();
      await app.db.execute(sql`alter table email_outbox drop constraint refuse_all`);
    }
    expect(await app.db.$count(contactRequests)).toBe(0);
    expect(await app.db.$count(rateLimitCounters)).toBe(0);
  });
});

describe('POST /api/contact: 422', () => {
  it('names every missing field, Laravel style', async () => {
    const res = await post(app, {});

    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The name field is required. (and 3 more errors)',
      errors: {
        name: ['The name field is required.'],
        email: ['The email field is required.'],
        subject: ['The subject field is required.'],
        message: ['The message field is required.'],
      },
    });
  });

  it.each([
    [
      'an invalid e-mail',
      { email: 'sofia.example.com' },
      'email',
      'The email field must be a valid email address.',
    ],
    [
      'an e-mail over 255 characters',
      { email: `${'a'.repeat(244)}@example.com` },
      'email',
      'The email field must not be greater than 255 characters.',
    ],
    [
      'a name over 255 characters',
      { name: 'n'.repeat(256) },
      'name',
      'The name field must not be greater than 255 characters.',
    ],
    [
      'a subject over 255 characters',
      { subject: 's'.repeat(256) },
      'subject',
      'The subject field must not be greater than 255 characters.',
    ],
    [
      'a message over 5000 characters',
      { message: 'm'.repeat(5001) },
      'message',
      'The message field must not be greater than 5000 characters.',
    ],
    ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
    ['an empty message', { message: '' }, 'message', 'The message field is required.'],
    ['a name that is not a string', { name: 42 }, 'name', 'The name field must be a string.'],
    ['a null subject', { subject: null }, 'subject', 'The subject field is required.'],
  ])('%s', async (_label, change, field, message) => {
    const res = await post(app, { ...VALID, ...change });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { [field]: [message] } });
    expect(await app.db.$count(contactRequests)).toBe(0);
    expect(await app.db.$count(emailOutbox)).toBe(0);
  });

  it('a body that is not JSON is a 400', async () => {
    const res = await app.request('POST', '/api/contact', {
      rawBody: 'name=Sofia',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });
});

describe('POST /api/contact: rate limit (CONTACT_RATE_LIMIT, default 5 a minute)', () => {
  it('answers 429 with Retry-After over the limit, storing nothing more', async () => {
    await awayFromWindowEdge(app.db);
    for (let i = 0; i < 5; i++) expect((await post(app, valid())).status).toBe(201);

    const refused = await post(app, valid());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: expect.any(String) },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await app.db.$count(contactRequests)).toBe(5);
    expect(await app.db.$count(emailOutbox)).toBe(5);
  });

  it('invalid requests get their 422 and do not use up the limit', async () => {
    await awayFromWindowEdge(app.db);
    for (let i = 0; i < 3; i++) expect((await post(app, valid())).status).toBe(201);
    for (let i = 0; i < 10; i++)
      expect((await post(app, { ...VALID, email: 'nope' })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await post(app, valid())).status).toBe(201);

    expect((await post(app, valid())).status).toBe(429);
    // Still validated first: an invalid request over the limit is told what is wrong.
    expect((await post(app, { ...VALID, email: 'nope' })).status).toBe(422);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a made-up address gets no fresh quota', async () => {
    await awayFromWindowEdge(app.db);
    for (let i = 0; i < 5; i++) {
      expect((await post(app, valid(), { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(201);
    }
    expect((await post(app, valid(), { 'x-forwarded-for': '192.0.2.99' })).status).toBe(429);
  });
});

const proxied = useTestApp({ env: { TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '2' } });

describe('POST /api/contact behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('counts per client address, the last X-Forwarded-For entry', async () => {
    await awayFromWindowEdge(proxied.db);
    const first = { 'x-forwarded-for': '203.0.113.7' };
    expect((await post(proxied, valid(), first)).status).toBe(201);
    expect((await post(proxied, valid(), first)).status).toBe(201);
    expect((await post(proxied, valid(), first)).status).toBe(429);
    // The client may prepend anything; the proxy's own entry is the last one.
    expect(
      (await post(proxied, valid(), { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).status,
    ).toBe(429);

    expect(
      (await post(proxied, valid(), { 'x-forwarded-for': '203.0.113.7, 198.51.100.23' })).status,
    ).toBe(201);
    const keys = await proxied.db.select({ key: contactRequests.clientKey }).from(contactRequests);
    expect(keys.map((k) => k.key).sort()).toEqual(['198.51.100.23', '203.0.113.7', '203.0.113.7']);
  });
});

const unlimited = useTestApp({ env: { CONTACT_RATE_LIMIT: '0' } });

describe('POST /api/contact with CONTACT_RATE_LIMIT=0', () => {
  it('never limits', async () => {
    for (let i = 0; i < 8; i++) expect((await post(unlimited, valid())).status).toBe(201);
    expect(await unlimited.db.$count(contactRequests)).toBe(8);
    expect(await unlimited.db.$count(rateLimitCounters)).toBe(0);
  });
});
