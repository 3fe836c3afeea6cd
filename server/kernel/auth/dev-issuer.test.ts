import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { devIssuerKeys } from '@/db/schema';
import { DEV_ISSUER_AUDIENCE } from '../config';
import { useTestApp } from '../../test/harness';

/**
 * The development issuer (no AUTH_ISSUER): its tokens carry a fixed audience, which the app
 * then requires like any other, so no mode accepts a token without the right `aud`.
 */
const dev = useTestApp({ env: { AUTH_ISSUER: '', AUTH_AUDIENCE: '' } });

const EMAIL = 'rider@dev.test';

async function devToken(): Promise<string> {
  const res = await dev.request('POST', '/api/dev-idp/token', { body: { email: EMAIL } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** A token signed with the development issuer's own key, with the claims given. */
async function signedWithDevKey(claims: Record<string, unknown>): Promise<string> {
  const [key] = await dev.db.select().from(devIssuerKeys);
  const jwt = new SignJWT({ email: EMAIL, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: 'JWT' })
    .setIssuer(dev.config.auth.issuer)
    .setSubject(EMAIL)
    .setIssuedAt()
    .setExpirationTime('1h');
  return jwt.sign(await importJWK(key!.privateJwk as JWK, 'ES256'));
}

// One test: the app caches the issuer's key set, and the harness empties the key table
// (so a new key pair would be made) after each test.
describe('development issuer tokens', () => {
  it('carry the fixed audience and are accepted; without aud or for another audience: 401', async () => {
    expect(dev.config.auth).toMatchObject({ devIssuer: true, audience: DEV_ISSUER_AUDIENCE });
    const token = await devToken();
    expect(decodeJwt(token)).toMatchObject({
      iss: 'http://localhost:3000/api/dev-idp',
      aud: DEV_ISSUER_AUDIENCE,
    });
    const me = await dev.request('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(EMAIL);

    const withoutAud = await signedWithDevKey({});
    expect(decodeJwt(withoutAud)).not.toHaveProperty('aud');
    const control = await signedWithDevKey({ aud: DEV_ISSUER_AUDIENCE });
    expect((await dev.request('GET', '/api/schools', { token: control })).status).toBe(200);
    for (const token of [withoutAud, await signedWithDevKey({ aud: 'another-app' })]) {
      const res = await dev.request('GET', '/api/schools', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid token.' } });
    }
  });
});
