import { getTRPCErrorFromUnknown, type AnyTRPCRouter } from '@trpc/server';
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
  type OpenApiMethod,
  type OpenApiProcedure,
  type OpenApiRouter,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod/v4';
import { validationError } from '../errors';
import type { Context } from '../trpc/context';
import { stringifyAnswer } from '../raw-json';
import { createCallerFactory, type Meta } from '../trpc/init';
import { jsonText } from './direct-body';
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
 * A REST route compiled once: how trpc-to-openapi's adapter assembles the procedure's input
 * (query or body, then the path parameters; a query parameter of an array field always an
 * array; no input for a `z.void()` procedure), decided at start instead of per request.
 */
type CompiledRoute = RestRoute & {
  /** The procedure's path in the router, split (`students.list` → `['students', 'list']`). */
  call: string[];
  /** The input schema is void-like: the procedure gets no input. */
  noInput: boolean;
  /** Fields of the input object that are arrays: a single query value is wrapped. */
  arrayFields: string[];
};

function compileRoute(route: RestRoute, procedure: OpenApiProcedure): CompiledRoute {
  const { inputParser } = getInputOutputParsers(procedure);
  const unwrapped = unwrapZodType(inputParser, true);
  const arrayFields: string[] = [];
  if (zodSupportsCoerce && instanceofZodTypeObject(unwrapped)) {
    for (const [key, shape] of Object.entries(unwrapped.shape)) {
      const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
      if (inner instanceof ZodArray) arrayFields.push(key);
    }
    // What the adapter did on every request; pinned by `pinCoercion` to what each field declares.
    coerceSchema(unwrapped);
  }
  return {
    ...route,
    call: route.procedure.split('.'),
    noInput: instanceofZodTypeLikeVoid(unwrapped),
    arrayFields,
  };
}

/**
 * The REST side of `/api`: every route is a tRPC procedure with OpenAPI meta (the OpenAPI
 * document is trpc-to-openapi's). A request is matched once against a table compiled at start
 * (indexed by the number of path segments), its input assembled as trpc-to-openapi's adapter
 * does, and the procedure called through `createCaller` (same middleware, guards, input and
 * output validation); the answer's JSON is written once, JSON text from PostgreSQL spliced in. This wrapper answers unknown paths,
 * wrong methods, unreadable or oversized bodies, and reshapes every error to DESIGN 5.
 */
export function createRestHandler(
  router: OpenApiRouter,
  makeContext: (req: Request, requestId: string) => Context,
) {
  const procedures = new Map<string, OpenApiProcedure>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure }) => {
    procedures.set(path, procedure);
    for (const input of (procedure as { _def: { inputs: unknown[] } })._def.inputs)
      pinCoercion(input);
  });
  const routes = collectRestRoutes(router).map((route) =>
    compileRoute(route, procedures.get(route.procedure)!),
  );
  const createCaller = createCallerFactory(router as AnyTRPCRouter);

  // A route's pattern matches paths of its own number of segments only: indexing by that
  // count tests a handful of patterns per request instead of all of them.
  const bySegments = new Map<number, CompiledRoute[]>();
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
    let rawBody: string | undefined;
    const upload = route.meta.upload;
    if (upload && isMultipart(req.headers.get('content-type'))) {
      const parsed = await readUpload(req, upload);
      if (parsed instanceof Response) return parsed;
      body = parsed;
    } else if (BODY_METHODS.has(method)) {
      const text = await readBodyText(req, MAX_JSON_BYTES);
      if (text === null) return errorJson(413, 'The request body is larger than 1 MB.');
      if (route.meta.signedBody) rawBody = text;
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

    let input: Record<string, unknown> | undefined;
    if (!route.noInput) {
      const useBody = acceptsRequestBody(method as OpenApiMethod);
      input = {
        ...(useBody ? (body as Record<string, unknown> | undefined) : queryInput(url, route)),
        ...pathParams(route.pattern.exec(path)),
      };
    }
    const context = makeContext(req, requestId);
    context.rawBody = rawBody;
    let output: unknown;
    try {
      const procedure = route.call.reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key],
        createCaller(context),
      ) as (input: unknown) => Promise<unknown>;
      output = await procedure(input);
    } catch (cause) {
      return errorResponse(getTRPCErrorFromUnknown(cause), requestId, {
        plain401: route.path === '/auth/me',
      });
    }
    const status = context.responseStatus ?? route.meta.successStatus ?? 200;
    // JSON text a procedure passed through (`RawJson`) is spliced in, not parsed (issue 27).
    const response = jsonText(stringifyAnswer(output) ?? null, status);
    context.responseHeaders.forEach((value, name) => response.headers.set(name, value));
    return response;
  };
}

/**
 * The query string as trpc-to-openapi's adapter makes it the input: a key sent once is a
 * string, a key sent more than once an array, and an array field always an array.
 */
function queryInput(url: URL, route: CompiledRoute): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(queryMap(url.searchParams)))
    input[key] = values.length === 1 ? values[0] : values;
  for (const key of route.arrayFields)
    if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
  return input;
}

/**
 * A query string as trpc-to-openapi's `getQuery` reads `req.query`: every value of a key, by
 * key, in an object without a prototype, so that no key (`constructor`, `toString`,
 * `hasOwnProperty`…) meets an inherited member. `__proto__` is dropped: the adapter copies the
 * map into a plain object, where that key would set the prototype; no parameter has that name
 * and unknown parameters are ignored anyway (DESIGN 5).
 */
/**
 * A matched route's path parameters, percent-decoded as a client encoded them (a typed code
 * with spaces arrives as `%20`); a malformed escape stays as sent, for the route to refuse.
 */
export function pathParams(match: RegExpExecArray | null): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(match?.groups ?? {})) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  }
  return params;
}

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

type Upload = { field: string; maxBytes: number; binary?: true };

/**
 * A multipart upload as the procedure's JSON input: the file part as text (or, `binary`, as
 * base64 with its name as `filename`), other parts as strings. The whole body is bounded
 * first, then the file itself (413 either way).
 */
async function readUpload(
  req: Request,
  upload: Upload,
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
      if (upload.binary) {
        input[name] = Buffer.from(await value.arrayBuffer()).toString('base64');
        if (value.name) input.filename ??= value.name;
      } else {
        input[name] = await value.text();
      }
    }
  }
  return input;
}
