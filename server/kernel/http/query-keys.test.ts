import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { students } from '@/db/schema';
import { apiOperations } from '../../test/api-routes';
import { PROTOTYPE_KEYS } from '../../test/fuzz-arbitraries';
import { ADMIN_EMAIL, useTestApp } from '../../test/harness';

/*
 * The outside review's finding: `/api/health?constructor=1` (also `__proto__`, `toString`,
 * `valueOf`, `hasOwnProperty`) answered 500 without a token and logged a stack trace each
 * time. trpc-to-openapi's `getQuery` (dist/…/adapters/node-http/input) builds the query map
 * in a plain object and tests `if (!parsedQs[key]) parsedQs[key] = []` before `.push`: an
 * inherited member is truthy and has no `push`. The REST wrapper now hands it a map without
 * a prototype.
 */

const app = useTestApp();

let output: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  output = [];
});

/** Everything the app writes to the console or the process's streams. */
function captureOutput() {
  for (const method of ['error', 'warn', 'info', 'log', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(args.map(String).join(' '));
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      output.push(String(chunk));
      return true;
    });
  }
}

describe('query keys that a plain object inherits', () => {
  it.each(PROTOTYPE_KEYS)(
    'GET /api/health?%s=1 (once and repeated): 200 without a token, nothing logged',
    async (key) => {
      captureOutput();
      for (const query of [`${key}=1`, `${key}=1&${key}=2`, `${encodeURIComponent(key)}=`]) {
        const res = await app.request('GET', `/api/health?${query}`);
        expect(res.status, query).toBe(200);
        expect(res.body, query).toMatchObject({ status: 'ok' });
      }
      vi.restoreAllMocks();
      expect(output).toEqual([]);
    },
  );

  it('no route answers a 5xx to them: every operation of the document, as a platform admin and anonymously', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL);
    const schoolId = await app.createSchool({ members: {} });
    const query = [
      ...PROTOTYPE_KEYS.map((key) => `${key}=1`),
      '__proto__=2',
      'constructor=2',
      'format=csv',
    ].join('&');
    const failures: string[] = [];
    captureOutput();
    for (const op of apiOperations()) {
      const path = op.path
        .replace('{schoolId}', schoolId)
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const credentials of [{ token }, {}]) {
        const res = await app.request(op.method, `/api${path}?${query}`, {
          ...credentials,
          ...(op.method === 'GET' ? {} : { body: {} }),
        });
        if (res.status >= 500)
          failures.push(`${op.method} ${op.path} → ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    vi.restoreAllMocks();
    expect(failures).toEqual([]);
    expect(output.filter((line) => /error|stack|\bat /i.test(line))).toEqual([]);
  });

  it('a list filter still works beside them; the plain (CSV) route too', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL);
    const schoolId = await app.createSchool({ members: {} });
    const created = await app.request('POST', `/api/schools/${schoolId}/students`, {
      token,
      body: { first_name: 'Ana', last_name: 'Ruiz' },
    });
    expect(created.status).toBe(201);
    const list = await app.request(
      'GET',
      `/api/schools/${schoolId}/students?per_page=5&constructor=1&__proto__=1&toString=x`,
      { token },
    );
    expect(list.status).toBe(200);
    expect(list.body.meta.per_page).toBe(5);
    expect(list.body.data.map((s: { first_name: string }) => s.first_name)).toEqual(['Ana']);
    const csv = await app.request(
      'GET',
      `/api/schools/${schoolId}/reports/financial?format=csv&constructor=1&valueOf=1`,
      { token },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  });
});

describe('body keys that a plain object inherits', () => {
  it('`__proto__` and `constructor` in a JSON body are ignored: stored as any unknown field is (not at all)', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL);
    const schoolId = await app.createSchool({ members: {} });
    const body =
      '{"first_name":"Eva","last_name":"Soto","__proto__":{"notes":"from the prototype","is_platform_admin":true},' +
      '"constructor":{"prototype":{"status":"inactive"}},"toString":"x","hasOwnProperty":1}';
    const res = await app.request('POST', `/api/schools/${schoolId}/students`, {
      token,
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      first_name: 'Eva',
      last_name: 'Soto',
      status: 'active',
      notes: null,
    });
    const [row] = await app.db.select().from(students).where(eq(students.id, res.body.data.id));
    expect(row).toMatchObject({ firstName: 'Eva', status: 'active', notes: null });
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).is_platform_admin).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});
