import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { captureLogs, type CapturedLogs } from '../log';
import { useTestApp, type TestResponse } from '../../test/harness';
import { schoolFixtures } from '../../test/school-fixtures';

const app = useTestApp();
const fixtures = schoolFixtures(() => app.db);

const OWNER = 'owner@access-log.test';
const VIEWER = 'viewer@access-log.test';
const STRANGER = 'stranger@access-log.test';

/** Every field an access line has; nothing else may appear in one. */
const ACCESS_KEYS = [
  'duration_ms',
  'level',
  'method',
  'msg',
  'organization_id',
  'pid',
  'request_id',
  'route',
  'sql_statements',
  'status',
  'time',
];

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs('trace');
});
afterEach(() => {
  logs.stop();
});

/** The one access line of a response, found by its request id; fails unless there is exactly one. */
function lineOf(res: TestResponse): Record<string, any> {
  const requestId = res.headers.get('x-request-id');
  const lines = logs.access().filter((entry) => entry.request_id === requestId);
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe('one access line per request', () => {
  it('a school read: method, route template, status, duration, SQL statements, request id, school', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    const student = await fixtures.student(schoolId);
    const res = await app.request('GET', `/api/schools/${schoolId}/students/${student.id}`, {
      token,
    });
    expect(res.status).toBe(200);

    expect(logs.access()).toHaveLength(1);
    const line = lineOf(res);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request completed',
      method: 'GET',
      route: '/api/schools/{schoolId}/students/{studentId}',
      status: 200,
      request_id: res.headers.get('x-request-id'),
      organization_id: schoolId,
    });
    expect(line.duration_ms).toEqual(expect.any(Number));
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(line.sql_statements).toBeGreaterThan(0);
    expect(Object.keys(line).sort()).toEqual(ACCESS_KEYS);
    expect(new Date(line.time).getTime()).not.toBeNaN();
    // The template, never the concrete path.
    for (const text of logs.lines) expect(text).not.toContain(student.id);
  });

  it('counts every SQL statement of the request, as the benchmark header does', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    await app.request('GET', `/api/schools/${schoolId}/students`, { token }); // creates the user
    const res = await app.request('GET', `/api/schools/${schoolId}/students`, { token });
    // The caller with the school and the caller's role (one statement), the page with its total
    // (one statement, issue 27).
    expect(lineOf(res).sql_statements).toBe(2);
    const document = await app.request('GET', '/api/openapi.json');
    expect(lineOf(document)).toMatchObject({
      route: '/api/openapi.json',
      status: 200,
      sql_statements: 0,
    });
  });

  it('a count around the request (tests, benchmarks) still gets its statements', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    const counter = { count: 0 };
    const res = await statementCounter.run(counter, () =>
      app.request('GET', `/api/schools/${schoolId}/students`, { token }),
    );
    expect(res.status).toBe(200);
    expect(counter.count).toBeGreaterThan(0);
    expect(counter.count).toBe(lineOf(res).sql_statements);
  });

  it('tRPC requests are named by their procedure paths; an unknown name is *', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    const single = await app.request('GET', `/api/trpc/platform.health?input=${trpcInput({})}`);
    expect(single.status).toBe(200);
    expect(lineOf(single)).toMatchObject({ route: 'trpc:platform.health', status: 200 });

    const school = await app.request(
      'GET',
      `/api/trpc/students.list?input=${trpcInput({ schoolId, search: 'Ximena' })}`,
      { token },
    );
    expect(school.status).toBe(200);
    expect(lineOf(school)).toMatchObject({
      route: 'trpc:students.list',
      organization_id: schoolId,
    });
    expect(lineOf(school).sql_statements).toBeGreaterThan(0);

    const batch = await app.request(
      'GET',
      `/api/trpc/platform.health,ana@family.test?batch=1&input=${trpcInput({ 0: {}, 1: {} })}`,
    );
    expect(lineOf(batch).route).toBe('trpc:platform.health,*');
    for (const text of logs.lines) expect(text).not.toMatch(/Ximena|ana@family/);
  });

  it('the school only once it resolved for the caller: a member (even without the permission), not a stranger', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner', [VIEWER]: 'viewer' } });
    await app.createSchool({ members: { [STRANGER]: 'owner' } });
    const viewer = await app.tokenFor(VIEWER);
    const stranger = await app.tokenFor(STRANGER);

    const denied = await app.request('POST', `/api/schools/${schoolId}/students`, {
      token: viewer,
      body: { first_name: 'Eva', last_name: 'Soto' },
    });
    expect(denied.status).toBe(403);
    expect(lineOf(denied)).toMatchObject({
      route: '/api/schools/{schoolId}/students',
      status: 403,
      organization_id: schoolId,
    });

    const foreign = await app.request('GET', `/api/schools/${schoolId}/students`, {
      token: stranger,
    });
    expect(foreign.status).toBe(403);
    expect(lineOf(foreign)).toMatchObject({
      route: '/api/schools/{schoolId}/students',
      status: 403,
    });
    expect(lineOf(foreign)).not.toHaveProperty('organization_id');

    const anonymous = await app.request('GET', `/api/schools/${schoolId}/students`);
    expect(anonymous.status).toBe(401);
    expect(lineOf(anonymous)).not.toHaveProperty('organization_id');

    const notAnId = await app.request('GET', '/api/schools/not-a-uuid/students', { token: viewer });
    expect(lineOf(notAnId)).toMatchObject({ route: '/api/schools/{schoolId}/students' });
    expect(lineOf(notAnId)).not.toHaveProperty('organization_id');
  });

  it('a path no route has is logged by its shape; a wrong method by its template', async () => {
    const unknown = await app.request('GET', '/api/people/ana@family.test/Ximena');
    expect(unknown.status).toBe(404);
    expect(lineOf(unknown)).toMatchObject({ method: 'GET', route: '/api/*/*/*', status: 404 });

    const typo = await app.request('GET', '/api/schools/Ximena/studnets');
    expect(lineOf(typo)).toMatchObject({ route: '/api/schools/*/*', status: 404 });

    const method = await app.request('DELETE', '/api/health');
    expect(lineOf(method)).toMatchObject({ method: 'DELETE', route: '/api/health', status: 405 });

    const docs = await app.request('GET', '/api/docs');
    expect(lineOf(docs)).toMatchObject({ route: '/api/docs', status: 200 });
    const missingAsset = await app.request('GET', '/api/docs/Ximena.js');
    expect(lineOf(missingAsset)).toMatchObject({ route: '/api/docs/*', status: 404 });

    for (const text of logs.lines) expect(text).not.toMatch(/Ximena|ana@family/);
  });

  it('concurrent requests each get their own line, with their own school', async () => {
    const schools = await Promise.all(
      [0, 1, 2].map((i) =>
        app.createSchool({ members: { [`owner${i}@access-log.test`]: 'owner' } }),
      ),
    );
    const tokens = await Promise.all(
      schools.map((_, i) => app.tokenFor(`owner${i}@access-log.test`)),
    );
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        app.request('GET', `/api/schools/${schools[i % 3]}/students`, { token: tokens[i % 3] }),
      ),
    );
    expect(logs.access()).toHaveLength(9);
    responses.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(lineOf(res).organization_id).toBe(schools[i % 3]);
    });
  });
});

