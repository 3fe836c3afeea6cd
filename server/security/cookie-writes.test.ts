import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import { students } from '@/db/schema';
import { SESSION_COOKIE } from '../kernel/auth/session';
import { useTestApp, type TestResponse } from '../test/harness';

/*
 * The outside review's finding: writes authenticated by the web UI's session cookie (a CSV
 * upload among them) were accepted whatever site sent them. A cookie-authenticated POST,
 * PUT, PATCH or DELETE, on REST and tRPC alike, now needs `Sec-Fetch-Site: same-origin` (or
 * `none`) or, without it, an `Origin` equal to APP_URL's; a bearer token is never sent by a
 * browser on its own and is not concerned.
 */

const app = useTestApp();
const OWNER = 'owner@cookies.test';
const APP_ORIGIN = 'http://localhost:3000';

let schoolId: string;
let cookie: string;
let token: string;

beforeEach(async () => {
  schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
  token = await app.tokenFor(OWNER);
  const me = await app.request('GET', '/api/auth/me', { token });
  expect(me.status).toBe(200);
  // The cookie next-auth sets after the web sign-in: a JWT holding our user id.
  const session = await encode({ token: { uid: me.body.id }, secret: app.config.auth.secret });
  cookie = `${SESSION_COOKIE}=${session}`;
});

const CROSS_SITE: [string, Record<string, string>][] = [
  ['Origin of another site', { origin: 'https://evil.example' }],
  ['Origin of another port of our host', { origin: 'http://localhost:4000' }],
  ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  [
    'Sec-Fetch-Site: cross-site beside our own Origin',
    { 'sec-fetch-site': 'cross-site', origin: APP_ORIGIN },
  ],
];

const SAME_ORIGIN: [string, Record<string, string>][] = [
  ["Origin equal to APP_URL's", { origin: APP_ORIGIN }],
  ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: APP_ORIGIN }],
  ['Sec-Fetch-Site: same-origin alone', { 'sec-fetch-site': 'same-origin' }],
  ["Sec-Fetch-Site: none (the user's own navigation)", { 'sec-fetch-site': 'none' }],
  ['neither header (not a browser, or a very old one; SameSite=Lax covers those)', {}],
];

function expectCrossSiteRefusal(res: TestResponse) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({
    error: { code: 'FORBIDDEN', message: 'Cross-site requests may not change anything.' },
  });
}

const studentCount = async () => app.db.$count(students, eq(students.schoolId, schoolId));

function uploadBody(): FormData {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['first_name,last_name\nAna,Ruiz\n'], { type: 'text/csv' }),
    'students.csv',
  );
  return form;
}

describe('writes authenticated by the session cookie', () => {
  it.each(CROSS_SITE)(
    '%s: 403 on a JSON write, a multipart upload, PUT and DELETE; nothing changes',
    async (_, headers) => {
      const create = await app.request('POST', `/api/schools/${schoolId}/students`, {
        headers: { cookie, ...headers },
        body: { first_name: 'Eva', last_name: 'Soto' },
      });
      expectCrossSiteRefusal(create);

      const upload = await app.request('POST', `/api/schools/${schoolId}/students/import`, {
        headers: { cookie, ...headers },
        rawBody: uploadBody(),
      });
      expectCrossSiteRefusal(upload);
      expect(await studentCount()).toBe(0);

      const [student] = await app.db
        .insert(students)
        .values({ schoolId, firstName: 'Leo', lastName: 'Paz' })
        .returning();
      const update = await app.request('PUT', `/api/schools/${schoolId}/students/${student!.id}`, {
        headers: { cookie, ...headers },
        body: { notes: 'changed' },
      });
      expectCrossSiteRefusal(update);
      const remove = await app.request(
        'DELETE',
        `/api/schools/${schoolId}/students/${student!.id}`,
        {
          headers: { cookie, ...headers },
        },
      );
      expectCrossSiteRefusal(remove);
      const [unchanged] = await app.db.select().from(students).where(eq(students.id, student!.id));
      expect(unchanged).toMatchObject({ notes: null });
    },
  );

  it.each(CROSS_SITE)(
    "%s: 403 on a tRPC mutation (the web UI's own protocol)",
    async (_, headers) => {
      const res = await app.request('POST', '/api/trpc/students.create', {
        headers: { cookie, ...headers },
        body: { schoolId, first_name: 'Eva', last_name: 'Soto' },
      });
      expect(res.status).toBe(403);
      expect(res.text).toContain('Cross-site requests may not change anything.');
      expect(await studentCount()).toBe(0);
    },
  );

  it.each(SAME_ORIGIN)('%s: the write and the upload pass', async (_, headers) => {
    const create = await app.request('POST', `/api/schools/${schoolId}/students`, {
      headers: { cookie, ...headers },
      body: { first_name: 'Eva', last_name: 'Soto' },
    });
    expect(create.status).toBe(201);
    const upload = await app.request('POST', `/api/schools/${schoolId}/students/import`, {
      headers: { cookie, ...headers },
      rawBody: uploadBody(),
    });
    expect(upload.status).toBe(200);
    expect(upload.body.data).toMatchObject({ imported: 1 });
    const mutation = await app.request('POST', '/api/trpc/students.create', {
      headers: { cookie, ...headers },
      body: { schoolId, first_name: 'Rita', last_name: 'Vega' },
    });
    expect(mutation.status).toBe(200);
    expect(await studentCount()).toBe(3);
  });

  it('reads stay open to any Origin: they change nothing', async () => {
    const res = await app.request('GET', `/api/schools/${schoolId}/students`, {
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });

  it('a forged or absent session is still 401, not 403', async () => {
    const res = await app.request('POST', `/api/schools/${schoolId}/students`, {
      headers: { cookie: `${SESSION_COOKIE}=forged`, origin: 'https://evil.example' },
      body: { first_name: 'Eva', last_name: 'Soto' },
    });
    expect(res.status).toBe(401);
  });
});

describe('writes authenticated by a bearer token', () => {
  it('pass whatever Origin they carry: a browser never attaches a token by itself', async () => {
    const res = await app.request('POST', `/api/schools/${schoolId}/students`, {
      token,
      headers: { origin: 'https://integration.example', 'sec-fetch-site': 'cross-site' },
      body: { first_name: 'Eva', last_name: 'Soto' },
    });
    expect(res.status).toBe(201);
  });
});

describe('public writes', () => {
  it('the contact form takes cross-site posts: it uses no session', async () => {
    const res = await app.request('POST', '/api/contact', {
      headers: { cookie, origin: 'https://evil.example' },
      body: { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(res.status).toBe(201);
  });
});
