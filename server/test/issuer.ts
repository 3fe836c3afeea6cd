import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

export type TestIssuer = {
  url: string;
  audience: string;
  /** Requests the issuer answered, by path: lets tests count JWKS fetches. */
  hits: Map<string, number>;
  /** A valid ID token for `sub`, with any claim overridden. */
  sign(claims: JWTPayload & Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Another key pair, unknown to the issuer's JWKS. */
  foreignKey(): Promise<{ key: CryptoKey; kid: string }>;
  close(): Promise<void>;
};

type SignOptions = { key?: CryptoKey; kid?: string; expiresIn?: string | number; alg?: string };

/**
 * An OIDC issuer served by the test itself on loopback: discovery and JWKS, as an ordinary
 * provider publishes them, so tokens take the same path as in production.
 */
export async function startTestIssuer(audience = 'equestrian-test'): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key-1';
  const jwks = {
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK],
  };
  const hits = new Map<string, number>();
  let url = '';
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body =
      path === '/.well-known/openid-configuration'
        ? { issuer: url, jwks_uri: `${url}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }
        : path === '/jwks'
          ? jwks
          : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    audience,
    hits,
    async sign(claims, options = {}) {
      const jwt = new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? kid, typ: 'JWT' })
        .setIssuedAt();
      if (claims.iss === undefined) jwt.setIssuer(url);
      if (claims.aud === undefined) jwt.setAudience(audience);
      if (claims.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? '1h');
      return jwt.sign(options.key ?? privateKey);
    },
    async foreignKey() {
      const pair = await generateKeyPair('RS256');
      return { key: pair.privateKey, kid: 'unknown-key' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
