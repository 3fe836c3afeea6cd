import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigError } from './config';

/*
 * Secrets kept in the database (a payment gateway's API keys): AES-256-GCM under the app's
 * encryption key, a random 12-byte IV each time and the authentication tag stored beside the
 * ciphertext. The secret's name is the associated data, so a ciphertext copied to another
 * row does not decrypt there.
 */

/** A secret as stored: each part base64. */
export type SealedSecret = { iv: string; authTag: string; ciphertext: string };

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The 32-byte key: `APP_ENCRYPTION_KEY` as 64 hex digits or as base64 (`openssl rand -hex 32`
 * or `openssl rand -base64 32`). Unset, it is derived from `AUTH_SECRET` with HKDF, so the app
 * starts without it; then changing `AUTH_SECRET` makes the stored secrets unreadable.
 */
export function encryptionKey(configured: string | undefined, authSecret: string): Buffer {
  const value = configured?.trim();
  if (!value) {
    return Buffer.from(
      hkdfSync('sha256', authSecret, 'equestrian-platform', 'app-encryption-key/v1', 32),
    );
  }
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  if (BASE64_KEY.test(value)) return Buffer.from(value, 'base64');
  throw new ConfigError(
    'APP_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  );
}

/** The key of this process: `APP_ENCRYPTION_KEY`, else derived from `authSecret`. */
export const appEncryptionKey = (authSecret: string) =>
  encryptionKey(process.env.APP_ENCRYPTION_KEY, authSecret);

export function sealSecret(key: Buffer, name: string, plaintext: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** The plaintext; throws when the key, the name or any stored part differs from the seal's. */
export function openSecret(key: Buffer, name: string, sealed: SealedSecret): string {
  // A fixed tag length: a shortened stored tag would otherwise be accepted.
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
