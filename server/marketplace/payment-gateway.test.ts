import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminActions, paymentGatewaySecrets, paymentGatewaySettings } from '@/db/schema';
import { ConfigError } from '../kernel/config';
import { encryptionKey, openSecret, type SealedSecret } from '../kernel/secrets';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

const PATH = '/api/admin/payment-gateway';
const LIVE_KEY = 'sk_live_51LiveSecretValue';
const TEST_KEY = 'sk_test_51TestSecretValue';
const WEBHOOK = 'whsec_WebhookSecretValue';

/** A local stand-in for api.stripe.com: the balance for the keys it knows, else Stripe's 401. */
let stripe: { server: Server; url: string; seen: { path: string; auth: string }[] };

function startFakeStripe(): Promise<typeof stripe> {
  const seen: { path: string; auth: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push({ path: req.url ?? '', auth });
    res.setHeader('content-type', 'application/json');
    const key = auth.replace(/^Bearer /, '');
    if (req.url === '/v1/balance' && (key === LIVE_KEY || key === TEST_KEY)) {
      res.statusCode = 200;
      res.end(
        JSON.stringify({
          object: 'balance',
          livemode: key === LIVE_KEY,
          available: [],
          pending: [],
        }),
      );
      return;
    }
    res.statusCode = 401;
    res.end(
      JSON.stringify({
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key}` },
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    }),
  );
}

beforeAll(async () => {
  stripe = await startFakeStripe();
});

beforeEach(() => {
  vi.stubEnv('STRIPE_API_BASE', stripe.url);
  vi.stubEnv('APP_ENCRYPTION_KEY', '');
  stripe.seen.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => stripe.server.close(resolve));
});

const admin = () => app.tokenFor(ADMIN_EMAIL);
const put = async (body: Record<string, unknown>) =>
  app.request('PUT', PATH, { token: await admin(), body });
const runTest = async () => app.request('POST', `${PATH}/test`, { token: await admin() });
const read = async () => app.request('GET', PATH, { token: await admin() });

async function storedSecret(name: 'secret_key' | 'webhook_secret'): Promise<SealedSecret> {
  const rows = await app.db.select().from(paymentGatewaySecrets);
  const row = rows.find((r) => r.name === name)!;
  return { iv: row.iv, authTag: row.authTag, ciphertext: row.ciphertext };
}

/** Every trace a secret could leave: answers, the audit log, settings, the stored rows. */
async function everywhere(...answers: { text: string }[]): Promise<string> {
  const token = await admin();
  return [
    ...answers.map((a) => a.text),
    (await read()).text,
    (await app.request('GET', '/api/admin/settings', { token })).text,
    (await app.request('GET', '/api/admin/settings/group/marketplace', { token })).text,
    JSON.stringify(await app.db.select().from(adminActions)),
    JSON.stringify(await app.db.select().from(paymentGatewaySettings)),
    JSON.stringify(await app.db.select().from(paymentGatewaySecrets)),
  ].join('\n');
}

describe('the administrators’ payment gateway settings (E.5)', () => {
  it('is for platform administrators only', async () => {
    const user = await app.tokenFor('someone@market.test');
    for (const [method, path, body] of [
      ['GET', PATH, undefined],
      ['PUT', PATH, { payout_delay_days: 3 }],
      ['POST', `${PATH}/test`, undefined],
    ] as const) {
      expect((await app.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const res = await app.request(method, path, { token: user, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(await app.db.select().from(paymentGatewaySettings)).toEqual([]);
  });

  it('reads the manual provider in test mode until an administrator sets one', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      provider: 'manual',
      mode: 'test',
      publishable_key: null,
      secret_key_set: false,
      webhook_secret_set: false,
      payout_delay_days: 7,
      last_test: null,
      live_ready: false,
      updated_at: null,
    });
  });

  it('updates the fields given and logs each write', async () => {
    const res = await put({ provider: 'stripe', publishable_key: ' pk_test_abc ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      publishable_key: 'pk_test_abc',
      payout_delay_days: 7,
    });
    const again = await put({ payout_delay_days: 0 });
    expect(again.body.data).toMatchObject({
      provider: 'stripe',
      publishable_key: 'pk_test_abc',
      payout_delay_days: 0,
    });
    expect((await put({ publishable_key: null })).body.data.publishable_key).toBeNull();
    expect((await read()).body.data).toMatchObject({ provider: 'stripe', payout_delay_days: 0 });

    const log = await app.db.select().from(adminActions).orderBy(adminActions.createdAt);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      action: 'admin.paymentGateway.update',
      subjectType: 'payment_gateway',
      before: expect.objectContaining({ provider: 'manual' }),
      after: expect.objectContaining({ provider: 'stripe', publishable_key: 'pk_test_abc' }),
    });
  });

  it.each([
    ['provider', 'paypal'],
    ['provider', null],
    ['mode', 'sandbox'],
    ['publishable_key', 'pk test'],
    ['publishable_key', 12],
    ['secret_key', ''],
    ['secret_key', 'sk_test_ with space'],
    ['webhook_secret', 42],
    ['webhook_secret', 'x'.repeat(501)],
    ['payout_delay_days', 91],
    ['payout_delay_days', -1],
    ['payout_delay_days', 1.5],
    ['payout_delay_days', '7'],
  ])('answers 422 on %s = %j and changes nothing', async (field, value) => {
    const res = await put({ [field]: value });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(await app.db.select().from(paymentGatewaySettings)).toEqual([]);
    expect(await app.db.select().from(adminActions)).toEqual([]);
  });

  describe('secrets', () => {
    it('are write-only: set, kept when omitted, cleared by null, never shown', async () => {
      const set = await put({ secret_key: TEST_KEY, webhook_secret: WEBHOOK });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ secret_key_set: true, webhook_secret_set: true });
      expect(set.body.data).not.toHaveProperty('secret_key');

      const kept = await put({ payout_delay_days: 14 });
      expect(kept.body.data).toMatchObject({ secret_key_set: true, webhook_secret_set: true });

      const cleared = await put({ webhook_secret: null });
      expect(cleared.body.data).toMatchObject({ secret_key_set: true, webhook_secret_set: false });
      expect(await app.db.select().from(paymentGatewaySecrets)).toHaveLength(1);

      const log = await app.db.select().from(adminActions);
      expect(log[0]!.after).toMatchObject({ secret_key_set: true, webhook_secret_set: true });
      const traces = await everywhere(set, kept, cleared);
      for (const secret of [TEST_KEY, WEBHOOK, 'TestSecretValue', 'WebhookSecretValue'])
        expect(traces).not.toContain(secret);
    });

    it('are sealed with a key derived from AUTH_SECRET when APP_ENCRYPTION_KEY is unset', async () => {
      await put({ secret_key: TEST_KEY, webhook_secret: WEBHOOK });
      const sealed = await storedSecret('secret_key');
      expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
      expect(Buffer.from(sealed.authTag, 'base64')).toHaveLength(16);

      const derived = encryptionKey(undefined, app.config.auth.secret);
      expect(openSecret(derived, 'secret_key', sealed)).toBe(TEST_KEY);
      expect(openSecret(derived, 'webhook_secret', await storedSecret('webhook_secret'))).toBe(
        WEBHOOK,
      );
      expect(() =>
        openSecret(encryptionKey(undefined, 'another-secret'), 'secret_key', sealed),
      ).toThrow();
      expect(() => openSecret(randomBytes(32), 'secret_key', sealed)).toThrow();
      // Bound to its name: a ciphertext moved to the other row does not open.
      expect(() => openSecret(derived, 'webhook_secret', sealed)).toThrow();
    });

    it('are sealed with APP_ENCRYPTION_KEY, in hex or base64, and not with another key', async () => {
      const raw = randomBytes(32);
      vi.stubEnv('APP_ENCRYPTION_KEY', raw.toString('hex'));
      await put({ provider: 'stripe', secret_key: LIVE_KEY });
      const sealed = await storedSecret('secret_key');
      expect(openSecret(raw, 'secret_key', sealed)).toBe(LIVE_KEY);
      const derived = encryptionKey(undefined, app.config.auth.secret);
      expect(() => openSecret(derived, 'secret_key', sealed)).toThrow();

      vi.stubEnv('APP_ENCRYPTION_KEY', raw.toString('base64'));
      expect((await runTest()).body.data.ok).toBe(true);
      expect(stripe.seen).toEqual([{ path: '/v1/balance', auth: `Bearer ${LIVE_KEY}` }]);

      // Another key cannot read the stored secret: the test fails, the request does not.
      vi.stubEnv('APP_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
      const res = await runTest();
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ok: false, message: expect.stringContaining('decrypt') });
    });

    it('takes a key of 32 bytes only', () => {
      expect(encryptionKey(`  ${'ab'.repeat(32)} `, 'x')).toEqual(Buffer.alloc(32, 0xab));
      for (const bad of ['short', 'ab'.repeat(31), randomBytes(16).toString('base64')])
        expect(() => encryptionKey(bad, 'x')).toThrow(ConfigError);
      expect(encryptionKey(undefined, 'one')).not.toEqual(encryptionKey(undefined, 'two'));
      expect(encryptionKey('', 'one')).toEqual(encryptionKey(undefined, 'one'));
    });
  });

  describe('live mode', () => {
    it('needs a passing connection test of the current provider and keys', async () => {
      const before = await put({ mode: 'live' });
      expect(before.status).toBe(409);
      expect(before.body.error.code).toBe('CONFLICT');
      expect(await app.db.select().from(adminActions)).toEqual([]);

      // The manual driver passes without a network call.
      const manual = await runTest();
      expect(manual.body.data).toMatchObject({ ok: true });
      expect(stripe.seen).toEqual([]);
      expect((await read()).body.data).toMatchObject({ live_ready: true });
      expect((await put({ mode: 'live' })).status).toBe(200);

      // A change of provider while live voids the test.
      expect((await put({ provider: 'stripe', secret_key: LIVE_KEY })).status).toBe(409);
      expect((await read()).body.data).toMatchObject({ provider: 'manual', mode: 'live' });

      const staged = await put({
        mode: 'test',
        provider: 'stripe',
        secret_key: LIVE_KEY,
        publishable_key: 'pk_live_abc',
      });
      expect(staged.body.data).toMatchObject({ mode: 'test', live_ready: false });
      expect(staged.body.data.last_test).toMatchObject({ ok: true, current: false });
      expect((await put({ mode: 'live' })).status).toBe(409);

      const passed = await runTest();
      expect(passed.body.data).toEqual({
        ok: true,
        message: 'Connected to Stripe with live keys.',
      });
      expect((await put({ mode: 'live' })).status).toBe(200);
      // Settings other than the provider and keys stay editable while live.
      expect((await put({ payout_delay_days: 10 })).status).toBe(200);

      // A key changed after the test voids it: 409, and the old key stays.
      expect((await put({ secret_key: 'sk_live_other' })).status).toBe(409);
      const derived = encryptionKey(undefined, app.config.auth.secret);
      expect(openSecret(derived, 'secret_key', await storedSecret('secret_key'))).toBe(LIVE_KEY);
      expect((await put({ mode: 'test', secret_key: 'sk_live_other' })).status).toBe(200);
      expect((await put({ mode: 'live' })).status).toBe(409);
      expect((await read()).body.data.last_test).toMatchObject({ ok: true, current: false });
    });

    it('needs live keys: Stripe test keys pass the test but not live mode', async () => {
      await put({ provider: 'stripe', secret_key: TEST_KEY, publishable_key: 'pk_test_abc' });
      const res = await runTest();
      expect(res.body.data).toEqual({ ok: true, message: 'Connected to Stripe with test keys.' });
      expect(stripe.seen).toEqual([{ path: '/v1/balance', auth: `Bearer ${TEST_KEY}` }]);
      expect((await read()).body.data).toMatchObject({
        live_ready: false,
        last_test: { ok: true, live_keys: false, current: true },
      });
      expect((await put({ mode: 'live' })).status).toBe(409);
    });
  });

  describe('the connection test', () => {
    it('reports a key Stripe refuses as ok: false, with no key in the answer', async () => {
      await put({ provider: 'stripe', secret_key: 'sk_test_Refused123' });
      const res = await runTest();
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ok: false, message: 'Stripe refused the secret key (401).' });
      expect(stripe.seen).toHaveLength(1);
      expect((await read()).body.data.last_test).toMatchObject({ ok: false, current: true });
      expect((await put({ mode: 'live' })).status).toBe(409);
      expect(await everywhere(res)).not.toContain('Refused123');

      const log = await app.db.select().from(adminActions).orderBy(adminActions.createdAt);
      expect(log.map((row) => row.action)).toEqual([
        'admin.paymentGateway.update',
        'admin.paymentGateway.test',
      ]);
      expect(log[1]!.after).toMatchObject({ last_test: { ok: false } });
    });

    it('reports an unreachable Stripe, a missing key and Mercado Pago as ok: false', async () => {
      const closed = await startFakeStripe();
      await new Promise((resolve) => closed.server.close(resolve));
      vi.stubEnv('STRIPE_API_BASE', closed.url);
      await put({ provider: 'stripe', secret_key: TEST_KEY });
      expect((await runTest()).body.data).toEqual({
        ok: false,
        message: 'Could not reach Stripe; try again later.',
      });

      await put({ secret_key: null });
      expect((await runTest()).body.data).toEqual({
        ok: false,
        message: 'Set the secret key first.',
      });

      await put({ provider: 'mercadopago', secret_key: 'APP_USR-token' });
      const mercadopago = await runTest();
      expect(mercadopago.status).toBe(200);
      expect(mercadopago.body.data).toMatchObject({ ok: false });
      expect(mercadopago.body.data.message).toContain('not supported yet');
    });
  });
});
