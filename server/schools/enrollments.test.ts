import { addDays, format, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { enrollments } from '@/db/schema';
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

/** A date `offset` days from today in a time zone. */
const day = (offset: number, timezone = 'UTC') =>
  format(addDays(parseISO(todayIn(timezone)), offset), 'yyyy-MM-dd');

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

/** A school with one student, instructor, class (6 places, Monday 10:00-11:00 schedule) and horse. */
async function setup(timezone = 'UTC') {
  const schoolId = await app.createSchool({ timezone, members: { ...MEMBERS } });
  const student = await f.student(schoolId, { firstName: 'Ana', lastName: 'García' });
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId, { name: 'Group jumping' });
  const schedule = await f.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
    dayOfWeek: 1,
    startTime: '10:00',
    endTime: '11:00',
    maxStudents: 6,
  });
  const horse = await f.horse(schoolId, { name: 'Canela' });
  const token = await app.tokenFor('owner@a.test');
  const base = `/api/schools/${schoolId}/enrollments`;
  return { schoolId, student, instructor, klass, schedule, horse, token, base };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The body of a valid enrollment of the setup's student in its schedule. */
const bodyFor = (s: Setup, extra: Record<string, unknown> = {}) => ({
  student_id: s.student.id,
  class_id: s.klass.id,
  schedule_id: s.schedule.id,
  ...extra,
});

/** Another school with records of its own, for cross-tenant checks. */
async function otherSchool() {
  const schoolId = await app.createSchool({ name: 'Other', members: { 'other@b.test': 'owner' } });
  const student = await f.student(schoolId);
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId);
  const schedule = await f.schedule(schoolId, { classId: klass.id, instructorId: instructor.id });
  const horse = await f.horse(schoolId);
  const enrollment = await f.enrollment(schoolId, {
    studentId: student.id,
    classId: klass.id,
    scheduleId: schedule.id,
  });
  return { schoolId, student, klass, schedule, horse, enrollment };
}

function expect422(res: { status: number; body: any }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [expect.any(String)] }),
  });
}