describe('nothing from the request in any line', () => {
  const PERSONAL = [
    'Ximena',
    'Quiroga',
    'ximena.quiroga@family.test',
    '+34 611 222 333',
    'Relámpago',
  ];

  it('tokens, cookies, query values, e-mails and names stay out, a 422 and a 500 included', async () => {
    const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
    const token = await app.tokenFor(OWNER);
    const cookie = 'next-auth.session-token=cookie-value-4f9a2c';
    const [firstName, lastName, email, phone, pony] = PERSONAL as [
      string,
      string,
      string,
      string,
      string,
    ];
    const student = { first_name: firstName, last_name: lastName, email, phone };
    const secrets = [...PERSONAL, token, 'cookie-value-4f9a2c', 'query-value-77'];

    await app.db.execute(
      sql`alter table email_outbox add constraint refuse_all check (false) not valid`,
    );
    let responses: TestResponse[];
    try {
      responses = [
        await app.request(
          'GET',
          `/api/schools/${schoolId}/students?search=${firstName}&page=1&x=query-value-77`,
          {
            token,
            headers: { cookie },
          },
        ),
        await app.request('POST', `/api/schools/${schoolId}/students`, {
          token,
          headers: { cookie },
          body: { ...student, birth_date: 'yesterday' },
        }),
        await app.request('GET', '/api/auth/me', { token: `${email}.${phone}.x` }),
        await app.request('POST', '/api/contact', {
          headers: { cookie },
          body: {
            name: `${firstName} ${lastName}`,
            email,
            subject: `Call me on ${phone}`,
            message: `My pony ${pony}`,
          },
        }),
      ];
    } finally {
      await app.db.execute(sql`alter table email_outbox drop constraint refuse_all`);
    }
    expect(responses.map((res) => res.status)).toEqual([200, 422, 401, 500]);

    // Exactly one access line per request, the 500 with its error line beside it.
    expect(logs.access()).toHaveLength(responses.length);
    for (const res of responses)
      expect(Object.keys(lineOf(res)).every((key) => ACCESS_KEYS.includes(key))).toBe(true);
    expect(lineOf(responses[1]!)).toMatchObject({
      route: '/api/schools/{schoolId}/students',
      status: 422,
    });
    expect(lineOf(responses[3]!)).toMatchObject({ route: '/api/contact', status: 500 });
    const failure = responses[3]!.headers.get('x-request-id');
    const errors = logs.entries().filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      request_id: failure,
      msg: 'database error 23514',
      constraint: 'refuse_all',
    });

    for (const text of logs.lines) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
