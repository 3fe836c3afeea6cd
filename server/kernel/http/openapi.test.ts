import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../router';
import { useTestApp } from '../../test/harness';
import { collectRestRoutes } from './rest';

const app = useTestApp();

type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  parameters?: { name: string; in: string; required?: boolean }[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
};

/**
 * DESIGN 4's endpoint table and the general routes, as far as they are implemented, and the
 * settings' all-or-none save (issue 26).
 */
const EXPECTED: [method: string, path: string][] = [
  ['get', '/health'],
  ['get', '/test-idp'],
  ['get', '/auth/me'],
  ['get', '/schools'],
  ['put', '/schools/{schoolId}'],
  ['get', '/schools/{schoolId}/members'],
  ['post', '/schools/{schoolId}/members'],
  ['put', '/schools/{schoolId}/members/{memberId}'],
  ['delete', '/schools/{schoolId}/members/{memberId}'],
  ['get', '/admin/organizations'],
  ['post', '/admin/organizations'],
  ['put', '/admin/organizations/{id}'],
  ['get', '/admin/users'],
  ['put', '/admin/users/{id}'],
  ['get', '/features'],
  ['post', '/contact'],
  ['get', '/test/dashboard'],
  ['get', '/admin/settings'],
  ['patch', '/admin/settings'],
  ['get', '/admin/settings/group/{group}'],
  ['post', '/admin/settings/initialize'],
  ['post', '/admin/settings/features/{feature}/toggle'],
  ['put', '/admin/settings/marketplace'],
  ['get', '/admin/settings/{key}'],
  ['put', '/admin/settings/{key}'],
  ['get', '/admin/mail/outbox'],
  ['get', '/admin/mail/outbox/{id}'],
];
const SPEC_PUBLIC = new Set([
  '/health',
  '/test-idp',
  '/features',
  '/contact',
  '/webhooks/payments/{provider}',
]);
/**
 * The spec's routes without sign-in, the payment webhook (signed instead), and the `/public/`
 * family (DESIGN-MODULES 0.2).
 */
const PUBLIC = { has: (path: string) => SPEC_PUBLIC.has(path) || path.startsWith('/public/') };
const CREATING = new Set([
  'post /schools/{schoolId}/members',
  'post /admin/organizations',
  'post /contact',
]);

