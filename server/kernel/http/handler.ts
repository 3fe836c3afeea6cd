import { randomUUID } from 'node:crypto';
import type { AnyTRPCRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { OpenApiRouter } from 'trpc-to-openapi';
import type { Database } from '@/db/client';
import type { Config } from '../config';
import { devDiscovery, devJwks, signDevToken } from '../auth/dev-issuer';
import { createTokenVerifier, localKeySource, remoteKeySource } from '../auth/tokens';
import { createContext, type Services } from '../trpc/context';
import type { Meta } from '../trpc/init';
import { withAccessLog } from './access-log';
import { docsResponse } from './docs';
import { errorJson, json, logServerError, serverErrorJson } from './errors';
import { buildOpenApiDocument } from './openapi';
import { createPlainRoutes } from './plain-routes';
import { createRestHandler, MAX_JSON_BYTES, readBodyBytes, readBodyText } from './rest';
import { addApiSecurityHeaders } from './security-headers';

export type ApiHandler = (req: Request) => Promise<Response>;

/** The most calls one `/api/trpc` batch may hold; a larger batch is refused before any runs. */
export const MAX_TRPC_BATCH = 20;

const REQUEST_ID = /^[\w.-]{1,100}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get('x-request-id');
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

export function createServices(config: Config, db: Database): Services {
  const keys = config.auth.devIssuer ? localKeySource(() => devJwks(db)) : remoteKeySource(config);
  return { config, db, verifyToken: createTokenVerifier(config, keys) };
}

/**
 * All of `/api` as one `(Request) => Promise<Response>` (DESIGN 1): the production server
 * (server/serve.ts) serves it from `node:http`, and Next's route files mount it in development.
 */
export function createApiHandler(services: Services, router: AnyTRPCRouter): ApiHandler {
  const rest = createRestHandler(router as OpenApiRouter, (req, requestId) =>
    createContext(services, req, requestId),
  );
  let openApiDocument: unknown;
  const plainRoute = createPlainRoutes(router, services);
  /** tRPC path → file limit of the procedures that take an upload. */
  const uploadLimits = new Map<string, number>();
  for (const [path, procedure] of Object.entries(
    router._def.procedures as Record<string, { _def: { meta?: Meta } }>,
  )) {
    const upload = procedure._def.meta?.upload;
    if (upload) uploadLimits.set(path, upload.maxBytes);
  }

  async function devIssuerRoute(req: Request, subpath: string): Promise<Response | null> {
    if (!services.config.auth.devIssuer) return null;
    if (req.method === 'GET' && subpath === '/.well-known/openid-configuration') {
      return json(devDiscovery(services.config));
    }
    if (req.method === 'GET' && subpath === '/jwks') return json(await devJwks(services.db));
    if (req.method === 'POST' && subpath === '/token') {
      // Anyone may sign in as anyone with the development issuer: that is its purpose.
      const text = await readBodyText(req, MAX_JSON_BYTES);
      let body: { email?: unknown; name?: unknown } = {};
      try {
        body = JSON.parse(text ?? '{}') as typeof body;
      } catch {
        return errorJson(400, 'The request body is not valid JSON.');
      }
      if (typeof body.email !== 'string' || !body.email.includes('@')) {
        return json(
          {
            message: 'The email field is required.',
            errors: { email: ['The email field is required.'] },
          },
          422,
        );
      }
      const token = await signDevToken(services.db, services.config, {
        email: body.email,
        name: typeof body.name === 'string' ? body.name : undefined,
      });
      return json({ token, token_type: 'Bearer', expires_in: 3600 });
    }
    return null;
  }

  /**
   * Before tRPC reads anything, and so before authentication: at most `MAX_TRPC_BATCH` calls,
   * and a body of at most 1 MB (a call to an upload procedure, the CSV import as JSON text:
   * twice its file limit), counted as it streams in, not only as declared. The body is then
   * read once, bounded, and handed to tRPC as bytes.
   */
  async function boundTrpcRequest(req: Request): Promise<Request | Response> {
    const url = new URL(req.url);
    let paths: string[];
    try {
      paths = decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
    } catch {
      return errorJson(400, 'The request path is not valid.');
    }
    if (url.searchParams.get('batch') !== '1') paths = paths.slice(0, 1);
    if (paths.length > MAX_TRPC_BATCH) {
      return errorJson(
        400,
        `A batch may hold at most ${MAX_TRPC_BATCH} calls; this one holds ${paths.length}.`,
      );
    }
    if (!req.body) return req;
    const limit = Math.max(
      MAX_JSON_BYTES,
      ...paths.map((path) => 2 * (uploadLimits.get(path) ?? 0) + 64 * 1024),
    );
    const bytes = await readBodyBytes(req, limit);
    if (bytes === null) {
      return errorJson(
        413,
        `The request body is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
      );
    }
    return new Request(req.url, {
      method: req.method,
      headers: req.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
      signal: req.signal,
    });
  }

  async function route(req: Request, requestId: string): Promise<Response> {
    const { pathname } = new URL(req.url);
    if (pathname === '/api/trpc' || pathname.startsWith('/api/trpc/')) {
      const bounded = await boundTrpcRequest(req);
      if (bounded instanceof Response) return bounded;
      return fetchRequestHandler({
        endpoint: '/api/trpc',
        req: bounded,
        router,
        maxBatchSize: MAX_TRPC_BATCH,
        createContext: () => createContext(services, req, requestId),
        onError: ({ error }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(requestId, error);
        },
      });
    }
    if (pathname === '/api/openapi.json' && req.method === 'GET') {
      openApiDocument ??= buildOpenApiDocument(
        router as OpenApiRouter,
        `${services.config.appUrl}/api`,
      );
      return json(openApiDocument);
    }
    if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) {
      const page =
        req.method === 'GET' ? await docsResponse(pathname.slice('/api/docs'.length)) : null;
      if (page) return page;
    }
    const plain = await plainRoute(req, requestId);
    if (plain) return plain;
    if (pathname.startsWith('/api/dev-idp/')) {
      const answer = await devIssuerRoute(req, pathname.slice('/api/dev-idp'.length));
      if (answer) return answer;
    }
    return rest(req, requestId);
  }

  // The benchmark (bench/run.ts) reads how many SQL statements each request ran.
  const statementHeader = process.env.SQL_STATEMENT_HEADER === '1';

  async function answer(req: Request, requestId: string): Promise<Response> {
    try {
      return await route(req, requestId);
    } catch (error) {
      logServerError(requestId, error);
      return serverErrorJson(requestId);
    }
  }

  async function handleApi(req: Request): Promise<Response> {
    const requestId = requestIdOf(req);
    const response = await answer(req, requestId);
    response.headers.set('x-request-id', requestId);
    return addApiSecurityHeaders(req, response, services.config.appUrl);
  }

  // One access line per request, with the SQL statements it ran (server/http/access-log.ts).
  const countedHeader = (response: Response, count: number) =>
    response.headers.set('x-sql-statements', String(count));
  return withAccessLog(handleApi, router, statementHeader ? countedHeader : undefined);
}
