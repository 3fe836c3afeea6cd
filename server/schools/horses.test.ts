import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { horses } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { todayIn } from '../kernel/fields/calendar';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};
const THIS_YEAR = new Date().getUTCFullYear();

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

const base = (school: string) => `/api/schools/${school}/horses`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((h) => h.id);

describe('POST /api/schools/{schoolId}/horses', () => {
  it('creates a horse with every field', async () => {
    const { school, manager } = await setup();

    const res = await app.request('POST', base(school), {
      token: manager,
      body: {
        name: 'Tormenta',
        breed: 'Andalusian',
        birth_year: 2015,
        level: 'advanced',
        status: 'resting',
        max_daily_classes: 3,
        notes: 'Shy with dogs.',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        name: 'Tormenta',
        breed: 'Andalusian',
        birth_year: 2015,
        level: 'advanced',
        status: 'resting',
        max_daily_classes: 3,
        notes: 'Shy with dogs.',
        horse_identity_id: null,
        ...stamps,
      },
    });
    const [row] = await app.db.select().from(horses).where(eq(horses.id, res.body.data.id));
    expect(row!.schoolId).toBe(school);
  });

  it('defaults to level all, status active and 4 classes a day', async () => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Canela', birth_year: THIS_YEAR },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Canela',
      breed: null,
      birth_year: THIS_YEAR,
      level: 'all',
      status: 'active',
      max_daily_classes: 4,
      notes: null,
      horse_identity_id: null,
      ...stamps,
    });
  });

  it.each([
    ['name', { name: undefined }, 'The name field is required.'],
    ['name', { name: 'x'.repeat(256) }, 'The name field must not be greater than 255 characters.'],
    [
      'breed',
      { breed: 'x'.repeat(101) },
      'The breed field must not be greater than 100 characters.',
    ],
    ['birth_year', { birth_year: 1949 }, 'The birth year field must be at least 1950.'],
    [
      'birth_year',
      { birth_year: THIS_YEAR + 1 },
      `The birth year field must not be greater than ${THIS_YEAR}.`,
    ],
    ['birth_year', { birth_year: 2010.5 }, 'The birth year field must be an integer.'],
    ['level', { level: 'expert' }, 'The selected level is invalid.'],
    ['status', { status: 'sold' }, 'The selected status is invalid.'],
    [
      'max_daily_classes',
      { max_daily_classes: 0 },
      'The max daily classes field must be at least 1.',
    ],
    [
      'max_daily_classes',
      { max_daily_classes: 21 },
      'The max daily classes field must not be greater than 20.',
    ],
    [
      'notes',
      { notes: 'x'.repeat(5001) },
      'The notes field must not be greater than 5000 characters.',
    ],
  ])('rejects an invalid %s with 422', async (field, change, message) => {
    const { school, owner } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Canela', ...change },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
  });

  it('answers 401 without a token and 403 to viewers, instructors and strangers', async () => {
    const { school, viewer, instructor, stranger } = await setup();

    expect((await app.request('POST', base(school), { body: { name: 'X' } })).status).toBe(401);
    for (const token of [viewer, instructor, stranger]) {
      expect((await app.request('POST', base(school), { token, body: { name: 'X' } })).status).toBe(
        403,
      );
    }
    expect(await app.db.select().from(horses)).toHaveLength(0);
  });
});

