import { describe, expect, it } from 'vitest';
import {
  codeField,
  hashLinkToken,
  maskToken,
  newCode,
  newLinkToken,
  normalizeCode,
} from './link-tokens';

describe('link tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkToken(token)).toBe(hash);
    expect(newLinkToken().token).not.toBe(token);
    expect(maskToken(token)).toBe(`${token.slice(0, 4)}…`);
  });
});

describe('typed codes', () => {
  it('are 12 Crockford characters as XXXX-XXXX-XXXX', () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
    expect(new Set(codes).size).toBe(200);
  });

  it('read case- and hyphen-insensitively, with I, L as 1 and O as 0', () => {
    expect(normalizeCode('abcd-efgh-jkmn')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeCode(' io1l 0000 zzzz ')).toBe('1011-0000-ZZZZ');
    expect(normalizeCode('ABCD-EFGH-JKMU')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKM')).toBeNull();
    expect(normalizeCode('')).toBeNull();
  });

  it('as a field: normalized, or refused with the field named', () => {
    expect(codeField.parse('abcd-efgh-jkmn')).toBe('ABCD-EFGH-JKMN');
    const refused = codeField.safeParse('nope');
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toContain('must be a code');
  });
});
