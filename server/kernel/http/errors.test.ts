import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, notFound } from '../errors';
import { captureLogs, type CapturedLogs } from '../log';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../../test/harness';
import { publicProcedure, router } from '../trpc/init';
import { MAX_JSON_BYTES } from './rest';

const app = useTestApp();

const SECRET = 'secret detail: password=hunter2 at /srv/internal.ts:42';

/** Procedures that throw what the app's routes cannot (yet) throw on demand. */
const probeRouter = router({
  nested: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/probe/nested', protect: false } })
    .input(
      z.object({
        name: z.string().min(1),
        attendance: z.array(
          z.object({ student_id: z.uuid(), status: z.enum(['present', 'absent']) }),
        ),
        fees: z.array(z.object({ amount: z.number().min(0) })).optional(),
      }),
    )
    .output(z.object({ ok: z.boolean() }))
    .mutation(() => ({ ok: true })),
  boom: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/probe/boom', protect: false } })
    .input(z.object({}))
    .output(z.object({ ok: z.boolean() }))
    .query(() => {
      throw new Error(SECRET);
    }),
  badOutput: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/probe/bad-output', protect: false } })
    .input(z.object({}))
    .output(z.object({ count: z.number() }))
    .query(() => ({ count: SECRET }) as unknown as { count: number }),
  fail: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/probe/fail/{kind}', protect: false } })
    .input(z.object({ kind: z.string() }))
    .output(z.object({ ok: z.boolean() }))
    .mutation(({ input }) => {
      switch (input.kind) {
        case 'conflict':
          throw new AppError('CONFLICT', 'The payment is already paid.');
        case 'rate-limited':
          throw new AppError('TOO_MANY_REQUESTS', 'Too many requests; slow down.', {
            retryAfter: 42,
          });
        case 'rate-limited-default':
          throw new AppError('TOO_MANY_REQUESTS', 'Too many requests.');
        case 'unavailable':
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'Registrations are switched off for maintenance.',
            { retryAfter: 120 },
          );
        case 'unavailable-default':
          throw new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable.');
        case 'not-found':
          throw notFound('Horse');
        case 'forbidden':
          throw new AppError('FORBIDDEN', 'No permission.');
        case 'unauthorized':
          throw new AppError('UNAUTHORIZED', 'Unauthenticated.');
        default:
          return { ok: true };
      }
    }),
});

const probe = useTestApp({ router: probeRouter });

/** `{}` as the tRPC client sends the input of a procedure that takes no parameters. */
const EMPTY_INPUT = encodeURIComponent('{}');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectError(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
  expect(res.body.error.message).not.toBe('');
}

const adminToken = () => app.tokenFor(ADMIN_EMAIL);