describe('GET /api/schools/{schoolId}/horses', () => {
  async function stable() {
    const ctx = await setup();
    const bruma = await f.horse(ctx.school, { name: 'Bruma', level: 'beginner' });
    const astro = await f.horse(ctx.school, { name: 'Astro', level: 'all', status: 'resting' });
    const duque = await f.horse(ctx.school, {
      name: 'Duque',
      level: 'advanced',
      status: 'injured',
    });
    const cometa = await f.horse(ctx.school, {
      name: 'Cometa',
      level: 'intermediate',
      breed: 'Arabian',
      birthYear: 2012,
    });
    await f.horse(ctx.other, { name: 'Aaa', level: 'beginner' });
    return { ...ctx, bruma, astro, duque, cometa };
  }

  it("lists this school's horses by name with every field", async () => {
    const { school, viewer, astro, bruma, cometa, duque } = await stable();

    const res = await app.request('GET', base(school), { token: viewer });

    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([astro.id, bruma.id, cometa.id, duque.id]);
    expect(res.body.data[2]).toEqual({
      id: cometa.id,
      name: 'Cometa',
      breed: 'Arabian',
      birth_year: 2012,
      level: 'intermediate',
      status: 'active',
      max_daily_classes: 4,
      notes: null,
      horse_identity_id: null,
      ...stamps,
    });
  });

  it('level=X lists horses of level X and of level all; level=all does not filter; status filters', async () => {
    const { school, instructor, astro, bruma, cometa, duque } = await stable();
    const list = (query: string) =>
      app.request('GET', `${base(school)}?${query}`, { token: instructor });

    expect(ids(await list('level=beginner'))).toEqual([astro.id, bruma.id]);
    expect(ids(await list('level=advanced'))).toEqual([astro.id, duque.id]);
    expect(ids(await list('level=intermediate'))).toEqual([astro.id, cometa.id]);
    expect(ids(await list('level=all'))).toEqual([astro.id, bruma.id, cometa.id, duque.id]);
    expect(ids(await list('status=active'))).toEqual([bruma.id, cometa.id]);
    expect(ids(await list('status=resting&level=advanced'))).toEqual([astro.id]);
    expect(ids(await list('status=retired'))).toEqual([]);
  });

  it.each(['level=expert', 'status=sold'])('rejects the filter %s with 422', async (query) => {
    const { school, viewer } = await setup();
    const res = await app.request('GET', `${base(school)}?${query}`, { token: viewer });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([query.split('=')[0]]);
  });

  it('answers 401 without a token and 403 to a stranger', async () => {
    const { school, stranger } = await setup();
    expect((await app.request('GET', base(school))).status).toBe(401);
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
  });

  it('runs the same number of statements for 2 and for 20 horses', async () => {
    const { school, viewer } = await setup();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}?level=beginner`, { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    await count();
    for (let i = 0; i < 2; i++) await f.horse(school, { name: `H${i}` });
    const two = await count();
    for (let i = 2; i < 20; i++) await f.horse(school, { name: `H${i}` });
    const twenty = await count();

    expect([two.rows, twenty.rows]).toEqual([2, 20]);
    expect(twenty.statements).toBe(two.statements);
  });
});

describe('GET /api/schools/{schoolId}/horses/{horseId}', () => {
  it('returns one horse', async () => {
    const { school, viewer } = await setup();
    const row = await f.horse(school, { name: 'Luna', maxDailyClasses: 2 });

    const res = await app.request('GET', `${base(school)}/${row.id}`, { token: viewer });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, name: 'Luna', max_daily_classes: 2 });
  });

  it("answers 404 for another school's horse and a malformed id, 401 without a token", async () => {
    const { school, other, owner } = await setup();
    const foreign = await f.horse(other);

    for (const id of [foreign.id, 'xyz']) {
      const res = await app.request('GET', `${base(school)}/${id}`, { token: owner });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Horse not found.' } });
    }
    expect((await app.request('GET', `${base(school)}/${foreign.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/horses/{horseId}', () => {
  it('changes the given fields only', async () => {
    const { school, manager } = await setup();
    const row = await f.horse(school, { name: 'Luna', breed: 'Pony', notes: 'Old note' });

    const res = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: manager,
      body: { status: 'retired', notes: null, max_daily_classes: 2 },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: row.id,
      name: 'Luna',
      breed: 'Pony',
      birth_year: null,
      level: 'all',
      status: 'retired',
      max_daily_classes: 2,
      notes: null,
      horse_identity_id: null,
      ...stamps,
    });
  });

  it('validates input (422), refuses viewers and instructors (403), 404s foreign and malformed ids', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.horse(school);
    const foreign = await f.horse(other, { name: 'Theirs' });

    const invalid = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { max_daily_classes: 25 },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['max_daily_classes']);
    for (const token of [viewer, instructor]) {
      expect(
        (await app.request('PUT', `${base(school)}/${row.id}`, { token, body: { name: 'X' } }))
          .status,
      ).toBe(403);
    }
    for (const id of [foreign.id, 'nope']) {
      expect(
        (await app.request('PUT', `${base(school)}/${id}`, { token: owner, body: { name: 'X' } }))
          .status,
      ).toBe(404);
    }
    const [untouched] = await app.db.select().from(horses).where(eq(horses.id, foreign.id));
    expect(untouched!.name).toBe('Theirs');
    expect(
      (await app.request('PUT', `${base(school)}/${row.id}`, { body: { name: 'X' } })).status,
    ).toBe(401);
  });
});

describe('DELETE /api/schools/{schoolId}/horses/{horseId}', () => {
  it('deletes a horse without history', async () => {
    const { school, manager } = await setup();
    const row = await f.horse(school);

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: manager });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Horse deleted.' });
    expect(await app.db.select().from(horses)).toHaveLength(0);
  });

  it('keeps a horse assigned in an enrollment (409)', async () => {
    const { school, owner } = await setup();
    const row = await f.horse(school);
    const klass = await f.class(school);
    const teacher = await f.instructor(school);
    const schedule = await f.schedule(school, { classId: klass.id, instructorId: teacher.id });
    const student = await f.student(school);
    await f.enrollment(school, {
      studentId: student.id,
      classId: klass.id,
      scheduleId: schedule.id,
      horseId: row.id,
      status: 'ended',
      endDate: '2026-02-01',
    });

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: owner });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    expect(await app.db.select().from(horses)).toHaveLength(1);
  });

  it('answers 401, 403 to viewers and instructors, 404 for foreign and malformed ids', async () => {
    const { school, other, owner, viewer, instructor } = await setup();
    const row = await f.horse(school);
    const foreign = await f.horse(other);

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
    expect(await app.db.select().from(horses)).toHaveLength(2);
  });
});

