import type { Database } from '@/db/client';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';
import { isCrossSiteWrite, sessionUserId } from '../auth/session';
import type { TokenVerifier } from '../auth/tokens';
import {
  identityFromClaims,
  isPlatformAdmin,
  resolveSessionUser,
  resolveUserWithAccess,
  type OrganizationAccess,
  type User,
} from '../auth/users';

export type Services = {
  config: Config;
  db: Database;
  verifyToken: TokenVerifier;
};

export type Caller = {
  user: User;
  isPlatformAdmin: boolean;
  /**
   * The organization the request names, with the caller's role, read in the caller's own
   * statement (issue 27); the school guard reads it itself when this is absent or another one.
   */
  access?: OrganizationAccess;
};

export type Context = Services & {
  req: Request;
  url: URL;
  requestId: string;
  /** Overrides the status of a successful answer (a check that reports a failure as data). */
  responseStatus: number | undefined;
  /**
   * Sets `responseStatus` of the request's own context: a procedure behind a middleware that
   * adds to the context (sign-in) sees a copy, where assigning the field changes nothing.
   */
  setResponseStatus(status: number): void;
  /** Headers the REST answer adds to a successful answer (`Idempotent-Replayed`). */
  responseHeaders: Headers;
  /** The REST body as sent, for a route whose meta asks for it (`signedBody`). */
  rawBody: string | undefined;
  /**
   * The signed-in caller; resolved on first use, so public routes never touch the token.
   * `organizationId` (a UUID), on that first use, reads the caller's membership of that
   * organization in the same statement (`Caller.access`).
   */
  authenticate(organizationId?: string): Promise<Caller>;
};

async function resolveCaller(
  services: Services,
  req: Request,
  organizationId: string | undefined,
): Promise<Caller> {
  const { db, config } = services;
  const header = req.headers.get('authorization');
  let user: User | undefined;
  let access: OrganizationAccess | undefined;
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Invalid authorization header.');
    const claims = await services.verifyToken(match[1]!);
    ({ user, access } = await resolveUserWithAccess(
      db,
      identityFromClaims(claims),
      organizationId,
    ));
  } else {
    const userId = await sessionUserId(req, config);
    if (!userId) throw unauthorized();
    // The browser attaches the cookie to whatever site sent the request.
    if (isCrossSiteWrite(req, config))
      throw forbidden('Cross-site requests may not change anything.');
    ({ user, access } = await resolveSessionUser(db, userId, organizationId));
    if (!user) throw unauthorized();
  }
  return { user, isPlatformAdmin: isPlatformAdmin(config, user), ...(access && { access }) };
}

export function createContext(services: Services, req: Request, requestId: string): Context {
  let caller: Promise<Caller> | undefined;
  const context: Context = {
    ...services,
    req,
    url: new URL(req.url),
    requestId,
    responseStatus: undefined,
    responseHeaders: new Headers(),
    rawBody: undefined,
    setResponseStatus: (status) => {
      context.responseStatus = status;
    },
    authenticate: (organizationId) => (caller ??= resolveCaller(services, req, organizationId)),
  };
  return context;
}
