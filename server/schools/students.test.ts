import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementCounter } from '@/db/client';
import { attendance, enrollments, payments, students } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { fieldErrorsFromZod } from '../kernel/validation';
import { studentFields } from './student-schema';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

const STAFF = {
  'owner@s.test': 'owner',
  'manager@s.test': 'manager',
  'instructor@s.test': 'instructor',
  'viewer@s.test': 'viewer',
} as const;

type Role = (typeof STAFF)[keyof typeof STAFF];

const createSchool = (timezone = 'UTC') => app.createSchool({ timezone, members: { ...STAFF } });
const tokenOf = (role: Role) => app.tokenFor(`${role}@s.test`);

/** Freezes the clock for Date only; the database and sockets keep their real timers. */
function freezeAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

/** A student record as the API returns it: nulls and defaults unless given. */
function studentRecord(
  values: Record<string, unknown> & { first_name: string; last_name: string },
) {
  return {
    id: expect.stringMatching(UUID),
    full_name: `${values.first_name} ${values.last_name}`,
    birth_date: null,
    age: null,
    gender: null,
    document_type: null,
    document_number: null,
    phone: null,
    email: null,
    address: { street: null, city: null, state: null },
    emergency_contact: { name: null, relationship: null, phone: null },
    level: 'beginner',
    current_level_id: null,
    status: 'active',
    notes: null,
    anonymized_at: null,
    created_at: expect.stringMatching(ISO_TIMESTAMP),
    updated_at: expect.stringMatching(ISO_TIMESTAMP),
    ...values,
  };
}

const FULL_BODY = {
  first_name: ' Lucía ',
  last_name: 'Fernández',
  birth_date: '2012-06-30',
  gender: 'female',
  document_type: 'DNI',
  document_number: '12345678Z',
  phone: '+34 600 000 000',
  email: 'parent@example.com',
  address: { street: 'Calle Mayor 1', city: 'Madrid', state: 'Madrid' },
  emergency_contact: { name: 'María Fernández', relationship: 'mother', phone: '+34 600 111 111' },
  level: 'intermediate',
  status: 'active',
  notes: 'Allergic to hay.',
};

/** FULL_BODY as returned on 2026-03-15. */
const FULL_RECORD = studentRecord({
  first_name: 'Lucía',
  last_name: 'Fernández',
  birth_date: '2012-06-30',
  age: 13,
  gender: 'female',
  document_type: 'DNI',
  document_number: '12345678Z',
  phone: '+34 600 000 000',
  email: 'parent@example.com',
  address: { street: 'Calle Mayor 1', city: 'Madrid', state: 'Madrid' },
  emergency_contact: { name: 'María Fernández', relationship: 'mother', phone: '+34 600 111 111' },
  level: 'intermediate',
  notes: 'Allergic to hay.',
});

async function countStatements(run: () => Promise<unknown>): Promise<number> {
  const counter = { count: 0 };
  await statementCounter.run(counter, run);
  return counter.count;
}

/** A class with one schedule (Monday 10:00-11:00 unless given). */
async function classWithSchedule(
  schoolId: string,
  name = 'Group jumping',
  schedule: { dayOfWeek?: number; startTime?: string; endTime?: string } = {},
) {
  const instructor = await f.instructor(schoolId);
  const cls = await f.class(schoolId, { name });
  const sched = await f.schedule(schoolId, {
    classId: cls.id,
    instructorId: instructor.id,
    ...schedule,
  });
  return { cls, sched, instructor };
}