async function fetchDocument(): Promise<Document> {
  const res = await app.request('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.body as Document;
}

const jsonSchemaOf = (entry: { content?: Record<string, { schema: unknown }> } | undefined) =>
  entry?.content?.['application/json']?.schema as { $ref?: string; type?: string } | undefined;

describe('GET /api/openapi.json', () => {
  it('answers without a token with a valid OpenAPI 3 document, version 1.0.0', async () => {
    const doc = await fetchDocument();

    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000/api' }]);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.components.securitySchemes.Authorization).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('lists every implemented route of the endpoint table, and every REST route of the router', async () => {
    const doc = await fetchDocument();

    for (const [method, path] of EXPECTED) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    for (const route of collectRestRoutes(appRouter)) {
      expect(
        doc.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
  });

  it('describes request bodies, path parameters and success bodies', async () => {
    const doc = await fetchDocument();

    for (const [method, path] of EXPECTED) {
      const operation = doc.paths[path]![method]!;
      const label = `${method.toUpperCase()} ${path}`;
      const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect(success, label).toEqual([CREATING.has(`${method} ${path}`) ? '201' : '200']);
      expect(jsonSchemaOf(operation.responses[success[0]!]), label).toMatchObject({
        type: 'object',
      });
      if (method === 'post' || method === 'put' || method === 'patch') {
        expect(jsonSchemaOf(operation.requestBody), label).toMatchObject({ type: 'object' });
      } else {
        expect(operation.requestBody, label).toBeUndefined();
      }
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), label).toEqual(pathParams.sort());
      expect(
        declared.every((p) => p.required),
        label,
      ).toBe(true);
    }

    const invite = jsonSchemaOf(doc.paths['/schools/{schoolId}/members']!.post!.requestBody) as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    expect(invite.required.sort()).toEqual(['email', 'role']);
    expect(invite.properties.role!.enum).toEqual(['owner', 'manager', 'instructor', 'viewer']);
    // Path parameters are not repeated in the body.
    expect(invite.properties).not.toHaveProperty('schoolId');

    const page = jsonSchemaOf(doc.paths['/admin/organizations']!.get!.responses['200']) as {
      required: string[];
      properties: Record<string, { required?: string[] }>;
    };
    expect(page.required.sort()).toEqual(['data', 'links', 'meta']);
    expect(page.properties.meta!.required!.sort()).toEqual([
      'current_page',
      'from',
      'last_page',
      'path',
      'per_page',
      'to',
      'total',
    ]);
    expect(page.properties.links!.required!.sort()).toEqual(['first', 'last', 'next', 'prev']);
    const query = doc.paths['/admin/organizations']!.get!.parameters!.filter(
      (p) => p.in === 'query',
    ).map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'per_page', 'search', 'type']));
  });

  it('documents the DESIGN 5 error bodies: 422 as ValidationError, the others as Error', async () => {
    const doc = await fetchDocument();
    expect(doc.components.schemas).toHaveProperty('ValidationError');
    expect(doc.components.schemas).toHaveProperty('Error');

    for (const [method, path] of Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => [m, p] as const),
    )) {
      const { responses } = doc.paths[path]![method]!;
      const label = `${method.toUpperCase()} ${path}`;
      expect(jsonSchemaOf(responses['422'])?.$ref, label).toBe(
        '#/components/schemas/ValidationError',
      );
      expect(jsonSchemaOf(responses['404'])?.$ref, label).toBe('#/components/schemas/Error');
      expect(jsonSchemaOf(responses['500'])?.$ref, label).toBe('#/components/schemas/ServerError');
      if (!PUBLIC.has(path)) {
        expect(responses['401'], label).toBeDefined();
        expect(jsonSchemaOf(responses['403'])?.$ref, label).toBe('#/components/schemas/Error');
      }
      if (method === 'post' || method === 'put' || method === 'patch') {
        expect(jsonSchemaOf(responses['400'])?.$ref, label).toBe('#/components/schemas/Error');
      }
    }
    expect(jsonSchemaOf(doc.paths['/auth/me']!.get!.responses['401'])?.$ref).toBe(
      '#/components/schemas/PlainMessage',
    );
    expect(jsonSchemaOf(doc.paths['/schools']!.get!.responses['401'])?.$ref).toBe(
      '#/components/schemas/Error',
    );
  });

  it('marks public routes with security: [] and every other route with the bearer scheme', async () => {
    const doc = await fetchDocument();

    for (const [method, path] of EXPECTED) {
      const operation = doc.paths[path]![method]!;
      if (PUBLIC.has(path)) {
        expect(operation.security, path).toEqual([]);
        expect(operation.responses['401'], path).toBeUndefined();
      } else {
        expect(operation.security, path).toEqual([{ Authorization: [] }]);
      }
    }
  });

  it('is the same document on every request', async () => {
    const first = await app.request('GET', '/api/openapi.json');
    const second = await app.request('GET', '/api/openapi.json');
    expect(second.text).toBe(first.text);
  });
});

describe('GET /api/docs', () => {
  it('serves an HTML reference whose assets load and which points at the document', async () => {
    const page = await app.request('GET', '/api/docs');

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('/api/openapi.json');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      expect(asset, 'assets are served by the app itself').toMatch(/^\/api\//);
      const res = await app.request('GET', asset);
      expect(res.status, asset).toBe(200);
      expect(res.text.length, asset).toBeGreaterThan(1000);
      expect(res.headers.get('content-type'), asset).toMatch(
        asset.endsWith('.js') ? /javascript/ : /^text\/css/,
      );
    }
  });

  it('answers 404 for an unknown asset, without reading outside the assets', async () => {
    for (const path of [
      '/api/docs/assets/nope.js',
      '/api/docs/assets/..%2F..%2Fpackage.json',
      '/api/docs/assets/index.html',
    ]) {
      const res = await app.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});
