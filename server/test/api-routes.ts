import type { OpenApiRouter } from 'trpc-to-openapi';
import { installedPermissionTables, type OrganizationKind } from '../kernel/auth/permissions';
import { buildOpenApiDocument } from '../kernel/http/openapi';
import { appRouter } from '../router';

/** A JSON Schema node of the OpenAPI document, with `$ref`s resolved. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

export type ApiParameter = { name: string; required: boolean; schema: JsonSchema };

/** One operation of `/api/openapi.json`: what a client sees of a route. */
export type ApiOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path template under `/api`, e.g. `/schools/{schoolId}/students/{id}`. */
  path: string;
  /**
   * The organization kind whose routes the path lies under (its prefix, as the tenant kind
   * of the modules' manifests declares it: `/schools/{schoolId}`), or null.
   */
  tenant: OrganizationKind | null;
  operationId: string;
  pathParams: ApiParameter[];
  query: ApiParameter[];
  /** The JSON body's schema, if the operation takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Every request content type the operation accepts. */
  contentTypes: string[];
  /** Whether a token is required (the document's `security`). */
  isProtected: boolean;
  /** Success statuses the document declares. */
  successStatuses: number[];
};

type RawOperation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let cached: { document: Record<string, any>; operations: ApiOperation[] } | undefined;

/** The document the app serves at `/api/openapi.json` (same builder, same router). */
export function apiDocument(): Record<string, any> {
  return load().document;
}

/**
 * Every operation of the OpenAPI document. Suites that must cover every route enumerate
 * these, so a new route is covered without editing them.
 */
export function apiOperations(): ApiOperation[] {
  return load().operations;
}

/**
 * Every operation of an organization: under the path prefix of a tenant kind of the
 * registered modules (`server/modules.ts`), whatever the kind. The security suites cover
 * these, so a new module's organization routes cannot escape them.
 */
export function organizationOperations(): ApiOperation[] {
  return apiOperations().filter((op) => op.tenant !== null);
}

/** The tenant kind of an OpenAPI path: the kind whose prefix it lies under, or null. */
export function tenantOfPath(path: string): OrganizationKind | null {
  const table = installedPermissionTables().find(
    ({ prefix }) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return table?.tenant.kind ?? null;
}

/** Operations under `/schools/{schoolId}`. */
export function schoolOperations(): ApiOperation[] {
  return apiOperations().filter((op) => op.tenant === 'school');
}

function load() {
  if (cached) return cached;
  const document = buildOpenApiDocument(
    appRouter as OpenApiRouter,
    'http://localhost:3000/api',
  ) as Record<string, any>;
  const resolve = (
    schema: JsonSchema | undefined,
    seen = new Set<string>(),
  ): JsonSchema | undefined => resolveRefs(document, schema, seen);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}) as [
    string,
    Record<string, RawOperation>,
  ][]) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = (op.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: Boolean(p.required),
        schema: resolve(p.schema) ?? {},
      }));
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as ApiOperation['method'],
        path,
        tenant: tenantOfPath(path),
        operationId: op.operationId,
        pathParams: parameters.filter((p) => p.in === 'path').map(({ in: _, ...p }) => p),
        query: parameters.filter((p) => p.in === 'query').map(({ in: _, ...p }) => p),
        body: resolve(content['application/json']?.schema),
        bodyRequired: Boolean(op.requestBody?.required),
        contentTypes: Object.keys(content),
        isProtected: !(Array.isArray(op.security) && op.security.length === 0),
        successStatuses: Object.keys(op.responses ?? {})
          .filter((status) => status.startsWith('2'))
          .map(Number),
      });
    }
  }
  cached = { document, operations };
  return cached;
}

function resolveRefs(document: Record<string, any>, schema: unknown, seen: Set<string>): any {
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(document, s, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return {};
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<any>((node, key) => node?.[key], document);
    return resolveRefs(document, target, new Set([...seen, ref]));
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, resolveRefs(document, value, seen)]),
  );
}
