import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfISOWeek } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { instructors } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};

/** A school with one member of each role, and another school with its own owner. */
async function setup(timezone = 'UTC') {
  const school = await app.createSchool({
    timezone,
    members: {
      'owner@a.test': 'owner',
      'manager@a.test': 'manager',
      'instructor@a.test': 'instructor',
      'viewer@a.test': 'viewer',
    },
  });
  const other = await app.createSchool({ name: 'Other', members: { 'owner@b.test': 'owner' } });
  return {
    school,
    other,
    owner: await app.tokenFor('owner@a.test'),
    manager: await app.tokenFor('manager@a.test'),
    instructor: await app.tokenFor('instructor@a.test'),
    viewer: await app.tokenFor('viewer@a.test'),
    stranger: await app.tokenFor('owner@b.test'),
  };
}

const base = (school: string) => `/api/schools/${school}/instructors`;

const fullBody = {
  first_name: ' Laura ',
  last_name: 'Méndez',
  document_type: 'DNI',
  document_number: '12345678Z',
  phone: '+34 600 000 000',
  email: 'laura@riding.test',
  specialties: ['dressage', 'show jumping'],
  experience_years: 12,
  bio: 'Former national champion.',
  hourly_rate: 35.5,
  status: 'active',
};

describe('POST /api/schools/{schoolId}/instructors', () => {
  it('creates an instructor with every field and returns it with full_name', async () => {
    const { school, manager } = await setup();

    const res = await app.request('POST', base(school), {
      token: manager,
      body: { ...fullBody, unknown_field: 'ignored' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        first_name: 'Laura',
        last_name: 'Méndez',
        full_name: 'Laura Méndez',
        document_type: 'DNI',
        document_number: '12345678Z',
        phone: '+34 600 000 000',
        email: 'laura@riding.test',
        specialties: ['dressage', 'show jumping'],
        experience_years: 12,
        bio: 'Former national champion.',
        hourly_rate: 35.5,
        status: 'active',
        ...stamps,
      },
    });
    const [row] = await app.db
      .select()
      .from(instructors)
      .where(eq(instructors.id, res.body.data.id));
    expect(row).toMatchObject({ schoolId: school, hourlyRate: '35.50' });
  });

  it('fills defaults for the optional fields; empty strings are stored as null', async () => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { first_name: 'Pablo', last_name: 'Ruiz', phone: '', email: '' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(UUID),
      first_name: 'Pablo',
      last_name: 'Ruiz',
      full_name: 'Pablo Ruiz',
      document_type: null,
      document_number: null,
      phone: null,
      email: null,
      specialties: [],
      experience_years: null,
      bio: null,
      hourly_rate: null,
      status: 'active',
      ...stamps,
    });
  });

  it('answers 401 without a token, 403 to viewers, instructors and strangers', async () => {
    const { school, viewer, instructor, stranger } = await setup();
    const body = { first_name: 'A', last_name: 'B' };

    expect((await app.request('POST', base(school), { body })).status).toBe(401);
    for (const token of [viewer, instructor, stranger]) {
      const res = await app.request('POST', base(school), { token, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect(await app.db.select().from(instructors)).toHaveLength(0);
  });

  it.each([
    ['first_name', { first_name: undefined }, 'The first name field is required.'],
    ['first_name', { first_name: '   ' }, 'The first name field is required.'],
    [
      'last_name',
      { last_name: 'x'.repeat(256) },
      'The last name field must not be greater than 255 characters.',
    ],
    [
      'document_type',
      { document_type: 'x'.repeat(51) },
      'The document type field must not be greater than 50 characters.',
    ],
    ['email', { email: 'not-an-email' }, 'The email field must be a valid email address.'],
    ['specialties', { specialties: 'dressage' }, 'The specialties field must be an array.'],
    [
      'specialties',
      { specialties: Array.from({ length: 21 }, (_, i) => `s${i}`) },
      'The specialties field must not have more than 20 items.',
    ],
    [
      'specialties.1',
      { specialties: ['ok', 'x'.repeat(101)] },
      'The specialties.1 field must not be greater than 100 characters.',
    ],
    [
      'experience_years',
      { experience_years: -1 },
      'The experience years field must be at least 0.',
    ],
    [
      'experience_years',
      { experience_years: 81 },
      'The experience years field must not be greater than 80.',
    ],
    [
      'experience_years',
      { experience_years: 2.5 },
      'The experience years field must be an integer.',
    ],
    ['bio', { bio: 'x'.repeat(5001) }, 'The bio field must not be greater than 5000 characters.'],
    ['hourly_rate', { hourly_rate: -0.01 }, 'The hourly rate field must be at least 0.'],
    ['hourly_rate', { hourly_rate: 10.005 }, 'The hourly rate field must have 0-2 decimal places.'],
    ['hourly_rate', { hourly_rate: '35' }, 'The hourly rate field must be a number.'],
    ['status', { status: 'retired' }, 'The selected status is invalid.'],
  ])('rejects an invalid %s with 422', async (field, change, message) => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { ...fullBody, ...change },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/schools/{schoolId}/instructors', () => {
  it("lists this school's instructors by last name, then first name; status filters", async () => {
    const { school, other, viewer } = await setup();
    const zoe = await f.instructor(school, {
      firstName: 'Zoe',
      lastName: 'Alonso',
      status: 'inactive',
    });
    const ana = await f.instructor(school, {
      firstName: 'Ana',
      lastName: 'Alonso',
      specialties: ['vaulting'],
      hourlyRate: '20.00',
    });
    const bea = await f.instructor(school, { firstName: 'Bea', lastName: 'Castro' });
    await f.instructor(other, { firstName: 'Aaron', lastName: 'Aaronson' });

    const res = await app.request('GET', base(school), { token: viewer });

    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { id: string }) => i.id)).toEqual([ana.id, zoe.id, bea.id]);
    expect(res.body.data[0]).toEqual({
      id: ana.id,
      first_name: 'Ana',
      last_name: 'Alonso',
      full_name: 'Ana Alonso',
      document_type: null,
      document_number: null,
      phone: null,
      email: null,
      specialties: ['vaulting'],
      experience_years: null,
      bio: null,
      hourly_rate: 20,
      status: 'active',
      ...stamps,
    });

    const inactive = await app.request('GET', `${base(school)}?status=inactive&per_page=5`, {
      token: viewer,
    });
    expect(inactive.body.data.map((i: { id: string }) => i.id)).toEqual([zoe.id]);
    const active = await app.request('GET', `${base(school)}?status=active`, { token: viewer });
    expect(active.body.data.map((i: { id: string }) => i.id)).toEqual([ana.id, bea.id]);
  });

  it('rejects an unknown status filter with 422', async () => {
    const { school, viewer } = await setup();
    const res = await app.request('GET', `${base(school)}?status=retired`, { token: viewer });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['status']);
  });

  it('answers 401 without a token and 403 to a stranger; every role may view', async () => {
    const { school, owner, manager, instructor, viewer, stranger } = await setup();
    expect((await app.request('GET', base(school))).status).toBe(401);
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
    for (const token of [owner, manager, instructor, viewer]) {
      expect((await app.request('GET', base(school), { token })).status).toBe(200);
    }
  });

  it('runs the same number of statements for 2 and for 20 instructors', async () => {
    const { school, viewer } = await setup();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', base(school), { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    await count();
    for (let i = 0; i < 2; i++) await f.instructor(school, { lastName: `L${i}` });
    const two = await count();
    for (let i = 2; i < 20; i++) await f.instructor(school, { lastName: `L${i}` });
    const twenty = await count();

    expect(two.rows).toBe(2);
    expect(twenty.rows).toBe(20);
    expect(twenty.statements).toBe(two.statements);
  });
});

