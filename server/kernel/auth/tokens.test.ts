import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportSPKI,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberships } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../../test/harness';
import { startTestIssuer, type TestIssuer } from '../../test/issuer';

const app = useTestApp();

/** Another provider, as valid as ours but not the one the app trusts. */
let otherIssuer: TestIssuer;
beforeAll(async () => {
  otherIssuer = await startTestIssuer();
});
afterAll(() => otherIssuer.close());

const EMAIL = 'rider@x.test';
const ADMIN_LIKE = ADMIN_EMAIL;
const now = () => Math.floor(Date.now() / 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Valid claims of the test issuer, for hand-made tokens. */
function validClaims(extra: Record<string, unknown> = {}) {
  return {
    iss: app.issuer.url,
    aud: app.issuer.audience,
    sub: `sub-${EMAIL}`,
    email: EMAIL,
    email_verified: true,
    iat: now(),
    exp: now() + 3600,
    ...extra,
  };
}

/**
 * A token signed by the issuer's own key without an `exp` claim. The harness sets `exp`
 * whenever `claims.exp` reads as undefined, and copies only enumerable claims into the
 * payload: a non-enumerable `exp` suppresses both.
 */
async function tokenWithoutExp(): Promise<string> {
  const claims: Record<string, unknown> = { sub: `sub-${EMAIL}`, email: EMAIL };
  Object.defineProperty(claims, 'exp', { value: now() + 3600, enumerable: false });
  return app.issuer.sign(claims);
}

/** A token signed by the issuer's own key without an `aud` claim (the same device as above). */
async function tokenWithoutAudience(email = EMAIL): Promise<string> {
  const claims: Record<string, unknown> = { sub: `sub-${email}`, email };
  Object.defineProperty(claims, 'aud', { value: 'unused', enumerable: false });
  return app.issuer.sign(claims);
}

type Credentials = { token?: string; headers?: Record<string, string> };

/** The issuer's public signing key, as anyone can read it from its JWKS. */
async function publishedKey(): Promise<JWK> {
  const jwks = (await (await fetch(`${app.issuer.url}/jwks`)).json()) as { keys: JWK[] };
  return jwks.keys[0]!;
}

/**
 * The key-confusion attack: an HS256 token whose HMAC secret is the issuer's public key. A
 * verifier that lets the token pick its algorithm would check it with that same key.
 */
async function signedWithPublicKeyAsSecret(
  secret: (jwk: JWK) => Promise<Uint8Array>,
): Promise<Credentials> {
  const jwk = await publishedKey();
  const token = await new SignJWT(validClaims())
    .setProtectedHeader({ alg: 'HS256', kid: jwk.kid, typ: 'JWT' })
    .sign(await secret(jwk));
  return { token };
}

const text = (value: string) => new TextEncoder().encode(value);

const BAD_TOKENS: [string, () => Promise<Credentials>][] = [
  ['no token', async () => ({})],
  [
    'a non-bearer Authorization header',
    async () => ({ headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
  ],
  ['"Bearer" without a token', async () => ({ headers: { authorization: 'Bearer' } })],
  [
    'a bearer header with two tokens',
    async () => ({ headers: { authorization: 'Bearer abc def' } }),
  ],
  ['a garbage token', async () => ({ token: 'not-a-jwt' })],
  ['three garbage segments', async () => ({ token: 'aaa.bbb.ccc' })],
  [
    'an unsigned token (alg: none)',
    async () => ({ token: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(validClaims())}.` }),
  ],
  [
    'an HS256 token signed with a shared secret',
    async () => ({
      token: await new SignJWT(validClaims())
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1', typ: 'JWT' })
        .sign(new TextEncoder().encode('a-shared-secret-that-anyone-could-guess')),
    }),
  ],
  [
    "an HS256 token whose secret is the issuer's public key as PEM",
    () =>
      signedWithPublicKeyAsSecret(async (jwk) =>
        text(await exportSPKI((await importJWK(jwk, 'RS256')) as CryptoKey)),
      ),
  ],
  [
    "an HS256 token whose secret is the issuer's public key as JWK JSON",
    () => signedWithPublicKeyAsSecret(async (jwk) => text(JSON.stringify(jwk))),
  ],
  [
    "an HS256 token whose secret is the bytes of the issuer's modulus n",
    () => signedWithPublicKeyAsSecret(async (jwk) => Buffer.from(jwk.n!, 'base64url')),
  ],
  [
    'a wrong issuer',
    async () => ({ token: await app.tokenFor(EMAIL, { iss: 'https://evil.example.com' }) }),
  ],
  [
    'a valid token of another issuer',
    async () => ({
      token: await otherIssuer.sign({
        sub: `sub-${EMAIL}`,
        email: EMAIL,
        aud: app.issuer.audience,
      }),
    }),
  ],
  [
    "another issuer's key claiming our issuer and key id",
    async () => ({
      token: await otherIssuer.sign({
        sub: `sub-${EMAIL}`,
        email: EMAIL,
        iss: app.issuer.url,
        aud: app.issuer.audience,
      }),
    }),
  ],
  [
    'a wrong audience',
    async () => ({ token: await app.tokenFor(EMAIL, { aud: 'another-client' }) }),
  ],
  ['no audience (no aud claim)', async () => ({ token: await tokenWithoutAudience() })],
  ['an empty audience list', async () => ({ token: await app.tokenFor(EMAIL, { aud: [] }) })],
  [
    'an expired token (beyond the 60 s tolerance)',
    async () => ({ token: await app.tokenFor(EMAIL, { exp: now() - 120 }) }),
  ],
  [
    'a token not valid before 2 minutes from now',
    async () => ({ token: await app.tokenFor(EMAIL, { nbf: now() + 120 }) }),
  ],
  [
    'a tampered payload',
    async () => {
      const [header, payload, signature] = (await app.tokenFor(EMAIL)).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = b64url({ ...claims, email: ADMIN_LIKE, sub: 'sub-someone-else' });
      return { token: `${header}.${tampered}.${signature}` };
    },
  ],
  [
    'an unknown kid signed with a foreign key',
    async () => {
      const foreign = await app.issuer.foreignKey();
      return { token: await app.issuer.sign({ sub: `sub-${EMAIL}`, email: EMAIL }, foreign) };
    },
  ],
  [
    "the issuer's kid signed with a foreign key",
    async () => {
      const foreign = await app.issuer.foreignKey();
      return {
        token: await app.issuer.sign({ sub: `sub-${EMAIL}`, email: EMAIL }, { key: foreign.key }),
      };
    },
  ],
  ['a missing sub', async () => ({ token: await app.issuer.sign({ email: EMAIL }) })],
  ['an empty sub', async () => ({ token: await app.issuer.sign({ sub: '', email: EMAIL }) })],
  ['a missing exp', async () => ({ token: await tokenWithoutExp() })],
];

function expectUnauthorized(res: TestResponse) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  expect(res.body.error.message).not.toBe('');
}

function expectPlainUnauthorized(res: TestResponse) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: expect.any(String) });
  expect(res.body.message).not.toBe('');
}

describe('bad tokens', () => {
  it.each(BAD_TOKENS)(
    '%s: 401 on a protected route and {message} on /api/auth/me',
    async (_, make) => {
      const credentials = await make();
      expectUnauthorized(await app.request('GET', '/api/schools', credentials));
      expectPlainUnauthorized(await app.request('GET', '/api/auth/me', credentials));
    },
  );

  it('creates no user for any rejected token', async () => {
    for (const [, make] of BAD_TOKENS) await app.request('GET', '/api/auth/me', await make());
    const admin = await app.tokenFor(ADMIN_LIKE);
    const res = await app.request('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual([ADMIN_LIKE]);
  });

  it('the hand-made tokens are what they claim to be', async () => {
    expect(
      decodeProtectedHeader(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(validClaims())}.`).alg,
    ).toBe('none');
    const noExp = decodeJwt(await tokenWithoutExp());
    expect(noExp).not.toHaveProperty('exp');
    expect(noExp).toMatchObject({
      iss: app.issuer.url,
      aud: app.issuer.audience,
      sub: `sub-${EMAIL}`,
    });
    expect(decodeJwt(await app.issuer.sign({ email: EMAIL }))).not.toHaveProperty('sub');
    const noAud = decodeJwt(await tokenWithoutAudience());
    expect(noAud).not.toHaveProperty('aud');
    expect(noAud).toMatchObject({
      iss: app.issuer.url,
      sub: `sub-${EMAIL}`,
      exp: expect.any(Number),
    });
  });

  it('the key-confusion tokens are HS256 under the issuer key id, verifiable with the public key as secret', async () => {
    const jwk = await publishedKey();
    const { token } = await signedWithPublicKeyAsSecret(async (key) => text(JSON.stringify(key)));
    expect(decodeProtectedHeader(token!)).toMatchObject({ alg: 'HS256', kid: jwk.kid });
    const { payload } = await jwtVerify(token!, text(JSON.stringify(jwk)), {
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({ iss: app.issuer.url, sub: `sub-${EMAIL}` });
  });

  it("the other issuer's token is valid for that issuer", async () => {
    const token = await otherIssuer.sign({
      sub: `sub-${EMAIL}`,
      email: EMAIL,
      aud: app.issuer.audience,
    });
    const { payload } = await jwtVerify(
      token,
      createRemoteJWKSet(new URL(`${otherIssuer.url}/jwks`)),
      {
        issuer: otherIssuer.url,
        audience: app.issuer.audience,
      },
    );
    expect(payload.sub).toBe(`sub-${EMAIL}`);
  });

  it('says that an expired token has expired', async () => {
    const token = await app.tokenFor(EMAIL, { exp: now() - 120 });
    const res = await app.request('GET', '/api/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/i);
  });
});

describe('valid tokens', () => {
  it('reach GET /api/auth/me with the current user', async () => {
    const res = await app.request('GET', '/api/auth/me', {
      token: await app.tokenFor(EMAIL, { name: 'Rita Rider' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: EMAIL,
      display_name: 'Rita Rider',
      status: 'active',
    });
  });

  it('reach a protected route', async () => {
    const res = await app.request('GET', '/api/schools', { token: await app.tokenFor(EMAIL) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('accept "bearer" in any case', async () => {
    const token = await app.tokenFor(EMAIL);
    const res = await app.request('GET', '/api/auth/me', {
      headers: { authorization: `bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('are still accepted 30 s after expiry (clock tolerance)', async () => {
    const token = await app.tokenFor(EMAIL, { exp: now() - 30 });
    const res = await app.request('GET', '/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(EMAIL);
  });

  it('are accepted 30 s before their nbf (clock tolerance)', async () => {
    const token = await app.tokenFor(EMAIL, { nbf: now() + 30 });
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('accept an audience list that contains ours', async () => {
    const token = await app.tokenFor(EMAIL, { aud: ['another-client', app.issuer.audience] });
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });
});

describe('an e-mail the provider does not vouch for', () => {
  const impostor = (claims: Record<string, unknown> = {}) =>
    app.tokenFor(ADMIN_EMAIL, { sub: 'sub-impostor', email_verified: false, ...claims });

  it.each([
    ['email_verified: false', { email_verified: false }],
    ['no email_verified claim', { email_verified: undefined }],
    ['email_verified: "true" (a string)', { email_verified: 'true' }],
  ])(
    "claiming a platform administrator's address with %s gives no admin rights",
    async (_, claims) => {
      const token = await impostor(claims);
      if (claims.email_verified === undefined)
        expect(decodeJwt(token)).not.toHaveProperty('email_verified');
      const me = await app.request('GET', '/api/auth/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN_EMAIL);
      for (const path of ['/api/admin/users', '/api/admin/organizations', '/api/admin/settings']) {
        const res = await app.request('GET', path, { token });
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      }
      // The real administrator, verified, still is one.
      expect(
        (await app.request('GET', '/api/admin/users', { token: await app.tokenFor(ADMIN_EMAIL) }))
          .status,
      ).toBe(200);
    },
  );

  it('does not bind an invitation to that address; the verified owner of the address gets it', async () => {
    const invited = 'invited.owner@x.test';
    const schoolId = await app.createSchool({ members: { [invited]: 'owner' } });
    const unverified = await app.tokenFor(invited, { sub: 'sub-squatter', email_verified: false });

    expect((await app.request('GET', '/api/schools', { token: unverified })).body).toEqual({
      data: [],
    });
    const denied = await app.request('GET', `/api/schools/${schoolId}/students`, {
      token: unverified,
    });
    expect(denied.status).toBe(403);
    const [pending] = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, schoolId));
    expect(pending).toMatchObject({ userId: null, invitedEmail: invited });

    const verified = await app.tokenFor(invited);
    const schools = await app.request('GET', '/api/schools', { token: verified });
    expect(schools.body.data).toEqual([expect.objectContaining({ id: schoolId, role: 'owner' })]);
    expect(
      (await app.request('GET', `/api/schools/${schoolId}/students`, { token: unverified })).status,
    ).toBe(403);
  });
});

describe('JWKS fetching', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const jwksHits = () => app.issuer.hits.get('/jwks') ?? 0;

  async function flood(count: number) {
    const foreign = await app.issuer.foreignKey();
    const tokens = await Promise.all(
      Array.from({ length: count }, () =>
        app.issuer.sign(
          { sub: `sub-${EMAIL}`, email: EMAIL },
          { key: foreign.key, kid: randomUUID() },
        ),
      ),
    );
    const responses = await Promise.all(
      tokens.map((token) => app.request('GET', '/api/schools', { token })),
    );
    for (const res of responses) expectUnauthorized(res);
  }

  it('discovers the key set once and reuses it', async () => {
    await app.request('GET', '/api/auth/me', { token: await app.tokenFor(EMAIL) });
    const before = jwksHits();
    expect(before).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) {
      expect(
        (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(`u${i}@x.test`) }))
          .status,
      ).toBe(200);
    }
    expect(jwksHits()).toBe(before);
    expect(app.issuer.hits.get('/.well-known/openid-configuration')).toBe(1);
  });

  it('a flood of 20 random kids causes at most one refetch of the key set', async () => {
    expect(
      (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(EMAIL) })).status,
    ).toBe(200);
    // Past the 30 s cooldown of the last fetch, so that an unknown kid may trigger a refetch.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const before = jwksHits();
    await flood(20);
    const afterFirstFlood = jwksHits();
    expect(afterFirstFlood - before).toBeLessThanOrEqual(1);
    // Within the cooldown, another flood does not reach the provider at all.
    await flood(20);
    expect(jwksHits()).toBe(afterFirstFlood);
    // Valid tokens still pass.
    expect(
      (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(EMAIL) })).status,
    ).toBe(200);
  });

  it('refetches the key set for an unknown kid once the cooldown has passed', async () => {
    expect(
      (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(EMAIL) })).status,
    ).toBe(200);
    // Well past the cooldown of any fetch made by the previous test's shifted clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    expect(
      (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(EMAIL) })).status,
    ).toBe(200);
    const before = jwksHits();
    await flood(1);
    expect(jwksHits()).toBe(before + 1);
  });
});

describe('GET /api/test-idp with a reachable provider', () => {
  it('answers 200 with idp_connected true, without a token', async () => {
    const res = await app.request('GET', '/api/test-idp');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', message: expect.any(String), idp_connected: true });
  });
});

/**
 * The outside review's finding: with `AUTH_AUDIENCE` unset the audience went unchecked, so
 * a token that the same provider issued to another application, carrying the platform
 * administrator's verified e-mail, was accepted as the administrator. Unset, the audience
 * now defaults to `AUTH_CLIENT_ID` (and without either the app does not start).
 */
const byClientId = useTestApp({ env: { AUTH_AUDIENCE: '', AUTH_CLIENT_ID: 'equestrian-web' } });

describe('AUTH_AUDIENCE unset: the audience is AUTH_CLIENT_ID', () => {
  const adminToken = (claims: Record<string, unknown>) =>
    byClientId.issuer.sign({
      sub: 'sub-admin',
      email: ADMIN_EMAIL,
      email_verified: true,
      ...claims,
    });

  it('requires it', () => {
    expect(byClientId.config.auth.audience).toBe('equestrian-web');
  });

  it.each([
    ["another application's token (aud of another client)", { aud: 'another-app' }],
    ["the test issuer's default audience, which is not this client", {}],
    ['an audience list without this client', { aud: ['another-app', 'yet-another'] }],
  ])("%s carrying the admin's e-mail: 401 everywhere, no admin rights", async (_, claims) => {
    const token = await adminToken(claims);
    for (const path of ['/api/admin/users', '/api/schools']) {
      const res = await byClientId.request('GET', path, { token });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid token.' } });
    }
    expect((await byClientId.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it("a token without aud carrying the admin's e-mail: 401", async () => {
    const claims: Record<string, unknown> = { sub: 'sub-admin', email: ADMIN_EMAIL };
    Object.defineProperty(claims, 'aud', { value: 'unused', enumerable: false });
    const token = await byClientId.issuer.sign(claims);
    expect(decodeJwt(token)).not.toHaveProperty('aud');
    expect((await byClientId.request('GET', '/api/admin/users', { token })).status).toBe(401);
  });

  it("the admin's token for this client is accepted, alone or in a list", async () => {
    for (const aud of ['equestrian-web', ['another-app', 'equestrian-web']]) {
      const res = await byClientId.request('GET', '/api/admin/users', {
        token: await adminToken({ aud }),
      });
      expect(res.status).toBe(200);
    }
  });
});
