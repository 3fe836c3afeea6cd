import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfISOWeek } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  classes,
  enrollments,
  horses,
  instructors,
  schedules,
  weeklyTimetables,
} from '@/db/schema';
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

/** A school with one member of each role, a class and two instructors; another school with its own. */
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
    klass: await f.class(school, {
      name: 'Group jumping',
      type: 'group',
      level: 'intermediate',
      maxStudents: 6,
    }),
    iris: await f.instructor(school, { firstName: 'Iris', lastName: 'Trainer' }),
    carl: await f.instructor(school, { firstName: 'Carl', lastName: 'Coach' }),
  };
}

const base = (school: string) => `/api/schools/${school}/schedules`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((s) => s.id);

describe('POST /api/schools/{schoolId}/schedules', () => {
  it('creates a schedule and returns it with its class, instructor and places', async () => {
    const { school, manager, klass, iris } = await setup();

    const res = await app.request('POST', base(school), {
      token: manager,
      body: {
        class_id: klass.id,
        instructor_id: iris.id,
        day_of_week: 2,
        start_time: '17:00',
        end_time: '18:30',
        location: 'Indoor arena',
        max_students: 4,
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        class_id: klass.id,
        instructor_id: iris.id,
        day_of_week: 2,
        start_time: '17:00',
        end_time: '18:30',
        location: 'Indoor arena',
        max_students: 4,
        class: { id: klass.id, name: 'Group jumping', type: 'group', level: 'intermediate' },
        instructor: { id: iris.id, full_name: 'Iris Trainer' },
        enrolled_count: 0,
        available_spots: 4,
        ...stamps,
      },
    });
    const [row] = await app.db.select().from(schedules).where(eq(schedules.id, res.body.data.id));
    expect(row).toMatchObject({ schoolId: school, startTime: '17:00:00', endTime: '18:30:00' });
  });

  it('takes max_students from the class when not given; Sunday is day 0', async () => {
    const { school, owner, klass, iris } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: {
        class_id: klass.id,
        instructor_id: iris.id,
        day_of_week: 0,
        start_time: '09:00',
        end_time: '10:00',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      day_of_week: 0,
      location: null,
      max_students: 6,
      available_spots: 6,
    });
  });

  it.each([
    ['class_id', { class_id: undefined }, 'The class id field is required.'],
    ['class_id', { class_id: 'abc' }, 'The class id field must be a valid UUID.'],
    ['instructor_id', { instructor_id: undefined }, 'The instructor id field is required.'],
    ['day_of_week', { day_of_week: undefined }, 'The day of week field is required.'],
    ['day_of_week', { day_of_week: 7 }, 'The day of week field must not be greater than 6.'],
    ['day_of_week', { day_of_week: -1 }, 'The day of week field must be at least 0.'],
    ['start_time', { start_time: '24:00' }, 'The start time field must be a time of day (HH:MM).'],
    ['start_time', { start_time: undefined }, 'The start time field is required.'],
    ['end_time', { end_time: '9:00' }, 'The end time field must be a time of day (HH:MM).'],
    ['end_time', { end_time: '09:30' }, 'The end time field must be a time after start time.'],
    ['end_time', { end_time: '10:00' }, 'The end time field must be a time after start time.'],
    [
      'location',
      { location: 'x'.repeat(256) },
      'The location field must not be greater than 255 characters.',
    ],
    ['max_students', { max_students: 0 }, 'The max students field must be at least 1.'],
  ])('rejects an invalid %s with 422', async (field, change, message) => {
    const { school, owner, klass, iris } = await setup();

    const res = await app.request('POST', base(school), {
      token: owner,
      body: {
        class_id: klass.id,
        instructor_id: iris.id,
        day_of_week: 1,
        start_time: '10:00',
        end_time: '11:00',
        ...change,
      },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await app.db.select().from(schedules)).toHaveLength(0);
  });

  it("rejects another school's class and instructor (422 on each field)", async () => {
    const { school, other, owner, klass, iris } = await setup();
    const theirClass = await f.class(other);
    const theirInstructor = await f.instructor(other);
    const body = {
      class_id: klass.id,
      instructor_id: iris.id,
      day_of_week: 1,
      start_time: '10:00',
      end_time: '11:00',
    };

    const both = await app.request('POST', base(school), {
      token: owner,
      body: { ...body, class_id: theirClass.id, instructor_id: theirInstructor.id },
    });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({
      class_id: ['The selected class id is invalid.'],
      instructor_id: ['The selected instructor id is invalid.'],
    });
    const unknown = await app.request('POST', base(school), {
      token: owner,
      body: { ...body, instructor_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['instructor_id']);
    expect(await app.db.select().from(schedules)).toHaveLength(0);
  });

  describe('no overlap between schedules of one instructor on one day', () => {
    async function withMondayClass() {
      const ctx = await setup();
      const first = await app.request('POST', base(ctx.school), {
        token: ctx.owner,
        body: {
          class_id: ctx.klass.id,
          instructor_id: ctx.iris.id,
          day_of_week: 1,
          start_time: '10:00',
          end_time: '11:00',
        },
      });
      expect(first.status).toBe(201);
      const create = (change: Record<string, unknown>) =>
        app.request('POST', base(ctx.school), {
          token: ctx.owner,
          body: {
            class_id: ctx.klass.id,
            instructor_id: ctx.iris.id,
            day_of_week: 1,
            start_time: '10:00',
            end_time: '11:00',
            ...change,
          },
        });
      return { ...ctx, first: first.body.data, create };
    }

    it.each([
      ['the same times', {}],
      ['a start inside it', { start_time: '10:30', end_time: '11:30' }],
      ['an end inside it', { start_time: '09:30', end_time: '10:01' }],
      ['a slot inside it', { start_time: '10:15', end_time: '10:45' }],
      ['a slot around it', { start_time: '09:00', end_time: '12:00' }],
    ])('refuses %s (422 instructor_id)', async (_label, change) => {
      const { school, create } = await withMondayClass();

      const res = await create(change);

      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        instructor_id: ['The instructor already has a class on Monday from 10:00 to 11:00.'],
      });
      expect(
        await app.db.select().from(schedules).where(eq(schedules.schoolId, school)),
      ).toHaveLength(1);
    });

    it('allows back-to-back classes, another day and another instructor', async () => {
      const { create, carl } = await withMondayClass();

      expect((await create({ start_time: '11:00', end_time: '12:00' })).status).toBe(201);
      expect((await create({ start_time: '09:00', end_time: '10:00' })).status).toBe(201);
      expect((await create({ day_of_week: 2 })).status).toBe(201);
      expect((await create({ instructor_id: carl.id })).status).toBe(201);
    });
  });

  it('answers 401 without a token and 403 to viewers, instructors and strangers', async () => {
    const { school, viewer, instructor, stranger, klass, iris } = await setup();
    const body = {
      class_id: klass.id,
      instructor_id: iris.id,
      day_of_week: 1,
      start_time: '10:00',
      end_time: '11:00',
    };

    expect((await app.request('POST', base(school), { body })).status).toBe(401);
    for (const token of [viewer, instructor, stranger]) {
      expect((await app.request('POST', base(school), { token, body })).status).toBe(403);
    }
    expect(await app.db.select().from(schedules)).toHaveLength(0);
  });
});