describe('POST /api/schools/{schoolId}/enrollments', () => {
  it('creates an enrollment with defaults (start today in the school time zone, active, no horse)', async () => {
    const s = await setup('Pacific/Auckland');

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { unknown_field: 'ignored' }),
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        student_id: s.student.id,
        class_id: s.klass.id,
        schedule_id: s.schedule.id,
        horse_id: null,
        start_date: todayIn('Pacific/Auckland'),
        end_date: null,
        status: 'active',
        notes: null,
        is_active: true,
        student: { id: s.student.id, full_name: 'Ana García' },
        class: { id: s.klass.id, name: 'Group jumping' },
        schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
        horse: null,
        ...stamps,
      },
    });
    const [row] = await app.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, res.body.data.id));
    expect(row).toMatchObject({
      schoolId: s.schoolId,
      status: 'active',
      startDate: todayIn('Pacific/Auckland'),
    });
  });

  it('creates one with every field given, and a future start is not active yet', async () => {
    const s = await setup();
    const manager = await app.tokenFor('manager@a.test');

    const res = await app.request('POST', s.base, {
      token: manager,
      body: bodyFor(s, {
        horse_id: s.horse.id,
        start_date: day(3),
        end_date: day(60),
        status: 'active',
        notes: 'Brings own helmet',
      }),
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(UUID),
      student_id: s.student.id,
      class_id: s.klass.id,
      schedule_id: s.schedule.id,
      horse_id: s.horse.id,
      start_date: day(3),
      end_date: day(60),
      status: 'active',
      notes: 'Brings own helmet',
      is_active: false,
      student: { id: s.student.id, full_name: 'Ana García' },
      class: { id: s.klass.id, name: 'Group jumping' },
      schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
      horse: { id: s.horse.id, name: 'Canela' },
      ...stamps,
    });
  });

  it('creates an ended enrollment with end date today when none is given', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { start_date: day(-30), status: 'ended' }),
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'ended',
      start_date: day(-30),
      end_date: day(0),
      is_active: false,
    });
  });

  it('answers 401 without a token', async () => {
    const s = await setup();
    const res = await app.request('POST', s.base, { body: bodyFor(s) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it.each(['viewer', 'instructor'])('refuses a %s with 403', async (role) => {
    const s = await setup();
    const res = await app.request('POST', s.base, {
      token: await app.tokenFor(`${role}@a.test`),
      body: bodyFor(s),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(await app.db.select().from(enrollments)).toHaveLength(0);
  });

  it('refuses a non-member with 403 before validating the body', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    const res = await app.request('POST', s.base, {
      token: await app.tokenFor('stranger@c.test'),
      body: {},
    });
    expect(res.status).toBe(403);
  });

  it('requires student_id, class_id and schedule_id', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, { token: s.token, body: {} });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The student id field is required. (and 2 more errors)',
      errors: {
        student_id: ['The student id field is required.'],
        class_id: ['The class id field is required.'],
        schedule_id: ['The schedule id field is required.'],
      },
    });
  });

  it.each([
    ['student_id', { student_id: 'nope' }],
    ['horse_id', { horse_id: 'not-a-uuid' }],
    ['start_date', { start_date: '2026-02-30' }],
    ['end_date', { end_date: '21/11/2026' }],
    ['status', { status: 'frozen' }],
    ['notes', { notes: 'x'.repeat(5001) }],
  ])('validates %s', async (field, extra) => {
    const s = await setup();
    expect422(
      await app.request('POST', s.base, { token: s.token, body: bodyFor(s, extra) }),
      field,
    );
  });

  it('refuses an end date before the start date', async () => {
    const s = await setup();
    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { start_date: '2026-03-10', end_date: '2026-03-09' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      end_date: ['The end date field must be a date after or equal to start date.'],
    });
  });

  it.each(['student_id', 'class_id', 'schedule_id', 'horse_id'] as const)(
    "refuses another school's %s with 422",
    async (field) => {
      const s = await setup();
      const other = await otherSchool();
      const foreign = {
        student_id: other.student.id,
        class_id: other.klass.id,
        schedule_id: other.schedule.id,
        horse_id: other.horse.id,
      }[field];

      const res = await app.request('POST', s.base, {
        token: s.token,
        body: bodyFor(s, { horse_id: s.horse.id, [field]: foreign }),
      });

      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        [field]: [`The selected ${field.replace('_', ' ')} is invalid.`],
      });
      expect(
        await app.db.select().from(enrollments).where(eq(enrollments.schoolId, s.schoolId)),
      ).toHaveLength(0);
    },
  );

  it('refuses a student who is not active', async () => {
    const s = await setup();
    const inactive = await f.student(s.schoolId, { firstName: 'Old', status: 'inactive' });

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { student_id: inactive.id }),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ student_id: ['The selected student is not active.'] });
  });

  it('refuses a schedule of another class', async () => {
    const s = await setup();
    const dressage = await f.class(s.schoolId, { name: 'Dressage' });

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { class_id: dressage.id }),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      schedule_id: ['The selected schedule is not a schedule of the selected class.'],
    });
  });

  it('refuses a full schedule; paused, ended and finished enrollments leave their place free', async () => {
    const s = await setup();
    const small = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 3,
      maxStudents: 2,
    });
    const enroll = async (
      status: 'active' | 'paused' | 'ended',
      values: { startDate?: string; endDate?: string } = {},
    ) => {
      const student = await f.student(s.schoolId, { firstName: `S-${status}` });
      return f.enrollment(s.schoolId, {
        studentId: student.id,
        classId: s.klass.id,
        scheduleId: small.id,
        status,
        ...values,
      });
    };
    await enroll('active');
    await enroll('paused');
    await enroll('ended', { startDate: day(-90), endDate: day(-10) });
    await enroll('active', { startDate: day(-90), endDate: day(-1) }); // ran out yesterday
    const body = bodyFor(s, { schedule_id: small.id });

    const first = await app.request('POST', s.base, { token: s.token, body });
    expect(first.status).toBe(201);

    const another = await f.student(s.schoolId, { firstName: 'Late' });
    const full = await app.request('POST', s.base, {
      token: s.token,
      body: { ...body, student_id: another.id },
    });
    expect(full.status).toBe(422);
    expect(full.body).toEqual({
      message: 'The schedule is full (2 places).',
      errors: { schedule_id: ['The schedule is full (2 places).'] },
    });

    // A place that frees before the new enrollment starts is free for it.
    const later = await app.request('POST', s.base, {
      token: s.token,
      body: { ...body, student_id: another.id, start_date: day(30) },
    });
    expect(later.status).toBe(422);
    await app.db
      .update(enrollments)
      .set({ endDate: day(20) })
      .where(and(eq(enrollments.scheduleId, small.id), eq(enrollments.studentId, s.student.id)));
    const afterIt = await app.request('POST', s.base, {
      token: s.token,
      body: { ...body, student_id: another.id, start_date: day(30) },
    });
    expect(afterIt.status).toBe(201);
  });

  it('refuses a horse that is not active', async () => {
    const s = await setup();
    const resting = await f.horse(s.schoolId, { name: 'Sleepy', status: 'resting' });

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { horse_id: resting.id }),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ horse_id: ['The selected horse is not active.'] });
  });

  it('refuses a horse already assigned in an overlapping schedule that day, but not back-to-back or on another day', async () => {
    const s = await setup();
    const rider = await f.student(s.schoolId, { firstName: 'Rider' });
    await f.enrollment(s.schoolId, {
      studentId: rider.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      horseId: s.horse.id,
      startDate: day(-10),
    });
    const slot = (dayOfWeek: number, startTime: string, endTime: string) =>
      f.schedule(s.schoolId, {
        classId: s.klass.id,
        instructorId: s.instructor.id,
        dayOfWeek,
        startTime,
        endTime,
      });
    const overlapping = await slot(1, '10:30', '11:30');
    const backToBack = await slot(1, '11:00', '12:00');
    const before = await slot(1, '09:00', '10:00');
    const otherDay = await slot(2, '10:00', '11:00');
    const enrollIn = (scheduleId: string) =>
      app.request('POST', s.base, {
        token: s.token,
        body: bodyFor(s, { schedule_id: scheduleId, horse_id: s.horse.id }),
      });

    const sameSlot = await enrollIn(s.schedule.id);
    expect(sameSlot.status).toBe(422);
    expect(sameSlot.body.errors).toEqual({
      horse_id: ['The horse is already assigned to an overlapping schedule that day.'],
    });
    expect422(await enrollIn(overlapping.id), 'horse_id');

    expect((await enrollIn(backToBack.id)).status).toBe(201);
    expect((await enrollIn(before.id)).status).toBe(201);
    expect((await enrollIn(otherDay.id)).status).toBe(201);
  });

  it('lets a horse whose other enrollment is paused or over be assigned', async () => {
    const s = await setup();
    const a = await f.student(s.schoolId, { firstName: 'A' });
    const b = await f.student(s.schoolId, { firstName: 'B' });
    await f.enrollment(s.schoolId, {
      studentId: a.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      horseId: s.horse.id,
      status: 'paused',
    });
    await f.enrollment(s.schoolId, {
      studentId: b.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      horseId: s.horse.id,
      startDate: day(-60),
      endDate: day(-1),
    });

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: bodyFor(s, { horse_id: s.horse.id }),
    });

    expect(res.status).toBe(201);
  });

  it('refuses a second open enrollment of a student in one schedule, and allows one after it ended', async () => {
    const s = await setup();
    const first = await app.request('POST', s.base, { token: s.token, body: bodyFor(s) });
    expect(first.status).toBe(201);

    const again = await app.request('POST', s.base, { token: s.token, body: bodyFor(s) });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      student_id: ['The student already has an open enrollment in this schedule.'],
    });

    await app.request('PUT', `${s.base}/${first.body.data.id}`, {
      token: s.token,
      body: { status: 'paused' },
    });
    expect422(
      await app.request('POST', s.base, { token: s.token, body: bodyFor(s) }),
      'student_id',
    );

    expect(
      (await app.request('DELETE', `${s.base}/${first.body.data.id}`, { token: s.token })).status,
    ).toBe(200);
    expect((await app.request('POST', s.base, { token: s.token, body: bodyFor(s) })).status).toBe(
      201,
    );
  });
});