describe('GET /api/schools/{schoolId}/horses/{horseId}/usage', () => {
  /**
   * Horse Canela (at most 1 class a day) over Monday 2026-11-16 .. Monday 2026-11-23:
   * - Dressage, Mondays 09:00, 45 min: two students ride Canela (counted once a day);
   * - Jumping, Mondays 11:00, 60 min: from Friday 2026-11-20 (so only the second Monday);
   * - Trail, Mondays 15:00, 90 min: until 2026-11-16 (so only the first Monday);
   * - Vaulting, Wednesdays: paused with Canela, active with another horse (never counted);
   * - Polo, Wednesdays: ended with Canela (never counted);
   * - Hacking, Fridays 10:00, 60 min: active.
   * Expected: Mon 16 = 2 classes / 135 min (overloaded), Fri 20 = 1 / 60, Mon 23 = 2 / 105
   * (overloaded); 5 classes, 300 minutes, 2 overloaded days in all.
   */
  async function busyHorse() {
    const ctx = await setup();
    const canela = await f.horse(ctx.school, { name: 'Canela', maxDailyClasses: 1 });
    const other = await f.horse(ctx.school, { name: 'Other' });
    const teacher = await f.instructor(ctx.school);
    const students = await Promise.all(
      ['A', 'B', 'C'].map((n) => f.student(ctx.school, { firstName: n })),
    );
    const lesson = async (
      name: string,
      durationMinutes: number,
      dayOfWeek: number,
      startTime: string,
      endTime: string,
    ) => {
      const klass = await f.class(ctx.school, { name, durationMinutes });
      const schedule = await f.schedule(ctx.school, {
        classId: klass.id,
        instructorId: teacher.id,
        dayOfWeek,
        startTime,
        endTime,
      });
      const enroll = (
        student: number,
        values: {
          horseId?: string;
          startDate?: string;
          endDate?: string;
          status?: 'active' | 'paused' | 'ended';
        } = {},
      ) =>
        f.enrollment(ctx.school, {
          studentId: students[student]!.id,
          classId: klass.id,
          scheduleId: schedule.id,
          horseId: canela.id,
          ...values,
        });
      return { schedule, enroll };
    };
    const dressage = await lesson('Dressage', 45, 1, '09:00', '10:00');
    await dressage.enroll(0);
    await dressage.enroll(1, { startDate: '2026-11-01' });
    const jumping = await lesson('Jumping', 60, 1, '11:00', '12:00');
    await jumping.enroll(0, { startDate: '2026-11-20' });
    const trail = await lesson('Trail', 90, 1, '15:00', '16:30');
    await trail.enroll(2, { endDate: '2026-11-16' });
    const vaulting = await lesson('Vaulting', 30, 3, '10:00', '10:30');
    await vaulting.enroll(0, { status: 'paused' });
    await vaulting.enroll(1, { horseId: other.id });
    const polo = await lesson('Polo', 60, 3, '12:00', '13:00');
    await polo.enroll(0, { status: 'ended', endDate: '2026-12-31' });
    const hacking = await lesson('Hacking', 60, 5, '10:00', '11:00');
    await hacking.enroll(2);
    return { ...ctx, canela, dressage, jumping, trail, hacking };
  }

  it('counts classes and minutes per day against max_daily_classes over a range', async () => {
    const { school, viewer, canela, dressage, jumping, trail, hacking } = await busyHorse();

    const res = await app.request(
      'GET',
      `${base(school)}/${canela.id}/usage?start_date=2026-11-16&end_date=2026-11-23`,
      { token: viewer },
    );

    expect(res.status).toBe(200);
    const idle = (date: string) => ({
      date,
      classes_count: 0,
      minutes: 0,
      overloaded: false,
      classes: [],
    });
    expect(res.body).toEqual({
      data: {
        horse_id: canela.id,
        horse_name: 'Canela',
        max_daily_classes: 1,
        start_date: '2026-11-16',
        end_date: '2026-11-23',
        days: [
          {
            date: '2026-11-16',
            classes_count: 2,
            minutes: 135,
            overloaded: true,
            classes: [
              {
                schedule_id: dressage.schedule.id,
                class_name: 'Dressage',
                start_time: '09:00',
                end_time: '10:00',
                duration_minutes: 45,
              },
              {
                schedule_id: trail.schedule.id,
                class_name: 'Trail',
                start_time: '15:00',
                end_time: '16:30',
                duration_minutes: 90,
              },
            ],
          },
          idle('2026-11-17'),
          idle('2026-11-18'),
          idle('2026-11-19'),
          {
            date: '2026-11-20',
            classes_count: 1,
            minutes: 60,
            overloaded: false,
            classes: [
              {
                schedule_id: hacking.schedule.id,
                class_name: 'Hacking',
                start_time: '10:00',
                end_time: '11:00',
                duration_minutes: 60,
              },
            ],
          },
          idle('2026-11-21'),
          idle('2026-11-22'),
          {
            date: '2026-11-23',
            classes_count: 2,
            minutes: 105,
            overloaded: true,
            classes: [
              {
                schedule_id: dressage.schedule.id,
                class_name: 'Dressage',
                start_time: '09:00',
                end_time: '10:00',
                duration_minutes: 45,
              },
              {
                schedule_id: jumping.schedule.id,
                class_name: 'Jumping',
                start_time: '11:00',
                end_time: '12:00',
                duration_minutes: 60,
              },
            ],
          },
        ],
        total_classes: 5,
        total_minutes: 300,
        overloaded_days: 2,
      },
    });
  });

  it('answers for one date', async () => {
    const { school, instructor, canela, hacking } = await busyHorse();

    const res = await app.request('GET', `${base(school)}/${canela.id}/usage?date=2026-11-20`, {
      token: instructor,
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      start_date: '2026-11-20',
      end_date: '2026-11-20',
      days: [
        {
          date: '2026-11-20',
          classes_count: 1,
          minutes: 60,
          overloaded: false,
          classes: [{ schedule_id: hacking.schedule.id }],
        },
      ],
      total_classes: 1,
      total_minutes: 60,
      overloaded_days: 0,
    });
  });

  it("defaults to today in the school's time zone", async () => {
    const { school, viewer } = await setup('Pacific/Kiritimati');
    const horse = await f.horse(school);

    const res = await app.request('GET', `${base(school)}/${horse.id}/usage`, { token: viewer });

    expect(res.status).toBe(200);
    const today = todayIn('Pacific/Kiritimati');
    expect(res.body.data).toMatchObject({
      start_date: today,
      end_date: today,
      days: [{ date: today, classes_count: 0 }],
    });
  });

  it('accepts 92 days and refuses 93, a reversed range, a half range and date with a range (422)', async () => {
    const { school, owner } = await setup();
    const horse = await f.horse(school);
    const usage = (query: string) =>
      app.request('GET', `${base(school)}/${horse.id}/usage?${query}`, { token: owner });

    const quarter = await usage('start_date=2026-01-01&end_date=2026-04-02');
    expect(quarter.status).toBe(200);
    expect(quarter.body.data.days).toHaveLength(92);

    for (const [query, field] of [
      ['start_date=2026-01-01&end_date=2026-04-03', 'end_date'],
      ['start_date=2026-03-02&end_date=2026-03-01', 'end_date'],
      ['start_date=2026-03-01', 'end_date'],
      ['end_date=2026-03-01', 'start_date'],
      ['date=2026-03-01&start_date=2026-03-01&end_date=2026-03-02', 'date'],
      ['date=2026-02-29', 'date'],
      ['date=0000-01-01', 'date'],
      ['start_date=tomorrow&end_date=2026-03-01', 'start_date'],
    ]) {
      const res = await usage(query!);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([field]);
    }
  });

  it("answers 401, 403 to a stranger, 404 for another school's horse", async () => {
    const { school, other, owner, stranger } = await setup();
    const horse = await f.horse(school);
    const foreign = await f.horse(other);

    expect((await app.request('GET', `${base(school)}/${horse.id}/usage`)).status).toBe(401);
    expect(
      (await app.request('GET', `${base(school)}/${horse.id}/usage`, { token: stranger })).status,
    ).toBe(403);
    for (const id of [foreign.id, 'nope']) {
      expect(
        (await app.request('GET', `${base(school)}/${id}/usage?date=2026-11-16`, { token: owner }))
          .status,
      ).toBe(404);
    }
  });

  it('runs the same number of statements for one day and for 92 days of classes', async () => {
    const { school, viewer, canela } = await busyHorse();
    const count = async (query: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}/${canela.id}/usage?${query}`, { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, classes: res.body.data.total_classes };
    };
    await count('date=2026-11-16');
    const day = await count('date=2026-11-16');
    const quarter = await count('start_date=2026-11-01&end_date=2027-01-31');

    expect(day.classes).toBe(2);
    expect(quarter.classes).toBeGreaterThan(20);
    expect(quarter.statements).toBe(day.statements);
  });
});
