import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyTRPCRouter } from '@trpc/server';
import { normalizePath, type OpenApiRouter } from 'trpc-to-openapi';
import { statementCounter } from '@/db/client';
import { inRequestScope, writeAccessLine } from '../log';
import { API_PREFIX, collectRestRoutes, type RestRoute } from './rest';

/** What stands for a path segment or procedure name that no route has (it may be anything). */
const UNKNOWN = '*';

function segmentCount(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47 /* '/' */) count++;
  return count;
}

/**
 * How a request under `/api` is named in the access log, never with a value from the
 * request: a REST route's template (`/api/schools/{schoolId}/students/{studentId}`), the
 * tRPC procedures of `/api/trpc/<a>,<b>` (`trpc:<a>,<b>`, a name the router lacks as `*`), a
 * fixed path that answered (`/api/openapi.json`, `/api/docs/...`, `/api/dev-idp/...`), and
 * any other path as its shape: segments that are words of a route template kept, others `*`.
 */
export function createRouteNamer(router: AnyTRPCRouter): RouteNamer {
  let namer = namers.get(router);
  if (!namer) namers.set(router, (namer = buildRouteNamer(router)));
  return namer;
}

type RouteNamer = (pathname: string, status: number) => string;
const namers = new WeakMap<AnyTRPCRouter, RouteNamer>();

function buildRouteNamer(router: AnyTRPCRouter): RouteNamer {
  const routes = collectRestRoutes(router as OpenApiRouter);
  const bySegments = new Map<number, RestRoute[]>();
  const words = new Set(['api', 'trpc', 'docs', 'dev-idp']);
  for (const route of routes) {
    const path = normalizePath(route.path);
    const count = segmentCount(path);
    bySegments.set(count, [...(bySegments.get(count) ?? []), route]);
    for (const segment of path.split('/'))
      if (segment && !segment.startsWith('{')) words.add(segment);
  }
  const procedures = new Set(Object.keys(router._def.procedures as Record<string, unknown>));

  return function routeOf(pathname: string, status: number): string {
    if (pathname === '/api/trpc' || pathname.startsWith('/api/trpc/')) {
      let names: string[];
      try {
        names = decodeURIComponent(pathname.slice('/api/trpc/'.length)).split(',');
      } catch {
        names = [UNKNOWN];
      }
      return `trpc:${names.map((name) => (procedures.has(name) ? name : UNKNOWN)).join(',')}`;
    }
    if (pathname === '/api/openapi.json') return pathname;
    const fixed =
      pathname === '/api/docs' ||
      pathname.startsWith('/api/docs/') ||
      pathname.startsWith('/api/dev-idp/');
    // Only what these answered themselves is one of their own fixed paths.
    if (fixed && status < 400) return pathname;
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      const path = normalizePath(pathname.slice(API_PREFIX.length));
      const route = bySegments
        .get(segmentCount(path))
        ?.find((candidate) => candidate.pattern.test(path));
      if (route) return `${API_PREFIX}${route.path}`;
    }
    return pathname
      .split('/')
      .map((segment) => (segment === '' || words.has(segment) ? segment : UNKNOWN))
      .join('/');
  };
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Runs `work` with its own statement count; a count around it (a test or benchmark that
 * counts a request's statements itself) gets them added too.
 */
async function countStatements<T>(counter: { count: number }, work: () => Promise<T>): Promise<T> {
  const outer = statementCounter.getStore();
  try {
    return await statementCounter.run(counter, work);
  } finally {
    if (outer) outer.count += counter.count;
  }
}

type FetchHandler = (req: Request) => Promise<Response>;

/**
 * The `/api` handler with its access line: one per request, written when the answer is
 * ready, with the SQL statements the request ran (always counted) and the school the
 * procedure resolved. `onCounted` sees the count before the line is written (the benchmark's
 * `x-sql-statements` header).
 */
export function withAccessLog(
  handle: FetchHandler,
  router: AnyTRPCRouter,
  onCounted?: (response: Response, statements: number) => void,
): FetchHandler {
  const routeOf = createRouteNamer(router);
  return (req) =>
    inRequestScope(async (scope) => {
      const started = performance.now();
      const counter = { count: 0 };
      const response = await countStatements(counter, () => handle(req));
      onCounted?.(response, counter.count);
      writeAccessLine(scope, {
        method: req.method,
        route: routeOf(new URL(req.url).pathname, response.status),
        status: response.status,
        durationMs: performance.now() - started,
        sqlStatements: counter.count,
        requestId: response.headers.get('x-request-id') ?? undefined,
      });
      return response;
    });
}

const REQUEST_ID = /^[\w.-]{1,100}$/;

type NodeListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * A Node listener with an access line for every request, written when the response is
 * finished or the connection closed: for Next's pages (`route` is the path without its
 * query) and for any `/api` request the `/api` handler did not see (named by `routeOf`); a
 * request the handler did see has its line from the handler already.
 */
export function withNodeAccessLog(
  listener: NodeListener,
  routeOf: (path: string, status: number) => string = (path) => path,
) {
  return function logged(req: IncomingMessage, res: ServerResponse): void {
    inRequestScope((scope) => {
      const started = performance.now();
      const counter = { count: 0 };
      const given = req.headers['x-request-id'];
      const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.once('close', () => {
        writeAccessLine(scope, {
          method: req.method ?? 'GET',
          route: routeOf(pathOf(req.url ?? '/'), res.statusCode),
          status: res.statusCode,
          durationMs: performance.now() - started,
          sqlStatements: counter.count,
          requestId,
          aborted: !res.writableFinished,
        });
      });
      statementCounter.run(counter, () => listener(req, res));
    });
  };
}