describe('GET /api/schools/{schoolId}/schedules', () => {
  it('lists schedules by day and start time, with the enrollments active today', async () => {
    const { school, other, viewer, klass, iris, carl } = await setup('America/Mexico_City');
    const today = todayIn('America/Mexico_City');
    const tomorrow = format(addDays(new Date(`${today}T12:00:00Z`), 1), 'yyyy-MM-dd');
    const yesterday = format(addDays(new Date(`${today}T12:00:00Z`), -1), 'yyyy-MM-dd');
    const dressage = await f.class(school, {
      name: 'Dressage',
      type: 'individual',
      level: 'advanced',
      maxStudents: 1,
    });
    const tuesday = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 2,
      startTime: '09:00',
      endTime: '10:00',
      maxStudents: 3,
      location: 'Arena',
    });
    const sundayLate = await f.schedule(school, {
      classId: dressage.id,
      instructorId: carl.id,
      dayOfWeek: 0,
      startTime: '18:00',
      endTime: '19:00',
      maxStudents: 1,
    });
    const sundayEarly = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 0,
      startTime: '08:00',
      endTime: '09:00',
    });
    const otherClass = await f.class(other);
    await f.schedule(other, {
      classId: otherClass.id,
      instructorId: (await f.instructor(other)).id,
      dayOfWeek: 0,
      startTime: '07:00',
      endTime: '08:00',
    });
    const enroll = async (
      name: string,
      values: { startDate?: string; endDate?: string; status?: 'active' | 'paused' | 'ended' } = {},
    ) =>
      f.enrollment(school, {
        studentId: (await f.student(school, { firstName: name })).id,
        classId: klass.id,
        scheduleId: tuesday.id,
        ...values,
      });
    await enroll('Active', { startDate: yesterday });
    await enroll('StartsToday', { startDate: today });
    await enroll('EndsToday', { endDate: today });
    await enroll('Future', { startDate: tomorrow });
    await enroll('Ended', { status: 'ended', endDate: yesterday });
    await enroll('Paused', { status: 'paused' });
    await enroll('Finished', { endDate: yesterday });

    const res = await app.request('GET', base(school), { token: viewer });

    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([sundayEarly.id, sundayLate.id, tuesday.id]);
    expect(res.body.data[2]).toEqual({
      id: tuesday.id,
      class_id: klass.id,
      instructor_id: iris.id,
      day_of_week: 2,
      start_time: '09:00',
      end_time: '10:00',
      location: 'Arena',
      max_students: 3,
      class: { id: klass.id, name: 'Group jumping', type: 'group', level: 'intermediate' },
      instructor: { id: iris.id, full_name: 'Iris Trainer' },
      enrolled_count: 3,
      available_spots: 0,
      ...stamps,
    });
    expect(res.body.data[1]).toMatchObject({
      class: { id: dressage.id, name: 'Dressage', type: 'individual', level: 'advanced' },
      instructor: { id: carl.id, full_name: 'Carl Coach' },
      enrolled_count: 0,
      available_spots: 1,
    });
  });

  it('filters by class_id, instructor_id and day_of_week', async () => {
    const { school, instructor, klass, iris, carl } = await setup();
    const dressage = await f.class(school, { name: 'Dressage' });
    const a = await f.schedule(school, { classId: klass.id, instructorId: iris.id, dayOfWeek: 1 });
    const b = await f.schedule(school, {
      classId: dressage.id,
      instructorId: iris.id,
      dayOfWeek: 3,
    });
    const c = await f.schedule(school, { classId: klass.id, instructorId: carl.id, dayOfWeek: 3 });
    const list = (query: string) =>
      app.request('GET', `${base(school)}?${query}`, { token: instructor });

    expect(ids(await list(`class_id=${klass.id}`))).toEqual([a.id, c.id]);
    expect(ids(await list(`instructor_id=${iris.id}`))).toEqual([a.id, b.id]);
    expect(ids(await list('day_of_week=3'))).toEqual([b.id, c.id]);
    expect(ids(await list(`day_of_week=3&instructor_id=${carl.id}&class_id=${klass.id}`))).toEqual([
      c.id,
    ]);
    expect(ids(await list('day_of_week=0'))).toEqual([]);
  });

  it.each(['class_id=abc', 'instructor_id=1', 'day_of_week=7', 'day_of_week=monday'])(
    'rejects the filter %s with 422',
    async (query) => {
      const { school, viewer } = await setup();
      const res = await app.request('GET', `${base(school)}?${query}`, { token: viewer });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([query.split('=')[0]]);
    },
  );

  it('answers 401 without a token and 403 to a stranger', async () => {
    const { school, stranger } = await setup();
    expect((await app.request('GET', base(school))).status).toBe(401);
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
  });

  it('runs the same number of statements for 2 and for 20 schedules with enrollments', async () => {
    const { school, viewer, klass, iris } = await setup();
    const student = await f.student(school);
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const schedule = await f.schedule(school, {
          classId: klass.id,
          instructorId: iris.id,
          dayOfWeek: i % 7,
          startTime: `${String(7 + Math.floor(i / 7)).padStart(2, '0')}:00`,
          endTime: `${String(7 + Math.floor(i / 7)).padStart(2, '0')}:50`,
        });
        await f.enrollment(school, {
          studentId: student.id,
          classId: klass.id,
          scheduleId: schedule.id,
        });
      }
    };
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', base(school), { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    await count();
    await add(0, 2);
    const two = await count();
    await add(2, 20);
    const twenty = await count();

    expect([two.rows, twenty.rows]).toEqual([2, 20]);
    expect(twenty.statements).toBe(two.statements);
  });
});