describe('400: unreadable bodies', () => {
  it('malformed JSON', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      rawBody: '{"name": "Broken", "type":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('a text/plain body', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      rawBody: '{"name": "Plain", "type": "school"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('a form-encoded body', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      rawBody: 'name=Form&type=school',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('stores nothing', async () => {
    const token = await adminToken();
    await app.request('POST', '/api/admin/organizations', {
      token,
      rawBody: '{"name": "Plain", "type": "school"}',
      headers: { 'content-type': 'text/plain' },
    });
    const list = await app.request('GET', '/api/admin/organizations', { token });
    expect(list.body.data).toEqual([]);
  });

  it('a JSON body that is not an object is a 422, never a 500', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null']) {
      const res = await app.request('POST', '/api/admin/organizations', {
        token: await adminToken(),
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('404: unknown /api paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/schools/00000000-0000-4000-8000-000000000000/unknown-resource'],
    ['DELETE', '/api/admin'],
    ['GET', '/api/docs/nonexistent'],
    ['GET', '/api/docs/assets/secret.js'],
    ['GET', '/api/dev-idp/jwks'],
    ['GET', '/api'],
  ])('%s %s answers JSON 404', async (method, path) => {
    const res = await app.request(method, path, { token: await adminToken() });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.text).not.toMatch(/<html|<!doctype/i);
  });

  it('also without a token', async () => {
    expectError(await app.request('GET', '/api/nope'), 404, 'NOT_FOUND');
  });
});

describe('405: known path, other method', () => {
  it.each([
    ['DELETE', '/api/health', 'GET'],
    ['POST', '/api/schools', 'GET'],
    ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', 'GET, PUT'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const res = await app.request(method, path, { token: await adminToken() });
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('lists every method of the path in Allow', async () => {
    const res = await app.request('DELETE', '/api/admin/organizations', {
      token: await adminToken(),
    });
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')!.split(/,\s*/).sort()).toEqual(['GET', 'POST']);
  });
});

describe('413: JSON over 1 MB', () => {
  /** `{"name":"xxx…","type":"school"}` of exactly `size` bytes. */
  function bodyOfSize(size: number): string {
    const frame = JSON.stringify({ name: '', type: 'school' });
    return JSON.stringify({ name: 'x'.repeat(size - frame.length), type: 'school' });
  }

  it('refuses a body of 1 MB and one byte', async () => {
    const rawBody = bodyOfSize(MAX_JSON_BYTES + 1);
    expect(Buffer.byteLength(rawBody)).toBe(1024 * 1024 + 1);
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a much larger body', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: 'x'.repeat(5 * 1024 * 1024), type: 'school' },
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('reads a body of exactly 1 MB (then validates it: 422)', async () => {
    const rawBody = bodyOfSize(MAX_JSON_BYTES);
    expect(Buffer.byteLength(rawBody)).toBe(1024 * 1024);
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['name']);
  });
});

describe('422: validation', () => {
  it('Laravel-style message and field errors', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: {},
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: { name: ['The name field is required.'], type: ['The type field is required.'] },
    });
  });

  it('counts "more errors" in the plural', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { timezone: 'Mars/Olympus', currency: 12 },
    });
    expect(res.status).toBe(422);
    const total = Object.values(res.body.errors as Record<string, string[]>).flat().length;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(res.body.message).toBe(`The name field is required. (and ${total - 1} more errors)`);
    expect(Object.keys(res.body.errors)).toEqual(
      expect.arrayContaining(['name', 'type', 'timezone', 'currency']),
    );
  });

  it('a single error has no "(and …)" suffix', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: 'Stables', type: 'farm' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The selected type is invalid.',
      errors: { type: ['The selected type is invalid.'] },
    });
  });

  it('names nested fields by dot path', async () => {
    const res = await probe.request('POST', '/api/probe/nested', {
      body: {
        name: 'Lesson',
        attendance: [
          { student_id: '7c1e4c36-3f0c-4a6f-9d5e-2b8f4a1c9e01', status: 'present' },
          { student_id: 'not-a-uuid', status: 'late' },
        ],
        fees: [{ amount: 10 }, { amount: -5 }],
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'attendance.1.status',
      'attendance.1.student_id',
      'fees.1.amount',
    ]);
    for (const messages of Object.values(res.body.errors)) {
      expect(messages).toEqual([expect.stringMatching(/^The /)]);
    }
    expect(res.body.errors['attendance.1.status'][0]).toContain('attendance.1.status');
    expect(res.body.message).toBe(
      `${res.body.errors['attendance.1.student_id'][0]} (and 2 more errors)`,
    );
  });

  it('a nested field that is missing is required by its path', async () => {
    const res = await probe.request('POST', '/api/probe/nested', {
      body: { name: 'Lesson', attendance: [{}] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'attendance.0.student_id': [expect.stringContaining('required')],
      'attendance.0.status': [expect.stringContaining('required')],
    });
  });

  it('valid nested input passes', async () => {
    const res = await probe.request('POST', '/api/probe/nested', {
      body: {
        name: 'Lesson',
        attendance: [{ student_id: '7c1e4c36-3f0c-4a6f-9d5e-2b8f4a1c9e01', status: 'absent' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('500: server failures', () => {
  let logged: string[] = [];
  let capture: CapturedLogs | undefined;
  afterEach(() => {
    capture?.stop();
    capture = undefined;
    logged = [];
  });
  const captureLog = () => {
    capture = captureLogs('error');
    logged = capture.lines;
  };

  it('answers {message, error} without the internal message or a stack, and logs it with the request id', async () => {
    captureLog();
    const res = await probe.request('GET', '/api/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String), error: expect.any(String) });
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toMatch(/stack|internal\.ts|\bat \//);
    const requestId = res.headers.get('x-request-id')!;
    expect(logged.some((line) => line.includes(requestId) && line.includes('secret detail'))).toBe(
      true,
    );
  });

  it('an output that fails its schema is a 500 that leaks nothing', async () => {
    captureLog();
    const res = await probe.request('GET', '/api/probe/bad-output');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String), error: expect.any(String) });
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toMatch(/invalid_type|issues|expected number|count/i);
  });

  it('the UI protocol does not leak the internal message either', async () => {
    captureLog();
    const res = await probe.request('GET', `/api/trpc/boom?input=${EMPTY_INPUT}`);
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('secret detail');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toMatch(/internal\.ts|"stack"/);
    expect(res.body.error.data.code).toBe('INTERNAL_SERVER_ERROR');
    const requestId = res.headers.get('x-request-id')!;
    expect(logged.some((line) => line.includes(requestId) && line.includes('secret detail'))).toBe(
      true,
    );
  });
});

describe('409, 429, 503 and the other AppError shapes', () => {
  it.each([
    ['conflict', 409, 'CONFLICT', 'The payment is already paid.'],
    ['not-found', 404, 'NOT_FOUND', 'Horse not found.'],
    ['forbidden', 403, 'FORBIDDEN', 'No permission.'],
    ['unauthorized', 401, 'UNAUTHORIZED', 'Unauthenticated.'],
  ])('%s → %i {error: {code: %s}} without Retry-After', async (kind, status, code, message) => {
    const res = await probe.request('POST', `/api/probe/fail/${kind}`, { body: {} });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message } });
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it.each([
    ['rate-limited', 429, 'TOO_MANY_REQUESTS', '42'],
    ['unavailable', 503, 'SERVICE_UNAVAILABLE', '120'],
  ])('%s → %i {error: {code: %s}} with Retry-After: %s', async (kind, status, code, retryAfter) => {
    const res = await probe.request('POST', `/api/probe/fail/${kind}`, { body: {} });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
    expect(res.headers.get('retry-after')).toBe(retryAfter);
  });

  it.each([
    ['rate-limited-default', 429],
    ['unavailable-default', 503],
  ])('%s → %i has a Retry-After even when the thrower set none', async (kind, status) => {
    const res = await probe.request('POST', `/api/probe/fail/${kind}`, { body: {} });
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('a 503 keeps its maintenance message', async () => {
    const res = await probe.request('POST', '/api/probe/fail/unavailable', { body: {} });
    expect(res.body.error.message).toBe('Registrations are switched off for maintenance.');
  });
});

describe('X-Request-Id', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['a success', 'GET', '/api/health', 200],
    ['a 401', 'GET', '/api/schools', 401],
    ['a 404', 'GET', '/api/nope', 404],
    ['a 405', 'DELETE', '/api/health', 405],
    ['a 400', 'POST', '/api/admin/organizations', 400],
    ['the UI protocol', 'GET', `/api/trpc/platform.health?input=${EMPTY_INPUT}`, 200],
  ])('is on %s', async (_, method, path, status) => {
    const res = await app.request(
      method,
      path,
      method === 'POST' ? { rawBody: '{', headers: { 'content-type': 'application/json' } } : {},
    );
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('is on a 500', async () => {
    const res = await probe.request('GET', '/api/probe/boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.body.error).toContain(res.headers.get('x-request-id'));
  });

  it('differs between requests', async () => {
    const a = await app.request('GET', '/api/health');
    const b = await app.request('GET', '/api/health');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/nope'],
    ['GET', '/api/schools'],
  ])('echoes a valid incoming id on %s %s', async (method, path) => {
    const res = await app.request(method, path, {
      headers: { 'x-request-id': 'client-trace_42.abc' },
    });
    expect(res.headers.get('x-request-id')).toBe('client-trace_42.abc');
  });

  it.each([
    ['with spaces', 'not a valid id'],
    ['too long', 'a'.repeat(101)],
    ['with header-injection characters', 'abc<script>'],
  ])('replaces an incoming id %s', async (_, given) => {
    const res = await app.request('GET', '/api/health', { headers: { 'x-request-id': given } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('/api/trpc serves the UI protocol', () => {
  it('GET /api/trpc/platform.health returns a tRPC result', async () => {
    const res = await app.request('GET', `/api/trpc/platform.health?input=${EMPTY_INPUT}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        data: {
          status: 'ok',
          timestamp: expect.any(String),
          service: 'equestrian-platform',
          version: '1.0.0',
        },
      },
    });
  });

  it('answers a batch as the UI client sends it, authenticated by the bearer token', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const res = await app.request(
      'GET',
      `/api/trpc/platform.health,account.me?batch=1&input=${input}`,
      {
        token: await app.tokenFor('rider@x.test'),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { result: { data: expect.objectContaining({ status: 'ok' }) } },
      { result: { data: expect.objectContaining({ email: 'rider@x.test', status: 'active' }) } },
    ]);
  });

  it('answers a tRPC error without a token', async () => {
    const res = await app.request('GET', `/api/trpc/account.me?input=${EMPTY_INPUT}`);
    expect(res.status).toBe(401);
    expect(res.body.error.data.code).toBe('UNAUTHORIZED');
  });

  it('carries field errors of a 422 for the UI forms', async () => {
    const res = await app.request('POST', '/api/trpc/admin.organizations.create', {
      token: await adminToken(),
      body: {},
    });
    expect(res.status).toBe(422);
    expect(res.body.error.data.fieldErrors).toEqual({
      name: ['The name field is required.'],
      type: ['The type field is required.'],
    });
  });
});
