import { createHash, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { fieldMessage } from './validation';

/*
 * The secrets of public links and the typed codes (DESIGN-MODULES 0.2), for every module.
 */

/**
 * A new link token: 32 random bytes as base64url (what the link carries) and its SHA-256
 * (what the database stores), so a leaked table opens no link.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a presented token: look a link up by this, never by the token. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as logs may show it: its first four characters. */
export function maskToken(token: string): string {
  return `${token.slice(0, 4)}…`;
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not mistaken. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` random Crockford characters (5 bits each). */
export function randomCrockford(length: number): string {
  return Array.from({ length }, () => CROCKFORD[randomInt(32)]).join('');
}

/** A new typed code: 12 Crockford characters (60 random bits) as `XXXX-XXXX-XXXX`. */
export function newCode(): string {
  return formatCode(randomCrockford(12));
}

function formatCode(chars: string): string {
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/**
 * A code as typed, read case- and hyphen-insensitively (spaces too), with Crockford's
 * readings of the look-alikes (I and L as 1, O as 0), in its canonical `XXXX-XXXX-XXXX`
 * form; null when it is not a code.
 */
export function normalizeCode(input: string): string | null {
  const chars = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{12}$/.test(chars)) return null;
  return formatCode(chars);
}

/** A typed-code field: normalized, or 422 with the field's name. */
export const codeField = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const code = normalizeCode(value);
    if (code) return code;
    ctx.addIssue({
      code: 'custom',
      message: fieldMessage('field must be a code of 12 letters and digits (XXXX-XXXX-XXXX).'),
    });
    return z.NEVER;
  });