describe('GET /api/schools/{schoolId}/enrollments', () => {
  it('lists enrollments by start date, newest first, then id, with every field', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
    const older = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      startDate: '2026-01-10',
      horseId: s.horse.id,
    });
    const newer = await f.enrollment(s.schoolId, {
      studentId: bruno.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      status: 'ended',
      notes: 'Moved away',
    });
    const other = await otherSchool();

    const res = await app.request('GET', s.base, { token: await app.tokenFor('viewer@a.test') });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: newer.id,
          student_id: bruno.id,
          class_id: s.klass.id,
          schedule_id: s.schedule.id,
          horse_id: null,
          start_date: '2026-03-01',
          end_date: '2026-06-30',
          status: 'ended',
          notes: 'Moved away',
          is_active: false,
          student: { id: bruno.id, full_name: 'Bruno Díaz' },
          class: { id: s.klass.id, name: 'Group jumping' },
          schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
          horse: null,
          ...stamps,
        },
        {
          id: older.id,
          student_id: s.student.id,
          class_id: s.klass.id,
          schedule_id: s.schedule.id,
          horse_id: s.horse.id,
          start_date: '2026-01-10',
          end_date: null,
          status: 'active',
          notes: null,
          is_active: true,
          student: { id: s.student.id, full_name: 'Ana García' },
          class: { id: s.klass.id, name: 'Group jumping' },
          schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
          horse: { id: s.horse.id, name: 'Canela' },
          ...stamps,
        },
      ],
    });
    expect(res.body.data.map((e: { id: string }) => e.id)).not.toContain(other.enrollment.id);
  });

  it('orders enrollments starting the same day by id', async () => {
    const s = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const student = await f.student(s.schoolId, { firstName: `S${i}` });
      ids.push(
        (
          await f.enrollment(s.schoolId, {
            studentId: student.id,
            classId: s.klass.id,
            scheduleId: s.schedule.id,
            startDate: '2026-02-01',
          })
        ).id,
      );
    }
    const res = await app.request('GET', s.base, { token: s.token });
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([...ids].sort());
  });

  it('filters by student_id, class_id, schedule_id and status', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const dressage = await f.class(s.schoolId, { name: 'Dressage' });
    const dressageSlot = await f.schedule(s.schoolId, {
      classId: dressage.id,
      instructorId: s.instructor.id,
      dayOfWeek: 4,
    });
    const anaJumping = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
    });
    const brunoJumping = await f.enrollment(s.schoolId, {
      studentId: bruno.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      status: 'paused',
    });
    const anaDressage = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: dressage.id,
      scheduleId: dressageSlot.id,
    });
    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status).toBe(200);
      return res.body.data.map((e: { id: string }) => e.id).sort();
    };

    expect(await ids(`student_id=${s.student.id}`)).toEqual([anaJumping.id, anaDressage.id].sort());
    expect(await ids(`class_id=${dressage.id}`)).toEqual([anaDressage.id]);
    expect(await ids(`schedule_id=${s.schedule.id}`)).toEqual(
      [anaJumping.id, brunoJumping.id].sort(),
    );
    expect(await ids('status=paused')).toEqual([brunoJumping.id]);
    expect(await ids(`student_id=${s.student.id}&class_id=${s.klass.id}&per_page=5`)).toEqual([
      anaJumping.id,
    ]);
    expect422(await app.request('GET', `${s.base}?status=frozen`, { token: s.token }), 'status');
    expect422(
      await app.request('GET', `${s.base}?student_id=nope`, { token: s.token }),
      'student_id',
    );
  });

  it('runs the same number of statements for 2 and 20 enrollments', async () => {
    const s = await setup();
    const countFor = async (n: number) => {
      const existing = (
        await app.db.select().from(enrollments).where(eq(enrollments.schoolId, s.schoolId))
      ).length;
      for (let i = existing; i < n; i++) {
        const student = await f.student(s.schoolId, { firstName: `S${i}` });
        const horse = await f.horse(s.schoolId, { name: `H${i}` });
        await f.enrollment(s.schoolId, {
          studentId: student.id,
          classId: s.klass.id,
          scheduleId: s.schedule.id,
          horseId: horse.id,
        });
      }
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', s.base, { token: s.token }),
      );
      expect(res.body.data).toHaveLength(n);
      return counter.count;
    };
    await app.request('GET', s.base, { token: s.token }); // the first request signs the owner in
    const small = await countFor(2);
    const large = await countFor(20);
    expect(large).toBe(small);
  });

  it('answers 401 without a token and 403 to a non-member', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    expect((await app.request('GET', s.base)).status).toBe(401);
    expect(
      (await app.request('GET', s.base, { token: await app.tokenFor('stranger@c.test') })).status,
    ).toBe(403);
  });
});

