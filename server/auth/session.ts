import { getToken } from 'next-auth/jwt';
import type { Config } from '../config';

export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A cookie that is not ours may hold anything; it is simply ignored.
    }
  }
  return cookies;
}

/**
 * Our user id from the next-auth session cookie of the web UI, or null. Only the cookie is
 * read here: a bearer token is verified against the identity provider instead.
 */
export async function sessionUserId(req: Request, config: Config): Promise<string | null> {
  const cookies = parseCookies(req.headers.get('cookie'));
  if (cookies.size === 0) return null;
  const secureCookie = config.appUrl.startsWith('https://');
  const token = await getToken({
    req: { cookies, headers: new Headers() } as never,
    secret: config.auth.secret,
    secureCookie,
    cookieName: secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
  });
  return typeof token?.uid === 'string' ? token.uid : null;
}