describe('GET /api/schools/{schoolId}/schedules/{scheduleId}', () => {
  it('returns one schedule', async () => {
    const { school, instructor, klass, iris } = await setup();
    const row = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 4,
      startTime: '16:15',
      endTime: '17:45',
    });

    const res = await app.request('GET', `${base(school)}/${row.id}`, { token: instructor });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: row.id,
      day_of_week: 4,
      start_time: '16:15',
      end_time: '17:45',
      instructor: { full_name: 'Iris Trainer' },
    });
  });

  it("answers 404 for another school's schedule and a malformed id, 401 without a token", async () => {
    const { school, other, owner } = await setup();
    const foreign = await f.schedule(other, {
      classId: (await f.class(other)).id,
      instructorId: (await f.instructor(other)).id,
    });

    for (const id of [foreign.id, 'xyz']) {
      const res = await app.request('GET', `${base(school)}/${id}`, { token: owner });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Schedule not found.' } });
    }
    expect((await app.request('GET', `${base(school)}/${foreign.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/schedules/{scheduleId}', () => {
  it('changes the given fields and returns the schedule', async () => {
    const { school, manager, klass, iris, carl } = await setup();
    const row = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '11:00',
      location: 'Old',
    });

    const res = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: manager,
      body: {
        instructor_id: carl.id,
        day_of_week: 5,
        end_time: '11:30',
        location: null,
        max_students: 2,
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: row.id,
      class_id: klass.id,
      instructor_id: carl.id,
      day_of_week: 5,
      start_time: '10:00',
      end_time: '11:30',
      location: null,
      max_students: 2,
      class: { id: klass.id, name: 'Group jumping', type: 'group', level: 'intermediate' },
      instructor: { id: carl.id, full_name: 'Carl Coach' },
      enrolled_count: 0,
      available_spots: 2,
      ...stamps,
    });
  });

  it('re-checks overlaps: moving into another class of the instructor is refused, moving within its own slot is not', async () => {
    const { school, owner, klass, iris, carl } = await setup();
    const morning = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '11:00',
    });
    const noon = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '12:00',
      endTime: '13:00',
    });
    const carls = await f.schedule(school, {
      classId: klass.id,
      instructorId: carl.id,
      dayOfWeek: 2,
      startTime: '10:30',
      endTime: '11:30',
    });
    const put = (id: string, body: Record<string, unknown>) =>
      app.request('PUT', `${base(school)}/${id}`, { token: owner, body });

    const longer = await put(morning.id, { end_time: '12:30' });
    expect(longer.status).toBe(422);
    expect(longer.body.errors).toEqual({
      instructor_id: ['The instructor already has a class on Monday from 12:00 to 13:00.'],
    });
    const toCarl = await put(carls.id, { instructor_id: iris.id, day_of_week: 1 });
    expect(toCarl.status).toBe(422);
    expect(Object.keys(toCarl.body.errors)).toEqual(['instructor_id']);

    expect((await put(morning.id, { start_time: '10:30', end_time: '12:00' })).status).toBe(200);
    expect((await put(noon.id, { location: 'Arena 2' })).status).toBe(200);
    const [unchanged] = await app.db.select().from(schedules).where(eq(schedules.id, carls.id));
    expect(unchanged).toMatchObject({ instructorId: carl.id, dayOfWeek: 2 });
  });

  it('checks the resulting times: an end before the start is refused (422 end_time)', async () => {
    const { school, owner, klass, iris } = await setup();
    const row = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      startTime: '10:00',
      endTime: '11:00',
    });

    const res = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { start_time: '11:00' },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      end_time: ['The end time field must be a time after start time.'],
    });
  });

  it('moves a schedule without enrollments to another class, not one with enrollments (422 class_id)', async () => {
    const { school, owner, klass, iris } = await setup();
    const dressage = await f.class(school, { name: 'Dressage' });
    const free = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
    });
    const taken = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 2,
    });
    await f.enrollment(school, {
      studentId: (await f.student(school)).id,
      classId: klass.id,
      scheduleId: taken.id,
      status: 'ended',
      endDate: '2026-02-01',
    });

    const moved = await app.request('PUT', `${base(school)}/${free.id}`, {
      token: owner,
      body: { class_id: dressage.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.class).toMatchObject({ id: dressage.id, name: 'Dressage' });

    const refused = await app.request('PUT', `${base(school)}/${taken.id}`, {
      token: owner,
      body: { class_id: dressage.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      class_id: ['The class id of a schedule with enrollments cannot be changed.'],
    });
    const same = await app.request('PUT', `${base(school)}/${taken.id}`, {
      token: owner,
      body: { class_id: klass.id, location: 'A' },
    });
    expect(same.status).toBe(200);
  });

  it("rejects another school's class or instructor (422), 404s a foreign or malformed schedule id, refuses viewers and instructors", async () => {
    const { school, other, owner, viewer, instructor, klass, iris } = await setup();
    const row = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    const theirClass = await f.class(other);
    const theirInstructor = await f.instructor(other);
    const foreign = await f.schedule(other, {
      classId: theirClass.id,
      instructorId: theirInstructor.id,
    });

    const cls = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { class_id: theirClass.id },
    });
    expect(cls.status).toBe(422);
    expect(cls.body.errors).toEqual({ class_id: ['The selected class id is invalid.'] });
    const ins = await app.request('PUT', `${base(school)}/${row.id}`, {
      token: owner,
      body: { instructor_id: theirInstructor.id },
    });
    expect(ins.status).toBe(422);
    expect(ins.body.errors).toEqual({ instructor_id: ['The selected instructor id is invalid.'] });
    // The path id is checked before the body's ids.
    for (const id of [foreign.id, 'nope']) {
      const res = await app.request('PUT', `${base(school)}/${id}`, {
        token: owner,
        body: { instructor_id: theirInstructor.id },
      });
      expect(res.status).toBe(404);
    }
    const invalid = await app.request('PUT', `${base(school)}/${foreign.id}`, {
      token: owner,
      body: { day_of_week: 9 },
    });
    expect(invalid.status).toBe(422);
    for (const token of [viewer, instructor]) {
      expect(
        (await app.request('PUT', `${base(school)}/${row.id}`, { token, body: { location: 'X' } }))
          .status,
      ).toBe(403);
    }
    expect(
      (await app.request('PUT', `${base(school)}/${row.id}`, { body: { location: 'X' } })).status,
    ).toBe(401);
    const [untouched] = await app.db.select().from(schedules).where(eq(schedules.id, row.id));
    expect(untouched).toMatchObject({ classId: klass.id, instructorId: iris.id, location: null });
  });
});

describe('DELETE /api/schools/{schoolId}/schedules/{scheduleId}', () => {
  it('deletes a schedule without enrollments', async () => {
    const { school, manager, klass, iris } = await setup();
    const row = await f.schedule(school, { classId: klass.id, instructorId: iris.id });

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: manager });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Schedule deleted.' });
    expect(await app.db.select().from(schedules)).toHaveLength(0);
  });

  it('keeps a schedule with enrollments, even ended ones (409)', async () => {
    const { school, owner, klass, iris } = await setup();
    const row = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    await f.enrollment(school, {
      studentId: (await f.student(school)).id,
      classId: klass.id,
      scheduleId: row.id,
      status: 'ended',
      endDate: '2026-03-01',
    });

    const res = await app.request('DELETE', `${base(school)}/${row.id}`, { token: owner });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    expect(await app.db.select().from(schedules)).toHaveLength(1);
  });

  it('answers 401, 403 to viewers and instructors, 404 for foreign and malformed ids', async () => {
    const { school, other, owner, viewer, instructor, klass, iris } = await setup();
    const row = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    const foreign = await f.schedule(other, {
      classId: (await f.class(other)).id,
      instructorId: (await f.instructor(other)).id,
    });

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
    expect(await app.db.select().from(schedules)).toHaveLength(2);
  });
});

describe('GET /api/schools/{schoolId}/schedules/weekly', () => {
  /**
   * Week 2026-W47: Monday 2026-11-16 .. Sunday 2026-11-22.
   * - Monday 10:00 jumping (3 places): Elena (from January, on Luna), Bruno (active until
   *   Tuesday 17th), Ana (from Wednesday 18th), Carla (paused), Dario (ended);
   * - Wednesday 08:00 dressage and Wednesday 09:00 jumping, empty;
   * - Friday 10:00 jumping: Ana (from the 18th), Bruno (until the 17th), Elena;
   * - Monday 12:00 of an inactive class: left out.
   */
  async function busyWeek() {
    const ctx = await setup();
    const { school, klass, iris, carl } = ctx;
    const dressage = await f.class(school, {
      name: 'Dressage',
      type: 'individual',
      level: 'advanced',
      maxStudents: 1,
    });
    const retired = await f.class(school, { name: 'Old class', status: 'inactive' });
    const luna = await f.horse(school, { name: 'Luna' });
    const monday = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '11:00',
      location: 'Arena',
      maxStudents: 3,
    });
    const wednesdayLate = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 3,
      startTime: '09:00',
      endTime: '10:00',
    });
    const wednesdayEarly = await f.schedule(school, {
      classId: dressage.id,
      instructorId: carl.id,
      dayOfWeek: 3,
      startTime: '08:00',
      endTime: '09:00',
      maxStudents: 1,
    });
    const friday = await f.schedule(school, {
      classId: klass.id,
      instructorId: carl.id,
      dayOfWeek: 5,
      startTime: '10:00',
      endTime: '11:00',
      maxStudents: 4,
    });
    await f.schedule(school, {
      classId: retired.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '12:00',
      endTime: '13:00',
    });
    const student = (firstName: string, lastName: string) =>
      f.student(school, { firstName, lastName });
    const [ana, bruno, carla, dario, elena] = await Promise.all([
      student('Ana', 'Abad'),
      student('Bruno', 'Bravo'),
      student('Carla', 'Cruz'),
      student('Dario', 'Díaz'),
      student('Elena', 'Esteban'),
    ]);
    const enroll = (scheduleId: string, studentId: string, values: Record<string, unknown> = {}) =>
      f.enrollment(school, { studentId, classId: klass.id, scheduleId, ...values });
    const e = {
      mondayElena: await enroll(monday.id, elena!.id, { horseId: luna.id }),
      mondayBruno: await enroll(monday.id, bruno!.id, { endDate: '2026-11-17' }),
      mondayAna: await enroll(monday.id, ana!.id, { startDate: '2026-11-18' }),
      mondayCarla: await enroll(monday.id, carla!.id, { status: 'paused' }),
      mondayDario: await enroll(monday.id, dario!.id, { status: 'ended', endDate: '2026-11-20' }),
      fridayAna: await enroll(friday.id, ana!.id, { startDate: '2026-11-18' }),
      fridayBruno: await enroll(friday.id, bruno!.id, { endDate: '2026-11-17' }),
      fridayElena: await enroll(friday.id, elena!.id),
    };
    return { ...ctx, dressage, luna, monday, wednesdayLate, wednesdayEarly, friday, e };
  }

  it("lays out the week's schedules with the students enrolled on each date", async () => {
    const {
      school,
      viewer,
      klass,
      dressage,
      iris,
      carl,
      luna,
      monday,
      wednesdayEarly,
      wednesdayLate,
      friday,
      e,
    } = await busyWeek();

    const res = await app.request('GET', `${base(school)}/weekly?week=2026-W47`, { token: viewer });

    expect(res.status).toBe(200);
    const jumping = { id: klass.id, name: 'Group jumping', type: 'group', level: 'intermediate' };
    const irisRef = { id: iris.id, full_name: 'Iris Trainer' };
    const carlRef = { id: carl.id, full_name: 'Carl Coach' };
    const seat = (
      enrollment: { id: string; studentId: string },
      fullName: string,
      horse: { id: string; name: string } | null = null,
    ) => ({
      enrollment_id: enrollment.id,
      student_id: enrollment.studentId,
      full_name: fullName,
      horse_id: horse?.id ?? null,
      horse_name: horse?.name ?? null,
    });
    const empty = (date: string, dayOfWeek: number) => ({
      date,
      day_of_week: dayOfWeek,
      schedules: [],
    });
    expect(res.body).toEqual({
      data: {
        week: '2026-W47',
        start_date: '2026-11-16',
        end_date: '2026-11-22',
        days: [
          {
            date: '2026-11-16',
            day_of_week: 1,
            schedules: [
              {
                id: monday.id,
                start_time: '10:00',
                end_time: '11:00',
                location: 'Arena',
                max_students: 3,
                class: jumping,
                instructor: irisRef,
                students: [
                  seat(e.mondayBruno, 'Bruno Bravo'),
                  seat(e.mondayElena, 'Elena Esteban', luna),
                ],
                enrolled_count: 2,
                available_spots: 1,
              },
            ],
          },
          empty('2026-11-17', 2),
          {
            date: '2026-11-18',
            day_of_week: 3,
            schedules: [
              {
                id: wednesdayEarly.id,
                start_time: '08:00',
                end_time: '09:00',
                location: null,
                max_students: 1,
                class: { id: dressage.id, name: 'Dressage', type: 'individual', level: 'advanced' },
                instructor: carlRef,
                students: [],
                enrolled_count: 0,
                available_spots: 1,
              },
              {
                id: wednesdayLate.id,
                start_time: '09:00',
                end_time: '10:00',
                location: null,
                max_students: 6,
                class: jumping,
                instructor: irisRef,
                students: [],
                enrolled_count: 0,
                available_spots: 6,
              },
            ],
          },
          empty('2026-11-19', 4),
          {
            date: '2026-11-20',
            day_of_week: 5,
            schedules: [
              {
                id: friday.id,
                start_time: '10:00',
                end_time: '11:00',
                location: null,
                max_students: 4,
                class: jumping,
                instructor: carlRef,
                students: [seat(e.fridayAna, 'Ana Abad'), seat(e.fridayElena, 'Elena Esteban')],
                enrolled_count: 2,
                available_spots: 2,
              },
            ],
          },
          empty('2026-11-21', 6),
          empty('2026-11-22', 0),
        ],
      },
    });

    // The next week, Ana rides on Monday too and Bruno is gone.
    const next = await app.request('GET', `${base(school)}/weekly?week=2026-W48`, {
      token: viewer,
    });
    expect(
      next.body.data.days[0].schedules[0].students.map((s: { full_name: string }) => s.full_name),
    ).toEqual(['Ana Abad', 'Elena Esteban']);
    expect(next.body.data.days[0].schedules[0].available_spots).toBe(1);
  });

  it("answers the web app's tRPC call with the same JSON as the REST route (issue 27: raw JSON)", async () => {
    const { school, viewer } = await busyWeek();
    const input = encodeURIComponent(JSON.stringify({ schoolId: school, week: '2026-W47' }));

    const rest = await app.request('GET', `${base(school)}/weekly?week=2026-W47`, {
      token: viewer,
    });
    const trpc = await app.request('GET', `/api/trpc/schedules.weekly?input=${input}`, {
      token: viewer,
    });

    expect(rest.status).toBe(200);
    expect(trpc.status).toBe(200);
    expect(
      rest.body.data.days.flatMap((day: { schedules: unknown[] }) => day.schedules),
    ).toHaveLength(4);
    expect(trpc.body.result.data).toEqual(rest.body);
    // PostgreSQL's text is spliced in as JSON.stringify would have written it: no spaces.
    expect(rest.text).toBe(JSON.stringify(rest.body));
  });

  it('takes a date for the week that contains it, and defaults to the current week in the school time zone', async () => {
    const { school, instructor } = await busyWeek();

    const byDate = await app.request('GET', `${base(school)}/weekly?week=2026-11-22`, {
      token: instructor,
    });
    expect(byDate.status).toBe(200);
    expect(byDate.body.data).toMatchObject({
      week: '2026-W47',
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });

    // Turn of the ISO year: Thursday 2027-01-01 belongs to 2026-W53.
    const turn = await app.request('GET', `${base(school)}/weekly?week=2027-01-01`, {
      token: instructor,
    });
    expect(turn.body.data).toMatchObject({
      week: '2026-W53',
      start_date: '2026-12-28',
      end_date: '2027-01-03',
    });

    const ctx = await setup('Pacific/Kiritimati');
    const current = await app.request('GET', `${base(ctx.school)}/weekly`, { token: ctx.viewer });
    const monday = startOfISOWeek(new TZDate(new Date(), 'Pacific/Kiritimati'));
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({
      week: format(monday, "RRRR-'W'II"),
      start_date: format(monday, 'yyyy-MM-dd'),
      end_date: format(addDays(monday, 6), 'yyyy-MM-dd'),
    });
  });

  it.each(['2025-W53', '2026-W54', '2026-47', '2026-02-30', 'next'])(
    'rejects week=%s with 422',
    async (week) => {
      const { school, viewer } = await setup();
      const res = await app.request('GET', `${base(school)}/weekly?week=${week}`, {
        token: viewer,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['week']);
    },
  );

  it('answers 401 without a token and 403 to a stranger', async () => {
    const { school, stranger } = await setup();
    expect((await app.request('GET', `${base(school)}/weekly`)).status).toBe(401);
    expect((await app.request('GET', `${base(school)}/weekly`, { token: stranger })).status).toBe(
      403,
    );
  });

  it('answers a kept week until its data changes, whichever table and path the change took', async () => {
    const { school, owner, viewer, klass, iris, luna, monday, e } = await busyWeek();
    const week = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}/weekly?week=2026-W47`, { token: viewer }),
      );
      expect(res.status).toBe(200);
      const mondayLessons = res.body.data.days[0].schedules;
      return { text: res.text, statements: counter.count, monday: mondayLessons };
    };
    const first = await week();
    const kept = await app.db
      .select({ version: weeklyTimetables.version })
      .from(weeklyTimetables)
      .where(eq(weeklyTimetables.schoolId, school));
    expect(kept).toHaveLength(1);
    // The kept week: the same answer.
    const again = await week();
    expect(again.text).toBe(first.text);

    // Through the API: a student renamed.
    const renamed = await app.request(
      'PUT',
      `/api/schools/${school}/students/${e.mondayElena.studentId}`,
      {
        token: owner,
        body: { first_name: 'Helena' },
      },
    );
    expect(renamed.status).toBe(200);
    const afterStudent = await week();
    // Held by the server, the week is its version's probe; built anew after a write, one
    // statement more.
    expect(afterStudent.statements).toBe(again.statements + 1);
    expect(afterStudent.monday[0].students.map((s: { full_name: string }) => s.full_name)).toEqual([
      'Bruno Bravo',
      'Helena Esteban',
    ]);

    // Straight in the database (an import, a seed): a horse, an instructor, a schedule, an
    // enrollment and a class, each seen on the next answer.
    await app.db.update(horses).set({ name: 'Lunita' }).where(eq(horses.id, luna.id));
    expect((await week()).monday[0].students[1].horse_name).toBe('Lunita');
    await app.db.update(instructors).set({ firstName: 'Irene' }).where(eq(instructors.id, iris.id));
    expect((await week()).monday[0].instructor.full_name).toBe('Irene Trainer');
    await app.db.update(schedules).set({ location: 'Indoor' }).where(eq(schedules.id, monday.id));
    expect((await week()).monday[0].location).toBe('Indoor');
    await app.db.delete(enrollments).where(eq(enrollments.id, e.mondayBruno.id));
    expect((await week()).monday[0].enrolled_count).toBe(1);
    await app.db.update(classes).set({ status: 'inactive' }).where(eq(classes.id, klass.id));
    expect((await week()).monday).toEqual([]);
  });

  it('runs the same number of statements for 2 and for 20 schedules with students', async () => {
    const { school, viewer, klass, iris } = await setup();
    const horse = await f.horse(school);
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const hour = String(7 + Math.floor(i / 7)).padStart(2, '0');
        const schedule = await f.schedule(school, {
          classId: klass.id,
          instructorId: iris.id,
          dayOfWeek: i % 7,
          startTime: `${hour}:00`,
          endTime: `${hour}:50`,
        });
        for (const name of ['A', 'B']) {
          await f.enrollment(school, {
            studentId: (await f.student(school, { firstName: `${name}${i}` })).id,
            classId: klass.id,
            scheduleId: schedule.id,
            horseId: horse.id,
          });
        }
      }
    };
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${base(school)}/weekly?week=2026-W47`, { token: viewer }),
      );
      expect(res.status).toBe(200);
      return {
        statements: counter.count,
        seats: res.body.data.days.flatMap((d: { schedules: { students: unknown[] }[] }) =>
          d.schedules.flatMap((s) => s.students),
        ).length,
      };
    };
    await count();
    await add(0, 2);
    const two = await count();
    await add(2, 20);
    const twenty = await count();

    expect([two.seats, twenty.seats]).toEqual([4, 40]);
    expect(twenty.statements).toBe(two.statements);
  });
});

describe('GET /api/schools/{schoolId}/schedules/{scheduleId}/horses', () => {
  /**
   * Monday 10:00–11:00 jumping, the lesson to enroll in. Canela rides Monday 10:30 Beginners
   * (busy); Luna rides Monday 11:00 back to back and Tuesday 10:00 (free, one class that
   * Monday); Trueno, at most one class a day, rides Monday 08:00 (free, over its workload)
   * and had an ended and a paused enrollment at 10:00; Brisa rests; another school's horse
   * rides the same slot there.
   */
  async function stable() {
    const ctx = await setup();
    const { school, other, klass, iris, carl } = ctx;
    const beginners = await f.class(school, { name: 'Beginners' });
    const lesson = await f.schedule(school, {
      classId: klass.id,
      instructorId: iris.id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '11:00',
    });
    const slot = (dayOfWeek: number, startTime: string, endTime: string) =>
      f.schedule(school, {
        classId: beginners.id,
        instructorId: carl.id,
        dayOfWeek,
        startTime,
        endTime,
      });
    const overlapping = await slot(1, '10:30', '11:30');
    const backToBack = await slot(1, '11:00', '12:00');
    const tuesday = await slot(2, '10:00', '11:00');
    const early = await slot(1, '08:00', '09:00');
    const horses = {
      canela: await f.horse(school, { name: 'Canela', level: 'beginner' }),
      luna: await f.horse(school, { name: 'Luna', level: 'advanced' }),
      trueno: await f.horse(school, { name: 'Trueno', level: 'all', maxDailyClasses: 1 }),
      brisa: await f.horse(school, { name: 'Brisa', status: 'resting' }),
    };
    const ride = async (
      scheduleId: string,
      horseId: string,
      values: { startDate?: string; endDate?: string; status?: 'paused' | 'ended' } = {},
    ) =>
      f.enrollment(school, {
        studentId: (await f.student(school)).id,
        classId: beginners.id,
        scheduleId,
        horseId,
        ...values,
      });
    await ride(overlapping.id, horses.canela.id);
    await ride(backToBack.id, horses.luna.id);
    await ride(tuesday.id, horses.luna.id);
    await ride(early.id, horses.trueno.id);
    await ride(overlapping.id, horses.trueno.id, { status: 'ended', endDate: '2026-02-01' });
    await ride(overlapping.id, horses.trueno.id, { status: 'paused' });
    const foreignClass = await f.class(other);
    const foreignInstructor = await f.instructor(other);
    const foreign = await f.schedule(other, {
      classId: foreignClass.id,
      instructorId: foreignInstructor.id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '11:00',
    });
    await f.enrollment(other, {
      studentId: (await f.student(other)).id,
      classId: foreignClass.id,
      scheduleId: foreign.id,
      horseId: (await f.horse(other, { name: 'Canela' })).id,
    });
    return { ...ctx, lesson, overlapping, foreign, horses };
  }

  const horsesOf = (school: string, schedule: string, query = '') =>
    `${base(school)}/${schedule}/horses${query}`;

  it('lists every horse with its availability for the lesson, as the enrollment checks it', async () => {
    const { school, viewer, owner, klass, lesson, overlapping, horses } = await stable();

    const res = await app.request('GET', horsesOf(school, lesson.id), { token: viewer });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: horses.brisa.id,
        name: 'Brisa',
        level: 'all',
        status: 'resting',
        max_daily_classes: 4,
        available: false,
        reason: 'not_active',
        busy: [],
        classes_that_day: 0,
        over_workload: false,
      },
      {
        id: horses.canela.id,
        name: 'Canela',
        level: 'beginner',
        status: 'active',
        max_daily_classes: 4,
        available: false,
        reason: 'busy',
        busy: [
          {
            schedule_id: overlapping.id,
            class_name: 'Beginners',
            start_time: '10:30',
            end_time: '11:30',
          },
        ],
        classes_that_day: 1,
        over_workload: false,
      },
      expect.objectContaining({
        name: 'Luna',
        available: true,
        reason: null,
        busy: [],
        classes_that_day: 1,
        over_workload: false,
      }),
      expect.objectContaining({
        name: 'Trueno',
        max_daily_classes: 1,
        available: true,
        reason: null,
        busy: [],
        classes_that_day: 1,
        over_workload: true,
      }),
    ]);

    // The enrollment itself refuses the busy horse and takes the free one.
    const enroll = async (horseId: string) =>
      app.request('POST', `/api/schools/${school}/enrollments`, {
        token: owner,
        body: {
          student_id: (await f.student(school)).id,
          class_id: klass.id,
          schedule_id: lesson.id,
          horse_id: horseId,
        },
      });
    expect((await enroll(horses.canela.id)).status).toBe(422);
    expect((await enroll(horses.luna.id)).status).toBe(201);
    const after = await app.request('GET', horsesOf(school, lesson.id), { token: viewer });
    expect(after.body.data[2]).toMatchObject({
      name: 'Luna',
      available: false,
      reason: 'busy',
      busy: [{ schedule_id: lesson.id, class_name: 'Group jumping', start_time: '10:00' }],
      classes_that_day: 2,
    });
  });

  it('checks the period asked: an enrollment that ends before it, or starts after it, does not hold the horse', async () => {
    const { school, instructor, lesson, overlapping, horses } = await stable();
    const lola = await f.horse(school, { name: 'Lola' });
    await f.enrollment(school, {
      studentId: (await f.student(school)).id,
      classId: overlapping.classId,
      scheduleId: overlapping.id,
      horseId: lola.id,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    const lolaIn = async (query: string) => {
      const res = await app.request('GET', horsesOf(school, lesson.id, query), {
        token: instructor,
      });
      expect(res.status).toBe(200);
      return res.body.data.find((h: { id: string }) => h.id === lola.id);
    };

    expect(await lolaIn('?start_date=2026-04-01')).toMatchObject({ available: true });
    expect(await lolaIn('?start_date=2026-01-01&end_date=2026-02-28')).toMatchObject({
      available: true,
    });
    expect(await lolaIn('?start_date=2026-01-01&end_date=2026-03-01')).toMatchObject({
      available: false,
      reason: 'busy',
    });
    expect(await lolaIn('?start_date=2026-03-31')).toMatchObject({ available: false });
    // Canela's enrollment (from 2026-01-01, no end) holds it whatever the period.
    const canela = await app.request('GET', horsesOf(school, lesson.id, '?start_date=2030-01-01'), {
      token: instructor,
    });
    expect(canela.body.data.find((h: { id: string }) => h.id === horses.canela.id)).toMatchObject({
      reason: 'busy',
    });
  });

  it('answers an empty list for a school without horses', async () => {
    const { school, viewer, klass, iris } = await setup();
    const lesson = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    const res = await app.request('GET', horsesOf(school, lesson.id), { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it.each([
    ['start_date', '?start_date=monday', 'The start date field must be a valid date (YYYY-MM-DD).'],
    [
      'end_date',
      '?start_date=2026-05-01&end_date=2026-04-30',
      'The end date field must be a date after or equal to start date.',
    ],
    [
      'end_date',
      '?end_date=0000-01-01',
      'The end date field must be a date between 1900-01-01 and 2999-12-31.',
    ],
  ])('rejects an invalid %s with 422', async (field, query, message) => {
    const { school, viewer, klass, iris } = await setup();
    const lesson = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    const res = await app.request('GET', horsesOf(school, lesson.id, query), { token: viewer });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
  });

  it("answers 401 without a token, 403 to a stranger, 404 for another school's, an unknown and a malformed schedule", async () => {
    const { school, owner, stranger, lesson, foreign } = await stable();

    expect((await app.request('GET', horsesOf(school, lesson.id))).status).toBe(401);
    const refused = await app.request('GET', horsesOf(school, lesson.id), { token: stranger });
    expect(refused.status).toBe(403);
    for (const id of [foreign.id, '6f0c3c1e-0000-4000-8000-000000000000', 'xyz']) {
      const res = await app.request('GET', horsesOf(school, id), { token: owner });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Schedule not found.' } });
    }
  });

  it('runs the same number of statements for 2 and for 20 horses with enrollments', async () => {
    const { school, viewer, klass, iris } = await setup();
    const lesson = await f.schedule(school, { classId: klass.id, instructorId: iris.id });
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const horse = await f.horse(school, { name: `Horse ${i}` });
        await f.enrollment(school, {
          studentId: (await f.student(school)).id,
          classId: klass.id,
          scheduleId: lesson.id,
          horseId: horse.id,
        });
      }
    };
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', horsesOf(school, lesson.id), { token: viewer }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    await count();
    await add(0, 2);
    const two = await count();
    await add(2, 20);
    const twenty = await count();

    expect([two.rows, twenty.rows]).toEqual([2, 20]);
    expect(twenty.statements).toBe(two.statements);
  });
});