describe('GET /api/schools/{schoolId}/instructors/{instructorId}', () => {
  it('returns one instructor', async () => {
    const { school, instructor } = await setup();
    const row = await f.instructor(school, {
      firstName: 'Eva',
      lastName: 'Soto',
      experienceYears: 3,
    });

    const res = await app.request('GET', `${base(school)}/${row.id}`, { token: instructor });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, full_name: 'Eva Soto', experience_years: 3 });
  });

  it("answers 404 for another school's instructor and for a malformed id, 401 without a token", async () => {
    const { school, other, owner } = await setup();
    const foreign = await f.instructor(other);

    for (const id of [foreign.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await app.request('GET', `${base(school)}/${id}`, { token: owner });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Instructor not found.' } });
    }
    expect((await app.request('GET', `${base(school)}/${foreign.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/instructors/{instructorId}', () => {
  it('changes the given fields only; null clears an optional one', async () => {
    const { school, manager } = await setup();
    const row = await f.instructor(school, {
      firstName: 'Eva',
      lastName: 'Soto',
      phone: '111',
      bio: 'Old bio',
      hourlyRate: '10.00',
    });

    const res = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: manager,
      body: {
        last_name: 'Soto Pérez',
        phone: null,
        hourly_rate: 42,
        specialties: ['polo'],
        status: 'inactive',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: row.id,
      first_name: 'Eva',
      last_name: 'Soto Pérez',
      full_name: 'Eva Soto Pérez',
      document_type: null,
      document_number: null,
      phone: null,
      email: null,
      specialties: ['polo'],
      experience_years: null,
      bio: 'Old bio',
      hourly_rate: 42,
      status: 'inactive',
      ...stamps,
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(row.updatedAt.getTime());
  });

  it('validates what is given (422), refuses viewers and instructors (403), and 404s a foreign id', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.instructor(school);
    const foreign = await f.instructor(other);

    const invalid = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { first_name: '', experience_years: 100 },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      first_name: ['The first name field is required.'],
      experience_years: ['The experience years field must not be greater than 80.'],
    });
    for (const token of [viewer, instructor]) {
      expect(
        (
          await app.request('PUT', `${base(school)}/${row.id}`, {
            token,
            body: { first_name: 'X' },
          })
        ).status,
      ).toBe(403);
    }
    for (const id of [foreign.id, 'nope']) {
      expect(
        (
          await app.request('PUT', `${base(school)}/${id}`, {
            token: owner,
            body: { first_name: 'X' },
          })
        ).status,
      ).toBe(404);
    }
    const [untouched] = await app.db
      .select()
      .from(instructors)
      .where(eq(instructors.id, foreign.id));
    expect(untouched!.firstName).toBe('Iris');
    expect(
      (await app.request('PUT', `${base(school)}/${row.id}`, { body: { first_name: 'X' } })).status,
    ).toBe(401);
  });
});

describe('DELETE /api/schools/{schoolId}/instructors/{instructorId}', () => {
  it('deletes an instructor without schedules', async () => {
    const { school, manager } = await setup();
    const row = await f.instructor(school);

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: manager });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Instructor deleted.' });
    expect(await app.db.select().from(instructors)).toHaveLength(0);
  });

  it('keeps an instructor with schedules (409)', async () => {
    const { school, owner } = await setup();
    const row = await f.instructor(school);
    const klass = await f.class(school);
    await f.schedule(school, { classId: klass.id, instructorId: row.id });

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: owner });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    expect(await app.db.select().from(instructors)).toHaveLength(1);
  });

  it('answers 401, 403 to viewers and instructors, 404 for a foreign or malformed id', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.instructor(school);
    const foreign = await f.instructor(other);

    expect((await app.request('DELETE', `${base(school)}/${row.id}`)).status).toBe(401);
    for (const token of [viewer, instructor]) {
      expect((await app.request('DELETE', `${base(school)}/${row.id}`, { token })).status).toBe(
        403,
      );
    }
    for (const id of [foreign.id, 'nope']) {
      expect((await app.request('DELETE', `${base(school)}/${id}`, { token: owner })).status).toBe(
        404,
      );
    }
    expect(await app.db.select().from(instructors)).toHaveLength(2);
  });
});

describe('GET /api/schools/{schoolId}/instructors/{instructorId}/availability', () => {
  /** Monday 2026-11-16 opens ISO week 2026-W47. */
  async function busyInstructor() {
    const ctx = await setup();
    const teacher = await f.instructor(ctx.school, { firstName: 'Iris', lastName: 'Trainer' });
    const colleague = await f.instructor(ctx.school, { firstName: 'Carl', lastName: 'Other' });
    const dressage = await f.class(ctx.school, { name: 'Dressage' });
    const jumping = await f.class(ctx.school, { name: 'Jumping' });
    const at = (
      dayOfWeek: number,
      startTime: string,
      endTime: string,
      classId = dressage.id,
      location: string | null = 'Arena 1',
    ) =>
      f.schedule(ctx.school, {
        classId,
        instructorId: teacher.id,
        dayOfWeek,
        startTime,
        endTime,
        location,
      });
    const monday1 = await at(1, '09:00', '10:00');
    const monday2 = await at(1, '10:00', '11:00', jumping.id, null);
    const monday3 = await at(1, '14:00', '15:30');
    const wednesday = await at(3, '20:00', '22:00', jumping.id);
    const friday = await at(5, '06:00', '07:30');
    await f.schedule(ctx.school, {
      classId: dressage.id,
      instructorId: colleague.id,
      dayOfWeek: 1,
      startTime: '12:00',
      endTime: '13:00',
    });
    return { ...ctx, teacher, dressage, jumping, monday1, monday2, monday3, wednesday, friday };
  }

  it("lists a date's classes and the free time between them within 07:00-21:00", async () => {
    const { school, viewer, teacher, dressage, jumping, monday1, monday2, monday3 } =
      await busyInstructor();

    const res = await app.request(
      'GET',
      `${base(school)}/${teacher.id}/availability?date=2026-11-16`,
      { token: viewer },
    );

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        instructor_id: teacher.id,
        start_date: '2026-11-16',
        end_date: '2026-11-16',
        days: [
          {
            date: '2026-11-16',
            day_of_week: 1,
            busy: [
              {
                schedule_id: monday1.id,
                class_id: dressage.id,
                class_name: 'Dressage',
                start_time: '09:00',
                end_time: '10:00',
                location: 'Arena 1',
              },
              {
                schedule_id: monday2.id,
                class_id: jumping.id,
                class_name: 'Jumping',
                start_time: '10:00',
                end_time: '11:00',
                location: null,
              },
              {
                schedule_id: monday3.id,
                class_id: dressage.id,
                class_name: 'Dressage',
                start_time: '14:00',
                end_time: '15:30',
                location: 'Arena 1',
              },
            ],
            free: [
              { start_time: '07:00', end_time: '09:00' },
              { start_time: '11:00', end_time: '14:00' },
              { start_time: '15:30', end_time: '21:00' },
            ],
          },
        ],
      },
    });
  });

  it('covers a whole ISO week, given as 2026-W47 or as any date in it', async () => {
    const { school, instructor, teacher, wednesday, friday } = await busyInstructor();

    const res = await app.request(
      'GET',
      `${base(school)}/${teacher.id}/availability?week=2026-W47`,
      { token: instructor },
    );

    expect(res.status).toBe(200);
    const { days, ...range } = res.body.data;
    expect(range).toEqual({
      instructor_id: teacher.id,
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });
    expect(days.map((d: { date: string; day_of_week: number }) => [d.date, d.day_of_week])).toEqual(
      [
        ['2026-11-16', 1],
        ['2026-11-17', 2],
        ['2026-11-18', 3],
        ['2026-11-19', 4],
        ['2026-11-20', 5],
        ['2026-11-21', 6],
        ['2026-11-22', 0],
      ],
    );
    expect(days[0].busy).toHaveLength(3);
    const allDay = [{ start_time: '07:00', end_time: '21:00' }];
    expect(days[1]).toEqual({ date: '2026-11-17', day_of_week: 2, busy: [], free: allDay });
    // A class running past the end of the working day leaves the evening busy.
    expect(days[2].busy.map((b: { schedule_id: string }) => b.schedule_id)).toEqual([wednesday.id]);
    expect(days[2].free).toEqual([{ start_time: '07:00', end_time: '20:00' }]);
    // One starting before the working day shortens the morning.
    expect(days[4].busy.map((b: { schedule_id: string }) => b.schedule_id)).toEqual([friday.id]);
    expect(days[4].free).toEqual([{ start_time: '07:30', end_time: '21:00' }]);
    for (const day of [days[3], days[5], days[6]])
      expect(day).toMatchObject({ busy: [], free: allDay });

    const byDate = await app.request(
      'GET',
      `${base(school)}/${teacher.id}/availability?week=2026-11-20`,
      { token: instructor },
    );
    expect(byDate.status).toBe(200);
    expect(byDate.body).toEqual(res.body);
  });

  it("defaults to the current ISO week in the school's time zone", async () => {
    const ctx = await setup('Pacific/Kiritimati');
    const teacher = await f.instructor(ctx.school);
    const monday = startOfISOWeek(new TZDate(new Date(), 'Pacific/Kiritimati'));

    const res = await app.request('GET', `${base(ctx.school)}/${teacher.id}/availability`, {
      token: ctx.viewer,
    });

    expect(res.status).toBe(200);
    expect(res.body.data.start_date).toBe(format(monday, 'yyyy-MM-dd'));
    expect(res.body.data.end_date).toBe(format(addDays(monday, 6), 'yyyy-MM-dd'));
    expect(res.body.data.days).toHaveLength(7);
  });

  it.each([
    ['date=2026-11-16&week=2026-W47', 'week'],
    ['date=2026-02-30', 'date'],
    ['week=2026-47', 'week'],
    ['week=2025-W53', 'week'],
    ['week=2026-13-01', 'week'],
  ])('rejects %s with 422', async (query, field) => {
    const { school, owner } = await setup();
    const teacher = await f.instructor(school);

    const res = await app.request('GET', `${base(school)}/${teacher.id}/availability?${query}`, {
      token: owner,
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("answers 401, 403 to a stranger and 404 for another school's instructor", async () => {
    const { school, other, owner, stranger } = await setup();
    const teacher = await f.instructor(school);
    const foreign = await f.instructor(other);

    expect((await app.request('GET', `${base(school)}/${teacher.id}/availability`)).status).toBe(
      401,
    );
    expect(
      (await app.request('GET', `${base(school)}/${teacher.id}/availability`, { token: stranger }))
        .status,
    ).toBe(403);
    for (const id of [foreign.id, 'nope']) {
      const res = await app.request('GET', `${base(school)}/${id}/availability?week=2026-W47`, {
        token: owner,
      });
      expect(res.status).toBe(404);
    }
  });

  it('runs the same number of statements for a week of 2 and of 20 classes', async () => {
    const { school, viewer } = await setup();
    const teacher = await f.instructor(school);
    const klass = await f.class(school);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}/${teacher.id}/availability?week=2026-W47`, {
          token: viewer,
        }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const addClasses = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const hour = String(7 + Math.floor(i / 7)).padStart(2, '0');
        await f.schedule(school, {
          classId: klass.id,
          instructorId: teacher.id,
          dayOfWeek: i % 7,
          startTime: `${hour}:00`,
          endTime: `${hour}:45`,
        });
      }
    };
    await count();
    await addClasses(0, 2);
    const two = await count();
    await addClasses(2, 20);
    const twenty = await count();

    expect(twenty).toBe(two);
  });
});
