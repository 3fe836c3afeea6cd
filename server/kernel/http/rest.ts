import { AsyncLocalStorage } from 'node:async_hooks';
import { TRPCError } from '@trpc/server';
import {
  createOpenApiNodeHttpHandler,
  forEachOpenApiProcedure,
  getPathRegExp,
  normalizePath,
  type OpenApiRouter,
} from 'trpc-to-openapi';
import { AppError, validationError } from '../errors';
import type { Context } from '../trpc/context';
import type { Meta } from '../trpc/init';
import { errorJson, errorResponse } from './errors';

export const API_PREFIX = '/api';
/** JSON bodies larger than this are refused with 413 (DESIGN 5). */
export const MAX_JSON_BYTES = 1024 * 1024;

export type RestRoute = {
  method: string;
  path: string;
  pattern: RegExp;
  procedure: string;
  meta: Meta;
};

export function collectRestRoutes(router: OpenApiRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  forEachOpenApiProcedure(router._def.procedures, ({ path, meta }) => {
    const openapi = meta.openapi!;
    routes.push({
      method: openapi.method,
      path: openapi.path,
      pattern: getPathRegExp(normalizePath(openapi.path)),
      procedure: path,
      meta: meta as Meta,
    });
  });
  return routes;
}

type SchemaNode = { _zod?: { def?: Record<string, unknown> }; shape?: Record<string, unknown> };

/**
 * The adapter sets `coerce` on every number, boolean, bigint and date field of an input
 * object, bodies included, so `{"is_platform_admin": "false"}` would parse as `true`. This
 * pins each such field to what its schema declares: `z.coerce.*` (query parameters) keeps
 * coercing, anything else is validated as sent.
 */
function pinCoercion(node: unknown, seen = new Set<unknown>()): void {
  const schema = node as SchemaNode | undefined;
  const def = schema?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (['number', 'boolean', 'bigint', 'date'].includes(def.type as string)) {
    if (Object.getOwnPropertyDescriptor(def, 'coerce')?.set) return; // pinned by an earlier handler
    const declared = def.coerce === true;
    Object.defineProperty(def, 'coerce', { get: () => declared, set: () => {}, enumerable: true });
    return;
  }
  if (def.type === 'object') {
    for (const field of Object.values(schema.shape ?? {})) pinCoercion(field, seen);
  }
  if (def.type === 'lazy') pinCoercion((def.getter as () => unknown)(), seen);
  for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType'])
    pinCoercion(def[key], seen);
  for (const key of ['options', 'items']) {
    if (Array.isArray(def[key])) for (const option of def[key]) pinCoercion(option, seen);
  }
}

