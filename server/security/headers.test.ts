import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '@/proxy';
import { authOptions } from '../kernel/auth/next-auth';
import { createServices } from '../kernel/http/handler';
import { captureLogs, type CapturedLogs } from '../kernel/log';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const behindHttps = useTestApp({ env: { APP_URL: 'https://school.example.org' } });
const fixtures = schoolFixtures(() => app.db);

const OWNER = 'owner@headers.test';
/** What an error body must never show: SQL, database names, stack frames. */
const LEAKS =
  /insert into|delete from|select |update "|violates|constraint|students_|enrollments_|\bat \/|\.ts:\d+|stack/i;

function expectApiHeaders(res: TestResponse) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
}

describe('API answers', () => {
  it('a public answer: nosniff and a policy that loads and frames nothing, no HSTS over plain HTTP', async () => {
    const res = await app.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('an authenticated answer is never cached, its errors neither', async () => {
    const token = await app.tokenFor(OWNER);
    for (const [path, status] of [
      ['/api/schools', 200],
      ['/api/schools/not-a-school/students', 403],
      ['/api/nowhere', 404],
    ] as const) {
      const res = await app.request('GET', path, { token });
      expect(res.status, path).toBe(status);
      expectApiHeaders(res);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const session = await app.request('GET', '/api/schools', {
      headers: { cookie: 'next-auth.session-token=forged' },
    });
    expect(session.status).toBe(401);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  it('HSTS when the request came over TLS: through a proxy that says so, or an https APP_URL', async () => {
    const proxied = await app.request('GET', '/api/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers.get('strict-transport-security')).toMatch(
      /^max-age=\d{8}; includeSubDomains$/,
    );
    const direct = await behindHttps.request('GET', '/api/health');
    expect(direct.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
  });

  it('the API reference keeps what Swagger UI needs; it may not be framed; its assets stay cacheable', async () => {
    const page = await app.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('default-src');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await app.request('GET', '/api/docs/assets/swagger-ui.css', {
      headers: { cookie: 'theme=dark' },
    });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('the e-mail preview keeps its own policy (the admin page frames it) and is not cached', async () => {
    const res = await app.request('GET', '/api/email-preview/contact-form', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('pages (proxy.ts)', () => {
  const page = (headers: Record<string, string> = {}) =>
    proxy(new NextRequest('http://localhost:3000/schools', { headers })).headers;

  it('carry a same-origin policy that no one may frame, and the other protections', () => {
    const headers = page();
    const policy = headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('unsafe-eval');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('carry HSTS only behind TLS', () => {
    expect(page({ 'x-forwarded-proto': 'https' }).get('strict-transport-security')).toMatch(
      /^max-age=/,
    );
    expect(page({ 'x-forwarded-proto': 'http' }).get('strict-transport-security')).toBeNull();
  });
});

describe('next-auth cookies', () => {
  it.each([
    ['http://localhost:3000', app, false, 'next-auth.session-token'],
    ['https://school.example.org', behindHttps, true, '__Secure-next-auth.session-token'],
  ])(
    'with APP_URL %s: HttpOnly, SameSite=Lax, Secure only over https',
    (appUrl, target, secure, name) => {
      expect(target.config.appUrl).toBe(appUrl);
      const options = authOptions(createServices(target.config, target.db));
      expect(options.useSecureCookies).toBe(secure);
      expect(options.cookies?.sessionToken).toEqual({
        name,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
      });
    },
  );
});

describe('error bodies', () => {
  it('a database constraint answers without SQL: a record with history, a duplicate document number', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    const student = await fixtures.student(schoolId, { documentNumber: 'X-1' });
    const klass = await fixtures.class(schoolId);
    const schedule = await fixtures.schedule(schoolId, {
      classId: klass.id,
      instructorId: (await fixtures.instructor(schoolId)).id,
    });
    await fixtures.enrollment(schoolId, {
      studentId: student.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });

    const withHistory = await app.request(
      'DELETE',
      `/api/schools/${schoolId}/students/${student.id}`,
      { token },
    );
    expect(withHistory.status).toBe(409);
    expect(withHistory.text).not.toMatch(LEAKS);
    const duplicate = await app.request('POST', `/api/schools/${schoolId}/students`, {
      token,
      body: { first_name: 'Eva', last_name: 'Soto', document_number: 'X-1' },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.text).not.toMatch(LEAKS);
  });
});

describe('personal data and the logs', () => {
  const PERSONAL = [
    'Ximena',
    'Quiroga',
    'ximena.quiroga@family.test',
    '+34 611 222 333',
    'my pony is called Relámpago',
  ];
  let output: string[] = [];
  let logs: CapturedLogs | undefined;

  afterEach(() => {
    vi.restoreAllMocks();
    logs?.stop();
    logs = undefined;
    output = [];
  });

  /** Everything written to the logger (at every level), the console or the process's streams. */
  function captureOutput() {
    logs = captureLogs('trace');
    output = logs.lines;
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

  it('failing requests that carry names, e-mails and phones leave none of them in the log', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    await fixtures.student(schoolId, { documentNumber: 'X-2' });
    const [firstName, lastName, email, phone, message] = PERSONAL as [
      string,
      string,
      string,
      string,
      string,
    ];
    // The outbox refuses new rows: the contact request fails inside the database (a 500).
    await app.db.execute(
      sql`alter table email_outbox add constraint refuse_all check (false) not valid`,
    );
    captureOutput();
    try {
      const student = { first_name: firstName, last_name: lastName, email, phone };
      const failures = [
        await app.request('POST', `/api/schools/${schoolId}/students`, {
          token,
          body: { ...student, birth_date: 'yesterday' },
        }),
        await app.request('POST', `/api/schools/${schoolId}/students`, {
          token,
          body: { ...student, document_number: 'X-2' },
        }),
        await app.request('POST', `/api/schools/${schoolId}/members`, {
          token,
          body: { email, role: 'emperor' },
        }),
        await app.request('POST', '/api/schools', {
          token: await app.tokenFor(email, { name: `${firstName} ${lastName}` }),
          body: student,
        }),
        await app.request('GET', '/api/auth/me', { token: `${email}.${phone}.x` }),
      ];
      expect(failures.map((res) => res.status)).toEqual([422, 422, 422, 405, 401]);

      const contact = await app.request('POST', '/api/contact', {
        body: { name: `${firstName} ${lastName}`, email, subject: `Call me on ${phone}`, message },
      });
      expect(contact.status).toBe(500);
      expect(contact.text).not.toMatch(LEAKS);
      for (const value of PERSONAL) expect(contact.text).not.toContain(value);

      const logged = output.join('\n');
      for (const value of PERSONAL) expect(logged).not.toContain(value);
      // The failure is logged all the same, findable by its request id and SQLSTATE.
      expect(logged).toContain(contact.headers.get('x-request-id')!);
      expect(logged).toContain('23514');
    } finally {
      vi.restoreAllMocks();
      await app.db.execute(sql`alter table email_outbox drop constraint refuse_all`);
    }
  });
});
