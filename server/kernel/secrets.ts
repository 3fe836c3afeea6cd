import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { configuredEncryptionKey } from './config';

/*
 * Secrets kept in the database (a payment gateway's API keys): AES-256-GCM under the app's
 * encryption key, a random 12-byte IV each time and the authentication tag stored beside the
 * ciphertext. The secret's name is the associated data, so a ciphertext copied to another
 * row does not decrypt there.
 */

/** A secret as stored: each part base64. */
export type SealedSecret = { iv: string; authTag: string; ciphertext: string };

/**
 * The 32-byte key: `APP_ENCRYPTION_KEY` as 64 hex digits or as base64 (checked at start by
 * `loadConfig`; a malformed one is a ConfigError here too). Unset, it is derived from
 * `AUTH_SECRET` with HKDF, so the app starts without it; then changing `AUTH_SECRET` makes the
 * stored secrets unreadable.
 */
export function encryptionKey(configured: string | undefined, authSecret: string): Buffer {
  return (
    configuredEncryptionKey(configured) ??
    Buffer.from(hkdfSync('sha256', authSecret, 'equestrian-platform', 'app-encryption-key/v1', 32))
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