/** Per-request state that the adapter's callbacks write and the wrapper reads. */
type Exchange = { original: Request; requestId: string; context?: Context; error?: TRPCError };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Reads at most `limit` bytes as text; null when the body is larger. */
export async function readBodyText(req: Request, limit: number): Promise<string | null> {
  const bytes = await readBodyBytes(req, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** Reads at most `limit` bytes (declared or streamed); null when the body is larger. */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isJsonContentType(value: string | null): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * The REST side of `/api`: every route is a tRPC procedure with OpenAPI meta, run by
 * trpc-to-openapi. Around the adapter this wrapper answers what it cannot (unknown paths,
 * wrong methods, unreadable or oversized bodies) and reshapes every error to DESIGN 5.
 */
export function createRestHandler(
  router: OpenApiRouter,
  makeContext: (req: Request, requestId: string) => Context,
) {
  const routes = collectRestRoutes(router);
  forEachOpenApiProcedure(router._def.procedures, ({ procedure }) => {
    for (const input of (procedure as { _def: { inputs: unknown[] } })._def.inputs)
      pinCoercion(input);
  });
  const exchanges = new AsyncLocalStorage<Exchange>();
  const adapter = createOpenApiNodeHttpHandler({
    router,
    createContext: () => {
      const exchange = exchanges.getStore()!;
      exchange.context = makeContext(exchange.original, exchange.requestId);
      return exchange.context;
    },
    onError: ({ error }: { error: TRPCError }) => {
      exchanges.getStore()!.error = error;
    },
  } as never) as unknown as (req: Request, res: unknown) => Promise<void>;

  // A route's pattern matches paths of its own number of segments only: indexing by that
  // count tests a handful of patterns per request instead of all of them.
  const bySegments = new Map<number, RestRoute[]>();
  for (const route of routes) {
    const count = segmentCount(normalizePath(route.path));
    bySegments.set(count, [...(bySegments.get(count) ?? []), route]);
  }

  return async function handleRest(req: Request, requestId: string): Promise<Response> {
    const url = new URL(req.url);
    const path = normalizePath(url.pathname.slice(API_PREFIX.length));
    const method = req.method.toUpperCase();
    const candidates = (bySegments.get(segmentCount(path)) ?? []).filter((route) =>
      route.pattern.test(path),
    );
    const route = candidates.find((candidate) => candidate.method === method);
    if (candidates.length === 0)
      return errorJson(404, `The route ${url.pathname} could not be found.`);
    if (!route) {
      const allow = [...new Set(candidates.map((candidate) => candidate.method))].join(', ');
      return errorJson(
        405,
        `The ${method} method is not supported for this route. Supported methods: ${allow}.`,
        {
          allow,
        },
      );
    }

    let body: unknown;
    const upload = route.meta.upload;
    if (upload && isMultipart(req.headers.get('content-type'))) {
      const parsed = await readUpload(req, upload);
      if (parsed instanceof Response) return parsed;
      body = parsed;
    } else if (BODY_METHODS.has(method)) {
      const text = await readBodyText(req, MAX_JSON_BYTES);
      if (text === null) return errorJson(413, 'The request body is larger than 1 MB.');
      if (text.trim() === '') {
        body = {};
      } else if (!isJsonContentType(req.headers.get('content-type'))) {
        return errorJson(400, 'The request body must be JSON (Content-Type: application/json).');
      } else {
        try {
          body = JSON.parse(text);
        } catch {
          return errorJson(400, 'The request body is not valid JSON.');
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return errorResponse(
            validationError({ body: ['The request body must be a JSON object.'] }),
            requestId,
          );
        }
      }
    }

    const headers = new Headers(req.headers);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const forwarded = new Request(`${url.origin}${path}${url.search}`, {
      method,
      headers,
      signal: req.signal,
    });
    // The adapter reads `req.query` when it is set, else builds it in a plain object, where
    // `?constructor=1` or `?__proto__=1` find Object.prototype's members and throw (a 500).
    const query = queryMap(url.searchParams);
    const adapterRequest = new Proxy(forwarded, {
      get: (target, prop) => {
        if (prop === 'query') return query;
        if (prop === 'body' && body !== undefined) return body;
        return Reflect.get(target, prop, target);
      },
    });

    const exchange: Exchange = { original: req, requestId };
    const response = await exchanges.run(exchange, () => runAdapter(adapter, adapterRequest));
    if (response.status >= 400) {
      const error =
        exchange.error ??
        new AppError('INTERNAL_SERVER_ERROR', `Adapter answered ${response.status}`);
      return errorResponse(error, requestId, { plain401: route.path === '/auth/me' });
    }
    const status = exchange.context?.responseStatus ?? route.meta.successStatus ?? response.status;
    // The adapter's body is already the JSON text: it is sent as is, not parsed and serialized again.
    return new Response(response.body, { status, headers: JSON_HEADERS });
  };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/**
 * A query string as trpc-to-openapi's `getQuery` reads `req.query`: every value of a key, by
 * key, in an object without a prototype, so that no key (`constructor`, `toString`,
 * `hasOwnProperty`…) meets an inherited member. `__proto__` is dropped: the adapter copies the
 * map into a plain object, where that key would set the prototype; no parameter has that name
 * and unknown parameters are ignored anyway (DESIGN 5).
 */
export function queryMap(search: URLSearchParams): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of search) {
    if (key === '__proto__') continue;
    (query[key] ??= []).push(value);
  }
  return query;
}

function segmentCount(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47 /* '/' */) count++;
  return count;
}

function isMultipart(value: string | null): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/**
 * A multipart upload as the procedure's JSON input: the file part as text, other parts as
 * strings. The whole body is bounded first, then the file itself (413 either way).
 */
async function readUpload(
  req: Request,
  upload: { field: string; maxBytes: number },
): Promise<Record<string, string> | Response> {
  const tooLarge = () =>
    errorJson(413, `The file is larger than ${Math.round(upload.maxBytes / 1024 / 1024)} MB.`);
  const limit = upload.maxBytes + 64 * 1024;
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return tooLarge();
  let form: FormData;
  try {
    const bytes = await readBodyBytes(req, limit);
    if (bytes === null) return tooLarge();
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': req.headers.get('content-type')! },
    }).formData();
  } catch {
    return errorJson(400, 'The multipart body could not be read.');
  }
  const input: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      input[name] = value;
    } else if (name === upload.field) {
      if (value.size > upload.maxBytes) return tooLarge();
      input[name] = await value.text();
    }
  }
  return input;
}

/** Runs the adapter's node-style handler and collects the status and body it writes. */
function runAdapter(
  adapter: (req: Request, res: unknown) => Promise<void>,
  req: Request,
): Promise<{ status: number; body: string | null }> {
  return new Promise((resolve, reject) => {
    let statusCode = 200;
    const res = {
      // Its headers are the JSON content type the answer sets anyway.
      setHeader: () => {},
      get statusCode() {
        return statusCode;
      },
      set statusCode(code: number) {
        statusCode = code;
      },
      end: (body?: string) => resolve({ status: statusCode, body: body ?? null }),
    };
    adapter(req, res).catch(reject);
  });
}
