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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a write that the session cookie authenticates may have been sent by another site
 * (cross-site request forgery). Such a write is refused; a bearer token is not sent by
 * browsers on their own, so only the cookie needs this. Reads change nothing.
 *
 * - `Sec-Fetch-Site`, set by the browser and beyond a page's reach, decides when present:
 *   `same-origin` and `none` (the user's own navigation) pass; `same-site` and `cross-site`
 *   do not.
 * - Else `Origin` must be `APP_URL`'s origin (`null` or any other is refused).
 * - With neither header the write passes: every current browser sends `Origin` on a
 *   cross-origin POST, PUT, PATCH or DELETE (form or fetch), and clients that send neither are
 *   not browsers, or browsers old enough not to; for those the session cookie's
 *   `SameSite=Lax` is what keeps it off cross-site writes.
 */
export function isCrossSiteWrite(req: Request, config: Pick<Config, 'appUrl'>): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const site = req.headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.get('origin')?.trim();
  if (origin === undefined) return false;
  return origin !== new URL(config.appUrl).origin;
}
