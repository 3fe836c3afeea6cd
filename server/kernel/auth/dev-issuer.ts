import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { asc } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { devIssuerKeys } from '@/db/schema';
import type { Config } from '../config';

/**
 * The development issuer (DESIGN 3): the app signs its own ID tokens so that it runs with
 * no identity provider. Its key pair lives in the database, shared by every app process.
 */
const ALGORITHM = 'ES256';
const KID = 'dev-issuer-1';
export const DEV_TOKEN_LIFETIME_SECONDS = 3600;

async function devKey(db: Database) {
  const existing = await db
    .select()
    .from(devIssuerKeys)
    .orderBy(asc(devIssuerKeys.createdAt))
    .limit(1);
  if (existing[0]) return existing[0];
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const base = { kid: KID, alg: ALGORITHM, use: 'sig' };
  await db
    .insert(devIssuerKeys)
    .values({
      kid: KID,
      privateJwk: { ...(await exportJWK(privateKey)), ...base },
      publicJwk: { ...(await exportJWK(publicKey)), ...base },
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(devIssuerKeys)
    .orderBy(asc(devIssuerKeys.createdAt))
    .limit(1);
  return stored!;
}

export async function devJwks(db: Database): Promise<{ keys: JWK[] }> {
  const key = await devKey(db);
  return { keys: [key.publicJwk as JWK] };
}

export function devDiscovery(config: Config) {
  const issuer = config.auth.issuer;
  return {
    issuer,
    jwks_uri: `${issuer}/jwks`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ALGORITHM],
    claims_supported: ['sub', 'email', 'email_verified', 'name'],
  };
}

/**
 * A one-hour ID token for an e-mail address; the subject is the lower-cased address. The
 * e-mail is always verified (platform-admin rights and invitations need that).
 */
export async function signDevToken(
  db: Database,
  config: Config,
  person: { email: string; name?: string },
): Promise<string> {
  const key = await devKey(db);
  const email = person.email.trim().toLowerCase();
  // No made-up name: without `--name` the token carries none, and the user keeps theirs.
  const name = person.name?.trim();
  return new SignJWT({ email, email_verified: true, ...(name ? { name } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(config.auth.issuer)
    .setSubject(email)
    .setAudience(config.auth.audience)
    .setIssuedAt()
    .setExpirationTime(`${DEV_TOKEN_LIFETIME_SECONDS}s`)
    .sign(await importJWK(key.privateJwk as JWK, ALGORITHM));
}