describe('GET /api/schools/{schoolId}/enrollments/{enrollmentId}', () => {
  it('returns one enrollment to any member', async () => {
    const s = await setup();
    const row = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      horseId: s.horse.id,
      startDate: '2026-02-02',
    });

    const res = await app.request('GET', `${s.base}/${row.id}`, {
      token: await app.tokenFor('instructor@a.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: row.id,
        student_id: s.student.id,
        class_id: s.klass.id,
        schedule_id: s.schedule.id,
        horse_id: s.horse.id,
        start_date: '2026-02-02',
        end_date: null,
        status: 'active',
        notes: null,
        is_active: true,
        student: { id: s.student.id, full_name: 'Ana García' },
        class: { id: s.klass.id, name: 'Group jumping' },
        schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
        horse: { id: s.horse.id, name: 'Canela' },
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
  });

  it("answers 404 for another school's enrollment and a malformed id, 401 without a token", async () => {
    const s = await setup();
    const other = await otherSchool();
    const foreign = await app.request('GET', `${s.base}/${other.enrollment.id}`, {
      token: s.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Enrollment not found.' },
    });
    expect((await app.request('GET', `${s.base}/nope`, { token: s.token })).status).toBe(404);
    expect((await app.request('GET', `${s.base}/${other.enrollment.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/enrollments/{enrollmentId}', () => {
  async function withEnrollment(extra: Partial<typeof enrollments.$inferInsert> = {}) {
    const s = await setup();
    const row = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      startDate: day(-30),
      ...extra,
    });
    return { ...s, row, url: `${s.base}/${row.id}` };
  }

  it('changes horse, dates and notes and returns the full record', async () => {
    const s = await withEnrollment();

    const res = await app.request('PUT', s.url, {
      token: await app.tokenFor('manager@a.test'),
      body: {
        horse_id: s.horse.id,
        start_date: day(-20),
        end_date: day(100),
        notes: 'Needs a calm horse',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: s.row.id,
        student_id: s.student.id,
        class_id: s.klass.id,
        schedule_id: s.schedule.id,
        horse_id: s.horse.id,
        start_date: day(-20),
        end_date: day(100),
        status: 'active',
        notes: 'Needs a calm horse',
        is_active: true,
        student: { id: s.student.id, full_name: 'Ana García' },
        class: { id: s.klass.id, name: 'Group jumping' },
        schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
        horse: { id: s.horse.id, name: 'Canela' },
        created_at: s.row.createdAt.toISOString(),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });

    const cleared = await app.request('PUT', s.url, {
      token: s.token,
      body: { horse_id: null, end_date: null, notes: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      horse_id: null,
      horse: null,
      end_date: null,
      notes: null,
      start_date: day(-20),
    });
  });

  it('pauses and reactivates; reactivating re-checks the free place', async () => {
    const s = await withEnrollment();
    const paused = await app.request('PUT', s.url, { token: s.token, body: { status: 'paused' } });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', is_active: false, end_date: null });

    const back = await app.request('PUT', s.url, { token: s.token, body: { status: 'active' } });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'active', is_active: true });

    await app.request('PUT', s.url, { token: s.token, body: { status: 'paused' } });
    for (let i = 0; i < 6; i++) {
      const other = await f.student(s.schoolId, { firstName: `Other${i}` });
      await f.enrollment(s.schoolId, {
        studentId: other.id,
        classId: s.klass.id,
        scheduleId: s.schedule.id,
      });
    }
    const full = await app.request('PUT', s.url, { token: s.token, body: { status: 'active' } });
    expect(full.status).toBe(422);
    expect(full.body.errors).toEqual({ schedule_id: ['The schedule is full (6 places).'] });
    const [row] = await app.db.select().from(enrollments).where(eq(enrollments.id, s.row.id));
    expect(row!.status).toBe('paused');

    // Editing notes of a paused enrollment in a full schedule needs no place.
    expect(
      (await app.request('PUT', s.url, { token: s.token, body: { notes: 'waiting list' } })).status,
    ).toBe(200);
  });

  it('re-checks the horse when reactivating and when the horse changes', async () => {
    const s = await withEnrollment({ horseId: null });
    const other = await f.student(s.schoolId, { firstName: 'Other' });
    const overlapping = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 1,
      startTime: '10:45',
      endTime: '11:45',
    });
    const theirs = await f.enrollment(s.schoolId, {
      studentId: other.id,
      classId: s.klass.id,
      scheduleId: overlapping.id,
      horseId: s.horse.id,
    });

    const change = await app.request('PUT', s.url, {
      token: s.token,
      body: { horse_id: s.horse.id },
    });
    expect(change.status).toBe(422);
    expect(change.body.errors).toEqual({
      horse_id: ['The horse is already assigned to an overlapping schedule that day.'],
    });

    // Paused, the enrollment may keep the horse; it needs it free again to come back.
    await app.request('PUT', s.url, { token: s.token, body: { status: 'paused' } });
    expect(
      (await app.request('PUT', s.url, { token: s.token, body: { horse_id: s.horse.id } })).status,
    ).toBe(200);
    expect422(
      await app.request('PUT', s.url, { token: s.token, body: { status: 'active' } }),
      'horse_id',
    );

    await app.request('PUT', `${s.base}/${theirs.id}`, {
      token: s.token,
      body: { horse_id: null },
    });
    const back = await app.request('PUT', s.url, { token: s.token, body: { status: 'active' } });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'active', horse_id: s.horse.id });

    const injured = await f.horse(s.schoolId, { name: 'Limp', status: 'injured' });
    const bad = await app.request('PUT', s.url, { token: s.token, body: { horse_id: injured.id } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ horse_id: ['The selected horse is not active.'] });
  });

  it('ends an enrollment with end date today; an ended one is not reopened (409)', async () => {
    const s = await withEnrollment({ endDate: day(200) });

    const ended = await app.request('PUT', s.url, { token: s.token, body: { status: 'ended' } });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', end_date: day(0), is_active: false });

    const reopen = await app.request('PUT', s.url, { token: s.token, body: { status: 'active' } });
    expect(reopen.status).toBe(409);
    expect(reopen.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'An ended enrollment cannot be reopened; create a new enrollment.',
      },
    });
    expect(
      (await app.request('PUT', s.url, { token: s.token, body: { status: 'paused' } })).status,
    ).toBe(409);

    const notes = await app.request('PUT', s.url, {
      token: s.token,
      body: { notes: 'Left in November' },
    });
    expect(notes.status).toBe(200);
    expect(notes.body.data).toMatchObject({
      status: 'ended',
      end_date: day(0),
      notes: 'Left in November',
    });
  });

  it('ends a paused enrollment on the end date given', async () => {
    const s = await withEnrollment({ status: 'paused' });
    const res = await app.request('PUT', s.url, {
      token: s.token,
      body: { status: 'ended', end_date: day(-5) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ended', end_date: day(-5) });
  });

  it('refuses to change student, class or schedule, and accepts the same values', async () => {
    const s = await withEnrollment();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const dressage = await f.class(s.schoolId, { name: 'Dressage' });
    const slot = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 5,
    });

    const res = await app.request('PUT', s.url, {
      token: s.token,
      body: { student_id: bruno.id, class_id: dressage.id, schedule_id: slot.id },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      student_id: ['The student id cannot be changed; end this enrollment and create a new one.'],
      class_id: ['The class id cannot be changed; end this enrollment and create a new one.'],
      schedule_id: ['The schedule id cannot be changed; end this enrollment and create a new one.'],
    });
    const same = await app.request('PUT', s.url, {
      token: s.token,
      body: {
        student_id: s.student.id,
        class_id: s.klass.id,
        schedule_id: s.schedule.id,
        notes: 'ok',
      },
    });
    expect(same.status).toBe(200);
  });

  it('validates dates and fields', async () => {
    const s = await withEnrollment();
    const before = await app.request('PUT', s.url, {
      token: s.token,
      body: { end_date: day(-31) },
    });
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual({
      end_date: ['The end date field must be a date after or equal to start date.'],
    });
    await app.request('PUT', s.url, { token: s.token, body: { end_date: day(10) } });
    expect422(
      await app.request('PUT', s.url, { token: s.token, body: { start_date: day(11) } }),
      'start_date',
    );
    expect422(
      await app.request('PUT', s.url, { token: s.token, body: { status: 'done' } }),
      'status',
    );
    expect422(
      await app.request('PUT', s.url, { token: s.token, body: { horse_id: 12 } }),
      'horse_id',
    );
  });

  it("refuses another school's horse with 422 and answers 404 for another school's enrollment", async () => {
    const s = await withEnrollment();
    const other = await otherSchool();

    const horse = await app.request('PUT', s.url, {
      token: s.token,
      body: { horse_id: other.horse.id },
    });
    expect(horse.status).toBe(422);
    expect(horse.body.errors).toEqual({ horse_id: ['The selected horse id is invalid.'] });

    const foreign = await app.request('PUT', `${s.base}/${other.enrollment.id}`, {
      token: s.token,
      body: { notes: 'x' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await app.request('PUT', `${s.base}/nope`, { token: s.token, body: { notes: 'x' } })).status,
    ).toBe(404);
    const [untouched] = await app.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, other.enrollment.id));
    expect(untouched!.notes).toBeNull();
  });

  it('answers 401 without a token and 403 to a viewer or an instructor', async () => {
    const s = await withEnrollment();
    expect((await app.request('PUT', s.url, { body: { notes: 'x' } })).status).toBe(401);
    for (const role of ['viewer', 'instructor']) {
      const res = await app.request('PUT', s.url, {
        token: await app.tokenFor(`${role}@a.test`),
        body: { notes: 'x' },
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('DELETE /api/schools/{schoolId}/enrollments/{enrollmentId}', () => {
  it('ends the enrollment today and keeps it', async () => {
    const s = await setup('America/Argentina/Buenos_Aires');
    const row = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      horseId: s.horse.id,
      startDate: '2026-01-05',
    });

    const res = await app.request('DELETE', `${s.base}/${row.id}`, { token: s.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Enrollment ended.',
      data: {
        id: row.id,
        student_id: s.student.id,
        class_id: s.klass.id,
        schedule_id: s.schedule.id,
        horse_id: s.horse.id,
        start_date: '2026-01-05',
        end_date: todayIn('America/Argentina/Buenos_Aires'),
        status: 'ended',
        notes: null,
        is_active: false,
        student: { id: s.student.id, full_name: 'Ana García' },
        class: { id: s.klass.id, name: 'Group jumping' },
        schedule: { id: s.schedule.id, day_of_week: 1, start_time: '10:00', end_time: '11:00' },
        horse: { id: s.horse.id, name: 'Canela' },
        created_at: row.createdAt.toISOString(),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    const kept = await app.request('GET', `${s.base}/${row.id}`, { token: s.token });
    expect(kept.status).toBe(200);
    expect(kept.body.data.status).toBe('ended');

    const twice = await app.request('DELETE', `${s.base}/${row.id}`, { token: s.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      error: { code: 'CONFLICT', message: 'The enrollment has already ended.' },
    });
  });

  it('ends an enrollment that has not started on its start date, and one already run out on its end date', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const future = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      startDate: day(10),
    });
    const over = await f.enrollment(s.schoolId, {
      studentId: bruno.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
      startDate: day(-40),
      endDate: day(-3),
    });

    const a = await app.request('DELETE', `${s.base}/${future.id}`, { token: s.token });
    const b = await app.request('DELETE', `${s.base}/${over.id}`, { token: s.token });

    expect(a.body.data).toMatchObject({ status: 'ended', start_date: day(10), end_date: day(10) });
    expect(b.body.data).toMatchObject({ status: 'ended', end_date: day(-3) });
  });

  it("answers 404 for another school's enrollment and a malformed id, 403 to a viewer or an instructor, 401 without a token", async () => {
    const s = await setup();
    const other = await otherSchool();
    const row = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: s.klass.id,
      scheduleId: s.schedule.id,
    });

    expect(
      (await app.request('DELETE', `${s.base}/${other.enrollment.id}`, { token: s.token })).status,
    ).toBe(404);
    expect((await app.request('DELETE', `${s.base}/nope`, { token: s.token })).status).toBe(404);
    for (const role of ['viewer', 'instructor']) {
      expect(
        (
          await app.request('DELETE', `${s.base}/${row.id}`, {
            token: await app.tokenFor(`${role}@a.test`),
          })
        ).status,
      ).toBe(403);
    }
    expect((await app.request('DELETE', `${s.base}/${row.id}`)).status).toBe(401);
    const [untouched] = await app.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, other.enrollment.id));
    expect(untouched!.status).toBe('active');
  });
});
