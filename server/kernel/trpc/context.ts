import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';
import { isCrossSiteWrite, sessionUserId } from '../auth/session';
import type { TokenVerifier } from '../auth/tokens';
import { identityFromClaims, isPlatformAdmin, resolveUser, type User } from '../auth/users';

export type Services = {
  config: Config;
  db: Database;
  verifyToken: TokenVerifier;
};

export type Caller = { user: User; isPlatformAdmin: boolean };

export type Context = Services & {
  req: Request;
  url: URL;
  requestId: string;
  /** Overrides the status of a successful answer (a check that reports a failure as data). */
  responseStatus: number | undefined;
  /** The signed-in caller; resolved on first use, so public routes never touch the token. */
  authenticate(): Promise<Caller>;
};

async function resolveCaller(services: Services, req: Request): Promise<Caller> {
  const { db, config } = services;
  const header = req.headers.get('authorization');
  let user: User | undefined;
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Invalid authorization header.');
    const claims = await services.verifyToken(match[1]!);
    user = await resolveUser(db, identityFromClaims(claims));
  } else {
    const userId = await sessionUserId(req, config);
    if (!userId) throw unauthorized();
    // The browser attaches the cookie to whatever site sent the request.
    if (isCrossSiteWrite(req, config))
      throw forbidden('Cross-site requests may not change anything.');
    [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized();
  }
  return { user, isPlatformAdmin: isPlatformAdmin(config, user) };
}

export function createContext(services: Services, req: Request, requestId: string): Context {
  let caller: Promise<Caller> | undefined;
  return {
    ...services,
    req,
    url: new URL(req.url),
    requestId,
    responseStatus: undefined,
    authenticate: () => (caller ??= resolveCaller(services, req)),
  };
}
