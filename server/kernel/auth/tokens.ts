import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config';
import { AppError, unauthorized } from '../errors';

/** Asymmetric algorithms only: a shared-secret (HS*) or unsigned token is never accepted. */
export const ACCEPTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

export type TokenClaims = JWTPayload & {
  sub: string;
  iss: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
};

export type KeySource = () => Promise<JWTVerifyGetKey>;

/** A refetch on an unknown `kid` happens at most this often, whatever the clients send. */
const JWKS_COOLDOWN_MS = 30_000;
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;

export function idpUnavailable(cause?: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'The identity provider is unreachable; try again shortly.',
    {
      retryAfter: 30,
      cause,
    },
  );
}

/** `jwks_uri` from the issuer's discovery document. */
export async function discoverJwksUrl(issuer: string): Promise<string> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
  return document.jwks_uri;
}

/**
 * Keys of an external OIDC issuer: `AUTH_JWKS_URL`, else discovered once (a failed
 * discovery is retried on the next request, not cached).
 */
export function remoteKeySource(config: Config): KeySource {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return () => {
    keys ??= (async () => {
      const url = config.auth.jwksUrl ?? (await discoverJwksUrl(config.auth.issuer));
      return createRemoteJWKSet(new URL(url), {
        cooldownDuration: JWKS_COOLDOWN_MS,
        cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
        timeoutDuration: FETCH_TIMEOUT_MS,
      });
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

export function localKeySource(loadJwks: () => Promise<{ keys: object[] }>): KeySource {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return () => {
    keys ??= loadJwks()
      .then((jwks) => createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]))
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
    return keys;
  };
}

const REJECTED = [
  joseErrors.JWTExpired,
  joseErrors.JWTClaimValidationFailed,
  joseErrors.JWTInvalid,
  joseErrors.JWSInvalid,
  joseErrors.JWSSignatureVerificationFailed,
  joseErrors.JOSEAlgNotAllowed,
  joseErrors.JOSENotSupported,
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JWKInvalid,
];

/** How many verified tokens the verifier remembers (least recently used first out). */
export const VERIFIED_TOKENS_MAX = 1000;

/**
 * Verifies an ID token (DESIGN 3); a bad token is 401, an unreachable provider 503.
 *
 * A token that verified is remembered by its exact text until its `exp` (a bounded LRU of
 * `VERIFIED_TOKENS_MAX`): its signature, issuer and audience cannot change, so the same string
 * needs no second signature check. Past `exp` (and within the clock tolerance) it is verified
 * again, so expiry is judged by jose as before. Rejections are never remembered. The user and
 * their memberships are still read from the database on every request.
 */
export function createTokenVerifier(config: Config, keySource: KeySource) {
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return async function verifyToken(token: string): Promise<TokenClaims> {
    const known = verified.get(token);
    if (known) {
      verified.delete(token);
      if (Date.now() < known.expiresAt) {
        verified.set(token, known);
        return known.claims;
      }
    }
    const claims = await verifyWithKeys(token);
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
    if (Date.now() < expiresAt) {
      verified.set(token, { claims: Object.freeze(claims), expiresAt });
      if (verified.size > VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    }
    return claims;
  };

  async function verifyWithKeys(token: string): Promise<TokenClaims> {
    let keys: JWTVerifyGetKey;
    try {
      keys = await keySource();
    } catch (error) {
      throw idpUnavailable(error);
    }
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        algorithms: ACCEPTED_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 60,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '')
        throw unauthorized('Invalid token.');
      return payload as TokenClaims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (REJECTED.some((kind) => error instanceof kind)) {
        throw unauthorized(
          error instanceof joseErrors.JWTExpired ? 'Token has expired.' : 'Invalid token.',
        );
      }
      // The provider's fault, not the token's: the key set timed out, answered other than
      // 200 or was unreadable (jose throws a plain JOSEError for those).
      const providerFailure =
        error instanceof joseErrors.JWKSTimeout ||
        error instanceof joseErrors.JWKSInvalid ||
        (error instanceof joseErrors.JOSEError && error.code === joseErrors.JOSEError.code);
      if (error instanceof joseErrors.JOSEError && !providerFailure) {
        throw unauthorized('Invalid token.');
      }
      throw idpUnavailable(error);
    }
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