describe('GET /api/schools/{schoolId}/students', () => {
  it('lists the school’s students by last name, first name and id, with every field, paginated', async () => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();
    const other = await createSchool();
    await f.student(school, { firstName: 'Zoe', lastName: 'Adams', birthDate: '2010-03-16' });
    await f.student(school, {
      firstName: 'Carl',
      lastName: 'Brown',
      birthDate: '2010-03-15',
      gender: 'male',
      documentType: 'passport',
      documentNumber: 'P-1',
      phone: '555-0100',
      email: 'carl@example.com',
      street: 'High St 1',
      city: 'York',
      state: 'Yorkshire',
      emergencyContactName: 'Dora Brown',
      emergencyContactRelationship: 'mother',
      emergencyContactPhone: '555-0101',
      level: 'advanced',
      status: 'inactive',
      notes: 'Left-handed.',
    });
    await f.student(school, { firstName: 'Bob', lastName: 'Garcia' });
    await f.student(school, { firstName: 'Ana', lastName: 'Garcia' });
    await f.student(other, { firstName: 'Aaron', lastName: 'Aaronson' });

    const res = await app.request('GET', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
    });

    expect(res.status).toBe(200);
    const path = `http://localhost:3000/api/schools/${school}/students`;
    expect(res.body).toEqual({
      data: [
        studentRecord({ first_name: 'Zoe', last_name: 'Adams', birth_date: '2010-03-16', age: 15 }),
        studentRecord({
          first_name: 'Carl',
          last_name: 'Brown',
          birth_date: '2010-03-15',
          age: 16,
          gender: 'male',
          document_type: 'passport',
          document_number: 'P-1',
          phone: '555-0100',
          email: 'carl@example.com',
          address: { street: 'High St 1', city: 'York', state: 'Yorkshire' },
          emergency_contact: { name: 'Dora Brown', relationship: 'mother', phone: '555-0101' },
          level: 'advanced',
          status: 'inactive',
          notes: 'Left-handed.',
        }),
        studentRecord({ first_name: 'Ana', last_name: 'Garcia' }),
        studentRecord({ first_name: 'Bob', last_name: 'Garcia' }),
      ],
      meta: { current_page: 1, from: 1, last_page: 1, path, per_page: 20, to: 4, total: 4 },
      links: { first: `${path}?page=1`, last: `${path}?page=1`, prev: null, next: null },
    });
  });

  it('pages with per_page and keeps the filters in the links', async () => {
    const school = await createSchool();
    for (const name of ['A', 'B', 'C', 'D', 'E'])
      await f.student(school, { firstName: 'Rider', lastName: name });
    await f.student(school, { firstName: 'Rider', lastName: 'F', status: 'inactive' });
    const token = await tokenOf('viewer');
    const path = `http://localhost:3000/api/schools/${school}/students`;

    const res = await app.request(
      'GET',
      `/api/schools/${school}/students?per_page=2&page=2&status=active`,
      { token },
    );

    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { last_name: string }) => s.last_name)).toEqual(['C', 'D']);
    expect(res.body.meta).toEqual({
      current_page: 2,
      from: 3,
      last_page: 3,
      path,
      per_page: 2,
      to: 4,
      total: 5,
    });
    expect(res.body.links).toEqual({
      first: `${path}?per_page=2&page=1&status=active`,
      last: `${path}?per_page=2&page=3&status=active`,
      prev: `${path}?per_page=2&page=1&status=active`,
      next: `${path}?per_page=2&page=3&status=active`,
    });

    const beyond = await app.request('GET', `/api/schools/${school}/students?per_page=2&page=9`, {
      token,
    });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({
      current_page: 9,
      from: null,
      to: null,
      last_page: 3,
      total: 6,
    });
  });

  it('searches first name, last name and "first last", ignoring case and accents, with LIKE wildcards taken literally', async () => {
    const school = await createSchool();
    await f.student(school, { firstName: 'Ana', lastName: 'Garcia' });
    await f.student(school, { firstName: 'Anabel', lastName: 'Lopez' });
    await f.student(school, { firstName: 'Maria', lastName: 'Santana' });
    await f.student(school, { firstName: 'Pedro', lastName: 'Perez' });
    await f.student(school, { firstName: '100%', lastName: 'Percent' });
    await f.student(school, { firstName: 'Under_score', lastName: 'Zed' });
    await f.student(school, { firstName: 'Lucía', lastName: 'Muñoz' });
    const other = await createSchool();
    await f.student(other, { firstName: 'Ana', lastName: 'Elsewhere' });
    const token = await tokenOf('owner');
    const search = async (term: string) => {
      const res = await app.request(
        'GET',
        `/api/schools/${school}/students?search=${encodeURIComponent(term)}`,
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.data.map((s: { full_name: string }) => s.full_name);
    };

    expect(await search('ana')).toEqual(['Ana Garcia', 'Anabel Lopez', 'Maria Santana']);
    expect(await search('PEREZ')).toEqual(['Pedro Perez']);
    expect(await search('ana gar')).toEqual(['Ana Garcia']);
    expect(await search('  Maria Santana  ')).toEqual(['Maria Santana']);
    expect(await search('%')).toEqual(['100% Percent']);
    expect(await search('_')).toEqual(['Under_score Zed']);
    expect(await search('nobody')).toEqual([]);
    // Accents count on neither side: typed without them, or with them on a plain name.
    expect(await search('lucia munoz')).toEqual(['Lucía Muñoz']);
    expect(await search('MUÑOZ')).toEqual(['Lucía Muñoz']);
    expect(await search('Pérez')).toEqual(['Pedro Perez']);
    expect(await search('   ')).toHaveLength(7);
  });

  it('filters by status and level', async () => {
    const school = await createSchool();
    await f.student(school, {
      firstName: 'A',
      lastName: 'One',
      status: 'active',
      level: 'beginner',
    });
    await f.student(school, {
      firstName: 'B',
      lastName: 'Two',
      status: 'active',
      level: 'advanced',
    });
    await f.student(school, {
      firstName: 'C',
      lastName: 'Three',
      status: 'graduated',
      level: 'advanced',
    });
    await f.student(school, {
      firstName: 'D',
      lastName: 'Four',
      status: 'suspended',
      level: 'intermediate',
    });
    const token = await tokenOf('owner');
    const names = async (query: string) =>
      (
        await app.request('GET', `/api/schools/${school}/students?${query}`, { token })
      ).body.data.map((s: { first_name: string }) => s.first_name);

    expect(await names('status=active')).toEqual(['A', 'B']);
    expect(await names('level=advanced')).toEqual(['C', 'B']);
    expect(await names('status=active&level=advanced')).toEqual(['B']);
    expect(await names('status=suspended')).toEqual(['D']);
    expect(await names('status=inactive')).toEqual([]);
  });

  /** Students of `school` with enrollments in one class in every state that matters on 2026-03-11. */
  async function classRoster(school: string) {
    const { cls, sched, instructor } = await classWithSchedule(school, 'Dressage');
    const second = await f.schedule(school, {
      classId: cls.id,
      instructorId: instructor.id,
      dayOfWeek: 3,
    });
    const { cls: otherClass, sched: otherSched } = await classWithSchedule(school, 'Jumping');
    const enroll = async (
      name: string,
      values: Partial<typeof enrollments.$inferInsert>,
      target = { classId: cls.id, scheduleId: sched.id },
    ) => {
      const student = await f.student(school, { firstName: name, lastName: 'Rider' });
      await f.enrollment(school, { studentId: student.id, ...target, ...values });
      return student;
    };
    await enroll('StartsToday', { startDate: '2026-03-11' });
    await enroll('StartsTomorrow', { startDate: '2026-03-12' });
    await enroll('EndedYesterday', { startDate: '2026-01-01', endDate: '2026-03-10' });
    await enroll('EndsToday', { startDate: '2026-01-01', endDate: '2026-03-11' });
    await enroll('Paused', { startDate: '2026-01-01', status: 'paused' });
    await enroll('Ended', { startDate: '2026-01-01', endDate: '2026-03-01', status: 'ended' });
    await enroll(
      'OtherClass',
      { startDate: '2026-01-01' },
      { classId: otherClass.id, scheduleId: otherSched.id },
    );
    const twice = await enroll('Twice', { startDate: '2026-01-01' });
    await f.enrollment(school, {
      studentId: twice.id,
      classId: cls.id,
      scheduleId: second.id,
      startDate: '2026-02-01',
    });
    await f.student(school, { firstName: 'NotEnrolled', lastName: 'Rider' });
    return cls;
  }

  it("filters by class_id: students with an active enrollment in that class today, in the school's time zone", async () => {
    // 23:30 UTC on the 10th is already the 11th in Auckland (UTC+13).
    freezeAt('2026-03-10T23:30:00Z');
    const auckland = await createSchool('Pacific/Auckland');
    const utc = await createSchool('UTC');
    const aucklandClass = await classRoster(auckland);
    const utcClass = await classRoster(utc);
    const token = await tokenOf('owner');
    const names = async (school: string, classId: string) => {
      const res = await app.request('GET', `/api/schools/${school}/students?class_id=${classId}`, {
        token,
      });
      expect(res.status).toBe(200);
      return res.body.data.map((s: { first_name: string }) => s.first_name);
    };

    expect(await names(auckland, aucklandClass.id)).toEqual(['EndsToday', 'StartsToday', 'Twice']);
    expect(await names(utc, utcClass.id)).toEqual(['EndedYesterday', 'EndsToday', 'Twice']);
    const counted = await app.request(
      'GET',
      `/api/schools/${auckland}/students?class_id=${aucklandClass.id}&search=today`,
      { token },
    );
    expect(counted.body.meta.total).toBe(2);
  });

  it("returns nobody for another school's class_id", async () => {
    freezeAt('2026-03-10T12:00:00Z');
    const school = await createSchool();
    const other = await createSchool();
    await classRoster(school);
    const otherClass = await classRoster(other);

    const res = await app.request(
      'GET',
      `/api/schools/${school}/students?class_id=${otherClass.id}`,
      { token: await tokenOf('owner') },
    );

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  it.each([
    ['status=expelled', 'status', 'The selected status is invalid.'],
    ['level=expert', 'level', 'The selected level is invalid.'],
    ['class_id=123', 'class_id', 'The class id field must be a valid UUID.'],
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    [
      `search=${'a'.repeat(256)}`,
      'search',
      'The search field must not be greater than 255 characters.',
    ],
  ])('rejects %s with 422 on %s', async (query, field, message) => {
    const school = await createSchool();

    const res = await app.request('GET', `/api/schools/${school}/students?${query}`, {
      token: await tokenOf('owner'),
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it('runs the same number of SQL statements for 2 and 20 students, filters included', async () => {
    freezeAt('2026-03-10T12:00:00Z');
    const school = await createSchool();
    const { cls, sched } = await classWithSchedule(school);
    const token = await tokenOf('owner');
    const addStudents = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const student = await f.student(school, { firstName: `Ana${i}`, lastName: 'Rider' });
        await f.enrollment(school, {
          studentId: student.id,
          classId: cls.id,
          scheduleId: sched.id,
        });
      }
    };
    const list = () =>
      app.request(
        'GET',
        `/api/schools/${school}/students?search=ana&class_id=${cls.id}&status=active&per_page=50`,
        { token },
      );

    await addStudents(2);
    await list(); // the caller's first request also records the user
    let body: any;
    const few = await countStatements(async () => {
      body = (await list()).body;
    });
    expect(body.data).toHaveLength(2);
    await addStudents(18);
    const many = await countStatements(async () => {
      body = (await list()).body;
    });
    expect(body.data).toHaveLength(20);
    expect(many).toBe(few);
  });

  it.each(['viewer', 'instructor', 'manager'] as const)('lets a %s list students', async (role) => {
    const school = await createSchool();
    await f.student(school);

    const res = await app.request('GET', `/api/schools/${school}/students`, {
      token: await tokenOf(role),
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it('answers 401 without a token and 403 to a stranger', async () => {
    const school = await createSchool();
    await app.createSchool({ members: { 'stranger@s.test': 'owner' } });

    const anonymous = await app.request('GET', `/api/schools/${school}/students`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
    const stranger = await app.request('GET', `/api/schools/${school}/students?status=bogus`, {
      token: await app.tokenFor('stranger@s.test'),
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
  });
});

describe('POST /api/schools/{schoolId}/students', () => {
  it('creates a student with every field (201), ignoring unknown fields', async () => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
      body: {
        ...FULL_BODY,
        school_id: MISSING_UUID,
        anonymized_at: '2020-01-01T00:00:00Z',
        id: MISSING_UUID,
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: FULL_RECORD });
    expect(res.body.data.id).not.toBe(MISSING_UUID);
    const [row] = await app.db.select().from(students).where(eq(students.id, res.body.data.id));
    expect(row).toMatchObject({
      schoolId: school,
      firstName: 'Lucía',
      street: 'Calle Mayor 1',
      emergencyContactRelationship: 'mother',
      anonymizedAt: null,
    });
  });

  it('defaults level to beginner and status to active; blank optional fields are stored as null', async () => {
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('manager'),
      body: {
        first_name: 'Ana',
        last_name: 'Garcia',
        email: '',
        phone: '   ',
        birth_date: '',
        address: { city: 'Sevilla', street: '' },
        emergency_contact: null,
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: studentRecord({
        first_name: 'Ana',
        last_name: 'Garcia',
        address: { street: null, city: 'Sevilla', state: null },
      }),
    });
  });

  it.each([
    ['first_name', { first_name: undefined }, 'The first name field is required.'],
    ['first_name', { first_name: '   ' }, 'The first name field is required.'],
    ['first_name', { first_name: 12 }, 'The first name field must be a string.'],
    [
      'last_name',
      { last_name: 'x'.repeat(256) },
      'The last name field must not be greater than 255 characters.',
    ],
    [
      'birth_date',
      { birth_date: '2023-02-30' },
      'The birth date field must be a valid date (YYYY-MM-DD).',
    ],
    [
      'birth_date',
      { birth_date: '15/03/2010' },
      'The birth date field must be a valid date (YYYY-MM-DD).',
    ],
    [
      'birth_date',
      { birth_date: '1899-12-31' },
      'The birth date field must be a date after or equal to 1900-01-01.',
    ],
    [
      'birth_date',
      { birth_date: '2026-03-16' },
      'The birth date field must be a date before or equal to today.',
    ],
    [
      'gender',
      { gender: 'g'.repeat(51) },
      'The gender field must not be greater than 50 characters.',
    ],
    [
      'document_type',
      { document_type: 'd'.repeat(51) },
      'The document type field must not be greater than 50 characters.',
    ],
    [
      'document_number',
      { document_number: '1'.repeat(51) },
      'The document number field must not be greater than 50 characters.',
    ],
    ['phone', { phone: '5'.repeat(51) }, 'The phone field must not be greater than 50 characters.'],
    ['email', { email: 'not-an-email' }, 'The email field must be a valid email address.'],
    [
      'email',
      { email: `${'a'.repeat(250)}@x.test` },
      'The email field must not be greater than 255 characters.',
    ],
    [
      'address.street',
      { address: { street: 's'.repeat(256) } },
      'The address.street field must not be greater than 255 characters.',
    ],
    ['address', { address: 'Calle Mayor 1' }, 'The address field must be an object.'],
    [
      'emergency_contact.relationship',
      { emergency_contact: { relationship: 'r'.repeat(51) } },
      'The emergency contact.relationship field must not be greater than 50 characters.',
    ],
    ['level', { level: 'expert' }, 'The selected level is invalid.'],
    ['status', { status: 'expelled' }, 'The selected status is invalid.'],
    [
      'notes',
      { notes: 'n'.repeat(5001) },
      'The notes field must not be greater than 5000 characters.',
    ],
  ])('rejects an invalid %s with 422 (%j)', async (field, patch, message) => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
      body: { ...FULL_BODY, ...patch },
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { [field]: [message] } });
    expect(await app.db.select().from(students)).toEqual([]);
  });

  it('names every invalid field at once', async () => {
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
      body: { level: 'x' },
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The first name field is required. (and 2 more errors)',
      errors: {
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        level: ['The selected level is invalid.'],
      },
    });
  });

  it("words the form's own check in the browser exactly as the 422 (one shared schema)", async () => {
    const school = await createSchool();
    const body = {
      first_name: ' ',
      last_name: 'Ruiz',
      email: 'not-an-email',
      birth_date: '1899-12-31',
      level: 'x',
    };

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
      body,
    });
    const checked = studentFields.safeParse(body);

    expect(res.status).toBe(422);
    expect(checked.success).toBe(false);
    expect(fieldErrorsFromZod(checked.error!)).toEqual(res.body.errors);
  });

  it("judges a future birth date by the school's today", async () => {
    // 23:30 UTC on the 10th is the 11th in Auckland.
    freezeAt('2026-03-10T23:30:00Z');
    const auckland = await createSchool('Pacific/Auckland');
    const utc = await createSchool('UTC');
    const token = await tokenOf('owner');
    const post = (school: string, birth_date: string) =>
      app.request('POST', `/api/schools/${school}/students`, {
        token,
        body: { first_name: 'New', last_name: 'Born', birth_date },
      });

    const born = await post(auckland, '2026-03-11');
    expect(born.status).toBe(201);
    expect(born.body.data).toMatchObject({ birth_date: '2026-03-11', age: 0 });
    expect((await post(auckland, '2026-03-12')).status).toBe(422);
    const early = await post(utc, '2026-03-11');
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({
      birth_date: ['The birth date field must be a date before or equal to today.'],
    });
  });

  it('keeps document_number unique per school (422), other schools and absent numbers aside', async () => {
    const school = await createSchool();
    const other = await createSchool();
    await f.student(school, { documentNumber: '123' });
    await f.student(school);
    const token = await tokenOf('owner');

    const duplicate = await app.request('POST', `/api/schools/${school}/students`, {
      token,
      body: { first_name: 'Dup', last_name: 'Licate', document_number: ' 123 ' },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({
      message: 'The document number has already been taken.',
      errors: { document_number: ['The document number has already been taken.'] },
    });

    const elsewhere = await app.request('POST', `/api/schools/${other}/students`, {
      token,
      body: { first_name: 'Same', last_name: 'Number', document_number: '123' },
    });
    expect(elsewhere.status).toBe(201);
    const withoutNumber = await app.request('POST', `/api/schools/${school}/students`, {
      token,
      body: { first_name: 'No', last_name: 'Number' },
    });
    expect(withoutNumber.status).toBe(201);
    expect(await app.db.select().from(students).where(eq(students.schoolId, school))).toHaveLength(
      3,
    );
  });

  it('lets only one of two concurrent requests take a document number', async () => {
    const school = await createSchool();
    const token = await tokenOf('owner');
    const post = (first_name: string) =>
      app.request('POST', `/api/schools/${school}/students`, {
        token,
        body: { first_name, last_name: 'Racer', document_number: 'RACE-1' },
      });

    const results = await Promise.all([post('One'), post('Two')]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({
      document_number: ['The document number has already been taken.'],
    });
    expect(await app.db.select().from(students).where(eq(students.schoolId, school))).toHaveLength(
      1,
    );
  });

  it.each(['viewer', 'instructor'] as const)('refuses a %s with 403', async (role) => {
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf(role),
      body: { first_name: 'A', last_name: 'B' },
    });

    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(await app.db.select().from(students)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const school = await createSchool();

    const res = await app.request('POST', `/api/schools/${school}/students`, {
      body: { first_name: 'A', last_name: 'B' },
    });

    expect(res.status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/students/{studentId}', () => {
  /** A student with enrollments in every state and attendance of every status. */
  async function studentWithHistory(school: string, extra = { enrollments: 0, attendance: 0 }) {
    const student = await f.student(school, {
      firstName: 'Lucía',
      lastName: 'Fernández',
      birthDate: '2012-06-30',
      documentNumber: '12345678Z',
      city: 'Madrid',
      level: 'intermediate',
    });
    const canela = await f.horse(school, { name: 'Canela' });
    const dressage = await classWithSchedule(school, 'Dressage basics', {
      dayOfWeek: 1,
      startTime: '17:00',
      endTime: '18:00',
    });
    const jumping = await classWithSchedule(school, 'Jumping', {
      dayOfWeek: 6,
      startTime: '10:00',
      endTime: '11:00',
    });
    const wednesday = await f.schedule(school, {
      classId: dressage.cls.id,
      instructorId: dressage.instructor.id,
      dayOfWeek: 3,
      startTime: '09:00',
      endTime: '10:00',
    });
    const friday = await f.schedule(school, {
      classId: jumping.cls.id,
      instructorId: jumping.instructor.id,
      dayOfWeek: 5,
    });
    const thursday = await f.schedule(school, {
      classId: jumping.cls.id,
      instructorId: jumping.instructor.id,
      dayOfWeek: 4,
    });

    const monday = await f.enrollment(school, {
      studentId: student.id,
      classId: dressage.cls.id,
      scheduleId: dressage.sched.id,
      horseId: canela.id,
      startDate: '2026-01-01',
    });
    const saturday = await f.enrollment(school, {
      studentId: student.id,
      classId: jumping.cls.id,
      scheduleId: jumping.sched.id,
      startDate: '2026-02-01',
      endDate: '2026-06-30',
    });
    await f.enrollment(school, {
      studentId: student.id,
      classId: dressage.cls.id,
      scheduleId: wednesday.id,
      startDate: '2026-01-01',
      status: 'paused',
    });
    const ended = await f.enrollment(school, {
      studentId: student.id,
      classId: jumping.cls.id,
      scheduleId: friday.id,
      startDate: '2025-09-01',
      endDate: '2026-02-01',
      status: 'ended',
    });
    await f.enrollment(school, {
      studentId: student.id,
      classId: jumping.cls.id,
      scheduleId: thursday.id,
      startDate: '2026-04-01',
    });
    const classmate = await f.student(school, { firstName: 'Other', lastName: 'Rider' });
    const classmateEnrollment = await f.enrollment(school, {
      studentId: classmate.id,
      classId: dressage.cls.id,
      scheduleId: dressage.sched.id,
      startDate: '2026-01-01',
    });

    const record = (
      enrollment: typeof monday,
      date: string,
      status: 'present' | 'absent' | 'late' | 'excused',
    ) => ({
      schoolId: school,
      scheduleId: enrollment.scheduleId,
      enrollmentId: enrollment.id,
      studentId: enrollment.studentId,
      date,
      status,
    });
    await app.db
      .insert(attendance)
      .values([
        record(monday, '2026-01-05', 'present'),
        record(monday, '2026-01-12', 'present'),
        record(monday, '2026-01-19', 'late'),
        record(monday, '2026-01-26', 'absent'),
        record(ended, '2025-10-03', 'present'),
        record(ended, '2025-10-10', 'excused'),
        record(classmateEnrollment, '2026-01-05', 'absent'),
      ]);
    // Payments: a paid tuition, an overdue charge (today is 2026-03-11), and a classmate's.
    const charge = (
      studentId: string,
      values: Partial<typeof payments.$inferInsert> & { dueDate: string },
    ) =>
      app.db
        .insert(payments)
        .values({
          schoolId: school,
          studentId,
          concept: 'other',
          amount: '45.50',
          currency: 'EUR',
          ...values,
        })
        .returning()
        .then(([row]) => row!);
    const tuition = await charge(student.id, {
      concept: 'tuition',
      period: '2026-02',
      classId: dressage.cls.id,
      enrollmentId: monday.id,
      amount: '80.00',
      dueDate: '2026-02-10',
      status: 'paid',
      paymentMethod: 'card',
      paidDate: '2026-02-09',
      receiptNumber: 'R-2026-000001',
    });
    const overdue = await charge(student.id, { dueDate: '2026-03-10', description: 'Helmet' });
    await charge(classmate.id, { dueDate: '2026-03-10' });
    for (let i = 0; i < extra.enrollments; i++) {
      await charge(student.id, { dueDate: `2026-04-${String(i + 1).padStart(2, '0')}` });
      const more = await classWithSchedule(school, `Extra ${i}`, { dayOfWeek: 2 });
      const enrollment = await f.enrollment(school, {
        studentId: student.id,
        classId: more.cls.id,
        scheduleId: more.sched.id,
        horseId: canela.id,
      });
      for (let d = 0; d < extra.attendance; d++) {
        await app.db
          .insert(attendance)
          .values(record(enrollment, `2026-02-${String(d + 1).padStart(2, '0')}`, 'present'));
      }
    }
    return { student, canela, dressage, jumping, monday, saturday, tuition, overdue };
  }

  it('returns the student with active enrollments, attendance statistics and payments', async () => {
    freezeAt('2026-03-11T10:00:00Z');
    const school = await createSchool();
    const { student, canela, dressage, jumping, monday, saturday, tuition, overdue } =
      await studentWithHistory(school);

    const res = await app.request('GET', `/api/schools/${school}/students/${student.id}`, {
      token: await tokenOf('owner'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        ...studentRecord({
          id: student.id,
          first_name: 'Lucía',
          last_name: 'Fernández',
          birth_date: '2012-06-30',
          age: 13,
          document_number: '12345678Z',
          address: { street: null, city: 'Madrid', state: null },
          level: 'intermediate',
        }),
        active_enrollments: [
          {
            id: monday.id,
            class_id: dressage.cls.id,
            class_name: 'Dressage basics',
            schedule_id: dressage.sched.id,
            day_of_week: 1,
            start_time: '17:00',
            end_time: '18:00',
            horse_id: canela.id,
            horse_name: 'Canela',
            start_date: '2026-01-01',
            end_date: null,
            status: 'active',
          },
          {
            id: saturday.id,
            class_id: jumping.cls.id,
            class_name: 'Jumping',
            schedule_id: jumping.sched.id,
            day_of_week: 6,
            start_time: '10:00',
            end_time: '11:00',
            horse_id: null,
            horse_name: null,
            start_date: '2026-02-01',
            end_date: '2026-06-30',
            status: 'active',
          },
        ],
        // (3 present + 1 late) / 6 = 66.67 %
        attendance_stats: {
          total: 6,
          present: 3,
          absent: 1,
          late: 1,
          excused: 1,
          attendance_rate: 66.7,
        },
        // Newest due date first, as the payments routes answer them.
        payments: [
          {
            id: overdue.id,
            student_id: student.id,
            student: { id: student.id, full_name: 'Lucía Fernández' },
            enrollment_id: null,
            class_id: null,
            class: null,
            concept: 'other',
            description: 'Helmet',
            amount: 45.5,
            currency: 'EUR',
            due_date: '2026-03-10',
            period: null,
            status: 'overdue',
            payment_method: null,
            paid_date: null,
            receipt_number: null,
            notes: null,
            created_by: null,
            created_at: expect.stringMatching(ISO_TIMESTAMP),
            updated_at: expect.stringMatching(ISO_TIMESTAMP),
          },
          {
            id: tuition.id,
            student_id: student.id,
            student: { id: student.id, full_name: 'Lucía Fernández' },
            enrollment_id: monday.id,
            class_id: dressage.cls.id,
            class: { id: dressage.cls.id, name: 'Dressage basics' },
            concept: 'tuition',
            description: null,
            amount: 80,
            currency: 'EUR',
            due_date: '2026-02-10',
            period: '2026-02',
            status: 'paid',
            payment_method: 'card',
            paid_date: '2026-02-09',
            receipt_number: 'R-2026-000001',
            notes: null,
            created_by: null,
            created_at: expect.stringMatching(ISO_TIMESTAMP),
            updated_at: expect.stringMatching(ISO_TIMESTAMP),
          },
        ],
      },
    });
  });

  it('reports zero statistics and a 0 rate for a student without records', async () => {
    const school = await createSchool();
    const student = await f.student(school, { firstName: 'New', lastName: 'Rider' });

    const res = await app.request('GET', `/api/schools/${school}/students/${student.id}`, {
      token: await tokenOf('viewer'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        ...studentRecord({ id: student.id, first_name: 'New', last_name: 'Rider' }),
        active_enrollments: [],
        attendance_stats: {
          total: 0,
          present: 0,
          absent: 0,
          late: 0,
          excused: 0,
          attendance_rate: 0,
        },
        payments: [],
      },
    });
  });

  it('runs a fixed number of SQL statements however much history the student has', async () => {
    freezeAt('2026-03-11T10:00:00Z');
    const school = await createSchool();
    const token = await tokenOf('owner');
    const small = await studentWithHistory(school);
    const large = await studentWithHistory(await createSchool(), { enrollments: 6, attendance: 5 });
    await app.request('GET', `/api/schools/${school}/students`, { token }); // the caller's first request also records the user
    let body: any;

    const few = await countStatements(async () => {
      body = (
        await app.request('GET', `/api/schools/${school}/students/${small.student.id}`, { token })
      ).body;
    });
    expect(body.data.active_enrollments).toHaveLength(2);
    const many = await countStatements(async () => {
      body = (
        await app.request(
          'GET',
          `/api/schools/${large.student.schoolId}/students/${large.student.id}`,
          { token },
        )
      ).body;
    });
    expect(body.data.active_enrollments).toHaveLength(8);
    expect(body.data.attendance_stats.total).toBe(36);
    expect(body.data.payments).toHaveLength(8);
    expect(many).toBe(few);
  });

  it.each([
    ['viewer', 1],
    ['instructor', null],
  ] as const)(
    'lets a %s read a student; payments only with payments.view',
    async (role, visible) => {
      const school = await createSchool();
      const student = await f.student(school);
      await app.db.insert(payments).values({
        schoolId: school,
        studentId: student.id,
        concept: 'other',
        amount: '10.00',
        currency: 'EUR',
        dueDate: '2026-03-10',
      });

      const res = await app.request('GET', `/api/schools/${school}/students/${student.id}`, {
        token: await tokenOf(role),
      });

      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(student.id);
      expect(res.body.data.payments?.length ?? null).toBe(visible);
    },
  );

  it.each([
    ['another school’s student', 'other'],
    ['an unknown id', MISSING_UUID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const school = await createSchool();
    const other = await createSchool();
    const studentId = id === 'other' ? (await f.student(other)).id : id;

    const res = await app.request('GET', `/api/schools/${school}/students/${studentId}`, {
      token: await tokenOf('owner'),
    });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Student not found.' } });
  });

  it('answers 401 without a token', async () => {
    const school = await createSchool();
    const student = await f.student(school);

    expect((await app.request('GET', `/api/schools/${school}/students/${student.id}`)).status).toBe(
      401,
    );
  });
});

describe('PUT /api/schools/{schoolId}/students/{studentId}', () => {
  async function createFull(school: string) {
    const res = await app.request('POST', `/api/schools/${school}/students`, {
      token: await tokenOf('owner'),
      body: FULL_BODY,
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; created_at: string };
  }

  it('changes only the fields sent, merging address and emergency contact field by field', async () => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();
    const created = await createFull(school);

    const res = await app.request('PUT', `/api/schools/${school}/students/${created.id}`, {
      token: await tokenOf('manager'),
      body: {
        address: { city: 'Toledo' },
        emergency_contact: { phone: null },
        level: 'advanced',
        email: null,
        notes: '',
        unknown: 'ignored',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        ...FULL_RECORD,
        id: created.id,
        created_at: created.created_at,
        address: { street: 'Calle Mayor 1', city: 'Toledo', state: 'Madrid' },
        emergency_contact: { name: 'María Fernández', relationship: 'mother', phone: null },
        level: 'advanced',
        email: null,
        notes: null,
      },
    });
    const [row] = await app.db.select().from(students).where(eq(students.id, created.id));
    expect(row).toMatchObject({
      city: 'Toledo',
      street: 'Calle Mayor 1',
      email: null,
      level: 'advanced',
    });
  });

  it('clears a whole nested object with null and leaves everything alone for an empty body', async () => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();
    const created = await createFull(school);
    const token = await tokenOf('owner');

    const unchanged = await app.request('PUT', `/api/schools/${school}/students/${created.id}`, {
      token,
      body: {},
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual({
      data: { ...FULL_RECORD, id: created.id, created_at: created.created_at },
    });

    const cleared = await app.request('PUT', `/api/schools/${school}/students/${created.id}`, {
      token,
      body: { address: null, first_name: 'Lucy' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      first_name: 'Lucy',
      full_name: 'Lucy Fernández',
      address: { street: null, city: null, state: null },
      emergency_contact: FULL_RECORD.emergency_contact,
    });
  });

  it.each([
    ['first_name', { first_name: '' }, 'The first name field is required.'],
    ['last_name', { last_name: null }, 'The last name field is required.'],
    ['level', { level: 'expert' }, 'The selected level is invalid.'],
    ['status', { status: null }, 'The status field is required.'],
    [
      'birth_date',
      { birth_date: '2026-03-16' },
      'The birth date field must be a date before or equal to today.',
    ],
    ['email', { email: 'nope' }, 'The email field must be a valid email address.'],
    [
      'address.city',
      { address: { city: 'c'.repeat(256) } },
      'The address.city field must not be greater than 255 characters.',
    ],
  ])('rejects an invalid %s with 422', async (field, body, message) => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();
    const created = await createFull(school);

    const res = await app.request('PUT', `/api/schools/${school}/students/${created.id}`, {
      token: await tokenOf('owner'),
      body,
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("refuses another student's document number (422) and accepts the student's own", async () => {
    const school = await createSchool();
    const taken = await f.student(school, { documentNumber: 'TAKEN' });
    const student = await f.student(school, { documentNumber: 'MINE' });
    const token = await tokenOf('owner');

    const res = await app.request('PUT', `/api/schools/${school}/students/${student.id}`, {
      token,
      body: { document_number: 'TAKEN' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      document_number: ['The document number has already been taken.'],
    });

    const own = await app.request('PUT', `/api/schools/${school}/students/${student.id}`, {
      token,
      body: { document_number: 'MINE', first_name: 'Me' },
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ document_number: 'MINE', first_name: 'Me' });
    expect(taken.documentNumber).toBe('TAKEN');
  });

  it.each([
    ['another school’s student', 'other'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s, and 422 first for an invalid body', async (_label, id) => {
    const school = await createSchool();
    const other = await createSchool();
    const otherStudent = await f.student(other, { firstName: 'Untouched' });
    const studentId = id === 'other' ? otherStudent.id : id;
    const token = await tokenOf('owner');

    const res = await app.request('PUT', `/api/schools/${school}/students/${studentId}`, {
      token,
      body: { first_name: 'Hijack' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Student not found.' } });
    const invalid = await app.request('PUT', `/api/schools/${school}/students/${studentId}`, {
      token,
      body: { level: 'x' },
    });
    expect(invalid.status).toBe(422);
    const [row] = await app.db.select().from(students).where(eq(students.id, otherStudent.id));
    expect(row!.firstName).toBe('Untouched');
  });

  it.each(['viewer', 'instructor'] as const)('refuses a %s with 403', async (role) => {
    const school = await createSchool();
    const student = await f.student(school, { firstName: 'Ana' });

    const res = await app.request('PUT', `/api/schools/${school}/students/${student.id}`, {
      token: await tokenOf(role),
      body: { first_name: 'Changed' },
    });

    expect(res.status).toBe(403);
    const [row] = await app.db.select().from(students).where(eq(students.id, student.id));
    expect(row!.firstName).toBe('Ana');
  });

  it('answers 401 without a token', async () => {
    const school = await createSchool();
    const student = await f.student(school);

    expect(
      (
        await app.request('PUT', `/api/schools/${school}/students/${student.id}`, {
          body: { first_name: 'X' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('DELETE /api/schools/{schoolId}/students/{studentId}', () => {
  it('deletes a student without history', async () => {
    const school = await createSchool();
    const student = await f.student(school);
    const kept = await f.student(school, { firstName: 'Kept' });
    const token = await tokenOf('manager');

    const res = await app.request('DELETE', `/api/schools/${school}/students/${student.id}`, {
      token,
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Student deleted.' });
    expect((await app.db.select().from(students)).map((s) => s.id)).toEqual([kept.id]);
    expect(
      (await app.request('GET', `/api/schools/${school}/students/${student.id}`, { token })).status,
    ).toBe(404);
  });

  it('refuses with 409 a student with enrollments, and one with attendance too', async () => {
    const school = await createSchool();
    const { cls, sched } = await classWithSchedule(school);
    const enrolled = await f.student(school, { firstName: 'Enrolled' });
    await f.enrollment(school, {
      studentId: enrolled.id,
      classId: cls.id,
      scheduleId: sched.id,
      status: 'ended',
      endDate: '2026-02-01',
    });
    const attended = await f.student(school, { firstName: 'Attended' });
    const enrollment = await f.enrollment(school, {
      studentId: attended.id,
      classId: cls.id,
      scheduleId: sched.id,
    });
    await app.db.insert(attendance).values({
      schoolId: school,
      scheduleId: sched.id,
      enrollmentId: enrollment.id,
      studentId: attended.id,
      date: '2026-01-05',
      status: 'present',
    });
    const token = await tokenOf('owner');

    for (const student of [enrolled, attended]) {
      const res = await app.request('DELETE', `/api/schools/${school}/students/${student.id}`, {
        token,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    }
    expect(await app.db.select().from(students)).toHaveLength(2);
  });

  it.each([
    ['another school’s student', 'other'],
    ['an unknown id', MISSING_UUID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const school = await createSchool();
    const other = await createSchool();
    const otherStudent = await f.student(other);
    const studentId = id === 'other' ? otherStudent.id : id;

    const res = await app.request('DELETE', `/api/schools/${school}/students/${studentId}`, {
      token: await tokenOf('owner'),
    });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Student not found.' } });
    expect(await app.db.select().from(students)).toHaveLength(1);
  });

  it.each(['viewer', 'instructor'] as const)('refuses a %s with 403', async (role) => {
    const school = await createSchool();
    const student = await f.student(school);

    const res = await app.request('DELETE', `/api/schools/${school}/students/${student.id}`, {
      token: await tokenOf(role),
    });

    expect(res.status).toBe(403);
    expect(await app.db.select().from(students)).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const school = await createSchool();
    const student = await f.student(school);

    expect(
      (await app.request('DELETE', `/api/schools/${school}/students/${student.id}`)).status,
    ).toBe(401);
  });
});

describe('POST /api/schools/{schoolId}/students/{studentId}/anonymize', () => {
  it('erases personal data, keeps enrollments and attendance, frees the document number, and is harmless twice', async () => {
    freezeAt('2026-03-15T12:00:00Z');
    const school = await createSchool();
    const token = await tokenOf('owner');
    const created = await app.request('POST', `/api/schools/${school}/students`, {
      token,
      body: FULL_BODY,
    });
    const student = created.body.data as { id: string; created_at: string };
    const { cls, sched } = await classWithSchedule(school);
    const enrollment = await f.enrollment(school, {
      studentId: student.id,
      classId: cls.id,
      scheduleId: sched.id,
    });
    await app.db.insert(attendance).values({
      schoolId: school,
      scheduleId: sched.id,
      enrollmentId: enrollment.id,
      studentId: student.id,
      date: '2026-01-05',
      status: 'present',
    });

    const res = await app.request(
      'POST',
      `/api/schools/${school}/students/${student.id}/anonymize`,
      { token: await tokenOf('manager') },
    );

    expect(res.status).toBe(200);
    const anonymized = studentRecord({
      id: student.id,
      first_name: 'Anonymized',
      last_name: 'Student',
      level: 'intermediate',
      status: 'inactive',
      anonymized_at: expect.stringMatching(ISO_TIMESTAMP),
      created_at: student.created_at,
    });
    expect(res.body).toEqual({ message: 'Student anonymized.', data: anonymized });
    expect(
      await app.db.select().from(enrollments).where(eq(enrollments.studentId, student.id)),
    ).toHaveLength(1);
    expect(
      await app.db.select().from(attendance).where(eq(attendance.studentId, student.id)),
    ).toHaveLength(1);
    const [row] = await app.db.select().from(students).where(eq(students.id, student.id));
    expect(row).toMatchObject({
      firstName: 'Anonymized',
      lastName: 'Student',
      documentNumber: null,
      street: null,
      emergencyContactName: null,
      notes: null,
    });

    const again = await app.request(
      'POST',
      `/api/schools/${school}/students/${student.id}/anonymize`,
      { token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      message: 'Student anonymized.',
      data: { ...anonymized, anonymized_at: res.body.data.anonymized_at },
    });

    const reuse = await app.request('POST', `/api/schools/${school}/students`, {
      token,
      body: { ...FULL_BODY, first_name: 'Someone' },
    });
    expect(reuse.status).toBe(201);
    expect(reuse.body.data.document_number).toBe('12345678Z');
  });

  it.each([
    ['another school’s student', 'other'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const school = await createSchool();
    const other = await createSchool();
    const otherStudent = await f.student(other, { firstName: 'Kept' });
    const studentId = id === 'other' ? otherStudent.id : id;

    const res = await app.request(
      'POST',
      `/api/schools/${school}/students/${studentId}/anonymize`,
      { token: await tokenOf('owner') },
    );

    expect(res.status).toBe(404);
    const [row] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, other), eq(students.id, otherStudent.id)));
    expect(row!.firstName).toBe('Kept');
  });

  it.each(['viewer', 'instructor'] as const)(
    'refuses a %s with 403 (students.delete)',
    async (role) => {
      const school = await createSchool();
      const student = await f.student(school, { firstName: 'Kept' });

      const res = await app.request(
        'POST',
        `/api/schools/${school}/students/${student.id}/anonymize`,
        { token: await tokenOf(role) },
      );

      expect(res.status).toBe(403);
      const [row] = await app.db.select().from(students).where(eq(students.id, student.id));
      expect(row!.firstName).toBe('Kept');
    },
  );

  it('answers 401 without a token', async () => {
    const school = await createSchool();
    const student = await f.student(school);

    expect(
      (await app.request('POST', `/api/schools/${school}/students/${student.id}/anonymize`)).status,
    ).toBe(401);
  });
});
