import { addDays, format, parseISO, subDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { attendance, classes, enrollments, students } from '@/db/schema';
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

/** The latest date on weekday `dow` (0 = Sunday) on or before today in a time zone, `weeksBack` weeks earlier. */
function lastWeekday(dow: number, timezone = 'UTC', weeksBack = 0): string {
  const today = parseISO(todayIn(timezone));
  const back = ((today.getDay() - dow + 7) % 7) + 7 * weeksBack;
  return format(subDays(today, back), 'yyyy-MM-dd');
}

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/** A school whose Monday class has Ana, Bruno and Carla enrolled, and a horse. */
async function setup(timezone = 'UTC') {
  const schoolId = await app.createSchool({
    timezone,
    members: {
      'owner@a.test': 'owner',
      'instructor@a.test': 'instructor',
      'viewer@a.test': 'viewer',
      'manager@a.test': 'manager',
    },
  });
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId, { name: 'Jumping' });
  const schedule = await f.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
    dayOfWeek: 1,
  });
  const horse = await f.horse(schoolId, { name: 'Canela' });
  const ana = await f.student(schoolId, { firstName: 'Ana', lastName: 'García' });
  const bruno = await f.student(schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
  const carla = await f.student(schoolId, { firstName: 'Carla', lastName: 'López' });
  const enroll = (studentId: string, values: Partial<typeof enrollments.$inferInsert> = {}) =>
    f.enrollment(schoolId, {
      studentId,
      classId: klass.id,
      scheduleId: schedule.id,
      startDate: '2026-01-01',
      ...values,
    });
  return {
    schoolId,
    instructor,
    klass,
    schedule,
    horse,
    ana,
    bruno,
    carla,
    enroll,
    e: { ana: await enroll(ana.id), bruno: await enroll(bruno.id), carla: await enroll(carla.id) },
    token: await app.tokenFor('owner@a.test'),
    url: `/api/schools/${schoolId}/attendance`,
    monday: lastWeekday(1, timezone),
  };
}

async function otherSchool() {
  const schoolId = await app.createSchool({ name: 'Other', members: { 'other@b.test': 'owner' } });
  const student = await f.student(schoolId);
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId);
  const schedule = await f.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
    dayOfWeek: 1,
  });
  const horse = await f.horse(schoolId);
  const enrollment = await f.enrollment(schoolId, {
    studentId: student.id,
    classId: klass.id,
    scheduleId: schedule.id,
  });
  return { schoolId, student, klass, schedule, horse, enrollment };
}

function expect422(res: { status: number; body: any }, errors: Record<string, string[]>) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({ message: expect.any(String), errors });
}

describe('POST /api/schools/{schoolId}/attendance', () => {
  it("records a whole class and returns what is recorded, by student's last name", async () => {
    const s = await setup();

    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: s.schedule.id,
        attendance: [
          {
            enrollment_id: s.e.ana.id,
            status: 'present',
            horse_id: s.horse.id,
            performance_rating: 4,
            notes: 'Great canter',
          },
          { enrollment_id: s.e.bruno.id, status: 'late' },
          {
            enrollment_id: s.e.carla.id,
            status: 'absent',
            horse_id: null,
            performance_rating: null,
            notes: null,
          },
        ],
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        schedule_id: s.schedule.id,
        date: s.monday,
        records: [
          {
            id: expect.stringMatching(UUID),
            enrollment_id: s.e.bruno.id,
            student_id: s.bruno.id,
            student: { id: s.bruno.id, full_name: 'Bruno Díaz' },
            status: 'late',
            horse_id: null,
            performance_rating: null,
            notes: null,
            ...stamps,
          },
          {
            id: expect.stringMatching(UUID),
            enrollment_id: s.e.ana.id,
            student_id: s.ana.id,
            student: { id: s.ana.id, full_name: 'Ana García' },
            status: 'present',
            horse_id: s.horse.id,
            performance_rating: 4,
            notes: 'Great canter',
            ...stamps,
          },
          {
            id: expect.stringMatching(UUID),
            enrollment_id: s.e.carla.id,
            student_id: s.carla.id,
            student: { id: s.carla.id, full_name: 'Carla López' },
            status: 'absent',
            horse_id: null,
            performance_rating: null,
            notes: null,
            ...stamps,
          },
        ],
      },
    });
    expect(
      await app.db.select().from(attendance).where(eq(attendance.schoolId, s.schoolId)),
    ).toHaveLength(3);
  });

  it('replaces the earlier submission for the same schedule and date', async () => {
    const s = await setup();
    const submit = (items: object[], date = s.monday) =>
      app.request('POST', s.url, {
        token: s.token,
        body: { date, schedule_id: s.schedule.id, attendance: items },
      });
    const first = await submit([
      { enrollment_id: s.e.ana.id, status: 'absent' },
      { enrollment_id: s.e.bruno.id, status: 'present', performance_rating: 5 },
      { enrollment_id: s.e.carla.id, status: 'present' },
    ]);
    expect(first.status).toBe(200);
    const lastWeek = await submit(
      [{ enrollment_id: s.e.bruno.id, status: 'present' }],
      lastWeekday(1, 'UTC', 1),
    );
    expect(lastWeek.status).toBe(200);
    const anaFirst = first.body.data.records.find(
      (r: { student_id: string }) => r.student_id === s.ana.id,
    );

    const second = await submit([
      {
        enrollment_id: s.e.ana.id,
        status: 'present',
        performance_rating: 3,
        notes: 'Came after all',
      },
      { enrollment_id: s.e.carla.id, status: 'excused' },
    ]);

    expect(second.status).toBe(200);
    expect(second.body.data.records).toEqual([
      expect.objectContaining({
        id: anaFirst.id,
        student_id: s.ana.id,
        status: 'present',
        performance_rating: 3,
        notes: 'Came after all',
      }),
      expect.objectContaining({
        student_id: s.carla.id,
        status: 'excused',
        performance_rating: null,
      }),
    ]);
    const bruno = await app.db
      .select()
      .from(attendance)
      .where(eq(attendance.studentId, s.bruno.id));
    expect(bruno.map((r) => r.date)).toEqual([lastWeekday(1, 'UTC', 1)]);
    const shown = await app.request(
      'GET',
      `${s.url}?schedule_id=${s.schedule.id}&date=${s.monday}`,
      { token: s.token },
    );
    expect(shown.body.data.records.map((r: { student_id: string }) => r.student_id)).toEqual([
      s.ana.id,
      s.carla.id,
    ]);
  });

  it('lets an instructor submit, and refuses a viewer (403), a non-member (403) and no token (401)', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    const body = {
      date: s.monday,
      schedule_id: s.schedule.id,
      attendance: [{ enrollment_id: s.e.ana.id, status: 'present' }],
    };

    const byInstructor = await app.request('POST', s.url, {
      token: await app.tokenFor('instructor@a.test'),
      body,
    });
    expect(byInstructor.status).toBe(200);
    expect(byInstructor.body.data.records).toHaveLength(1);

    const byViewer = await app.request('POST', s.url, {
      token: await app.tokenFor('viewer@a.test'),
      body,
    });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(
      (await app.request('POST', s.url, { token: await app.tokenFor('stranger@c.test'), body }))
        .status,
    ).toBe(403);
    expect((await app.request('POST', s.url, { body })).status).toBe(401);
  });

  it('validates the submission fields', async () => {
    const s = await setup();

    expect422(await app.request('POST', s.url, { token: s.token, body: {} }), {
      date: ['The date field is required.'],
      schedule_id: ['The schedule id field is required.'],
      attendance: ['The attendance field is required.'],
    });
    expect422(
      await app.request('POST', s.url, {
        token: s.token,
        body: { date: s.monday, schedule_id: s.schedule.id, attendance: [] },
      }),
      {
        attendance: ['The attendance field must have at least 1 items.'],
      },
    );
    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: '2026-13-01',
        schedule_id: s.schedule.id,
        attendance: [
          { enrollment_id: s.e.ana.id, status: 'sick', performance_rating: 6 },
          { enrollment_id: 'nope', status: 'present', performance_rating: 0, horse_id: 'x' },
          { status: 'present', performance_rating: 2.5 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        'date',
        'attendance.0.status',
        'attendance.0.performance_rating',
        'attendance.1.enrollment_id',
        'attendance.1.performance_rating',
        'attendance.1.horse_id',
        'attendance.2.enrollment_id',
        'attendance.2.performance_rating',
      ].sort(),
    );
    expect(res.body.errors['attendance.0.performance_rating']).toEqual([
      'The attendance.0.performance rating field must not be greater than 5.',
    ]);
  });

  it("refuses another school's schedule with 422 on schedule_id", async () => {
    const s = await setup();
    const other = await otherSchool();
    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: other.schedule.id,
        attendance: [{ enrollment_id: other.enrollment.id, status: 'present' }],
      },
    });
    expect422(res, { schedule_id: ['The selected schedule id is invalid.'] });
    expect(await app.db.select().from(attendance)).toHaveLength(0);
  });

  it("refuses a date that is not the schedule's weekday, and a date after today", async () => {
    const s = await setup('Pacific/Auckland');
    const items = [{ enrollment_id: s.e.ana.id, status: 'present' }];

    const tuesday = await app.request('POST', s.url, {
      token: s.token,
      body: { date: shift(s.monday, -6), schedule_id: s.schedule.id, attendance: items },
    });
    expect422(tuesday, { date: ['The date field must fall on the weekday of the schedule.'] });

    const nextMonday = await app.request('POST', s.url, {
      token: s.token,
      body: { date: shift(s.monday, 7), schedule_id: s.schedule.id, attendance: items },
    });
    expect422(nextMonday, { date: ['The date field must be a date before or equal to today.'] });
    expect(await app.db.select().from(attendance)).toHaveLength(0);
  });

  it('accepts today when the schedule is on today’s weekday in the school time zone', async () => {
    const timezone = 'Pacific/Auckland';
    const today = todayIn(timezone);
    const s = await setup(timezone);
    const todays = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: parseISO(today).getDay(),
      startTime: '18:00',
      endTime: '19:00',
    });
    const e = await s.enroll(s.ana.id, { scheduleId: todays.id });

    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: today,
        schedule_id: todays.id,
        attendance: [{ enrollment_id: e.id, status: 'present' }],
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data.date).toBe(today);
  });

  it("refuses an enrollment of another schedule or school, naming the item's field", async () => {
    const s = await setup();
    const wednesday = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 3,
    });
    const elsewhere = await s.enroll(s.ana.id, { scheduleId: wednesday.id });
    const other = await otherSchool();

    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: s.schedule.id,
        attendance: [
          { enrollment_id: s.e.bruno.id, status: 'present' },
          { enrollment_id: elsewhere.id, status: 'present' },
          { enrollment_id: other.enrollment.id, status: 'present' },
        ],
      },
    });

    expect422(res, {
      'attendance.1.enrollment_id': [
        'The selected attendance.1.enrollment_id is not an enrollment of this schedule.',
      ],
      'attendance.2.enrollment_id': [
        'The selected attendance.2.enrollment_id is not an enrollment of this schedule.',
      ],
    });
    expect(await app.db.select().from(attendance)).toHaveLength(0);
  });

  it('refuses an enrollment not running on that date, and accepts one ended since', async () => {
    const s = await setup();
    const monday = s.monday;
    const later = await f.student(s.schoolId, { firstName: 'Later' });
    const gone = await f.student(s.schoolId, { firstName: 'Gone' });
    const left = await f.student(s.schoolId, { firstName: 'Left' });
    const notYet = await s.enroll(later.id, { startDate: shift(monday, 1) });
    const endedBefore = await s.enroll(gone.id, {
      startDate: '2026-01-01',
      endDate: shift(monday, -1),
      status: 'ended',
    });
    const endedSince = await s.enroll(left.id, {
      startDate: '2026-01-01',
      endDate: monday,
      status: 'ended',
    });
    await app.db
      .update(enrollments)
      .set({ status: 'paused' })
      .where(eq(enrollments.id, s.e.carla.id));
    const submit = (items: object[]) =>
      app.request('POST', s.url, {
        token: s.token,
        body: { date: monday, schedule_id: s.schedule.id, attendance: items },
      });

    const res = await submit([
      { enrollment_id: notYet.id, status: 'present' },
      { enrollment_id: endedBefore.id, status: 'present' },
      { enrollment_id: s.e.carla.id, status: 'present' },
      { enrollment_id: s.e.ana.id, status: 'present' },
    ]);
    expect422(res, {
      'attendance.0.enrollment_id': [
        `The selected attendance.0.enrollment_id is not an active enrollment on ${monday}.`,
      ],
      'attendance.1.enrollment_id': [
        `The selected attendance.1.enrollment_id is not an active enrollment on ${monday}.`,
      ],
      'attendance.2.enrollment_id': [
        `The selected attendance.2.enrollment_id is not an active enrollment on ${monday}.`,
      ],
    });

    const ok = await submit([{ enrollment_id: endedSince.id, status: 'present' }]);
    expect(ok.status).toBe(200);
  });

  it('refuses an enrollment listed twice', async () => {
    const s = await setup();
    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: s.schedule.id,
        attendance: [
          { enrollment_id: s.e.ana.id, status: 'present' },
          { enrollment_id: s.e.bruno.id, status: 'present' },
          { enrollment_id: s.e.ana.id, status: 'absent' },
        ],
      },
    });
    expect422(res, {
      'attendance.2.enrollment_id': ['The attendance.2.enrollment_id field has a duplicate value.'],
    });
  });

  it("refuses another school's horse on an item", async () => {
    const s = await setup();
    const other = await otherSchool();
    const res = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: s.schedule.id,
        attendance: [
          { enrollment_id: s.e.ana.id, status: 'present', horse_id: s.horse.id },
          { enrollment_id: s.e.bruno.id, status: 'present', horse_id: other.horse.id },
        ],
      },
    });
    expect422(res, { 'attendance.1.horse_id': ['The selected attendance.1.horse_id is invalid.'] });
    expect(await app.db.select().from(attendance)).toHaveLength(0);
  });

  it('runs the same number of statements for 2 and 20 students', async () => {
    const s = await setup();
    await app.request('GET', `${s.url}?schedule_id=${s.schedule.id}&date=${s.monday}`, {
      token: s.token,
    });
    const countFor = async (n: number) => {
      const items: { enrollment_id: string; status: string; horse_id: string }[] = [];
      for (let i = 0; i < n; i++) {
        const student = await f.student(s.schoolId, { firstName: `S${n}-${i}` });
        const horse = await f.horse(s.schoolId, { name: `H${n}-${i}` });
        items.push({
          enrollment_id: (await s.enroll(student.id)).id,
          status: 'present',
          horse_id: horse.id,
        });
      }
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('POST', s.url, {
          token: s.token,
          body: { date: s.monday, schedule_id: s.schedule.id, attendance: items },
        }),
      );
      expect(res.body.data.records).toHaveLength(n);
      return counter.count;
    };
    const small = await countFor(2);
    expect(await countFor(20)).toBe(small);
  });
});

describe('GET /api/schools/{schoolId}/attendance', () => {
  it('shows what was recorded for a schedule on a date, and nothing for another date', async () => {
    const s = await setup();
    const posted = await app.request('POST', s.url, {
      token: s.token,
      body: {
        date: s.monday,
        schedule_id: s.schedule.id,
        attendance: [
          { enrollment_id: s.e.ana.id, status: 'late', performance_rating: 2, notes: 'Traffic' },
        ],
      },
    });

    const res = await app.request('GET', `${s.url}?schedule_id=${s.schedule.id}&date=${s.monday}`, {
      token: await app.tokenFor('viewer@a.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual(posted.body);
    expect(res.body.data.records).toEqual([
      {
        id: expect.stringMatching(UUID),
        enrollment_id: s.e.ana.id,
        student_id: s.ana.id,
        student: { id: s.ana.id, full_name: 'Ana García' },
        status: 'late',
        horse_id: null,
        performance_rating: 2,
        notes: 'Traffic',
        ...stamps,
      },
    ]);
    const empty = await app.request(
      'GET',
      `${s.url}?schedule_id=${s.schedule.id}&date=${shift(s.monday, -7)}`,
      { token: s.token },
    );
    expect(empty.body).toEqual({
      data: { schedule_id: s.schedule.id, date: shift(s.monday, -7), records: [] },
    });
  });

  it('requires schedule_id and date, and refuses another school’s schedule', async () => {
    const s = await setup();
    const other = await otherSchool();
    expect422(await app.request('GET', s.url, { token: s.token }), {
      schedule_id: ['The schedule id field is required.'],
      date: ['The date field is required.'],
    });
    expect422(
      await app.request('GET', `${s.url}?schedule_id=${s.schedule.id}&date=yesterday`, {
        token: s.token,
      }),
      {
        date: ['The date field must be a valid date (YYYY-MM-DD).'],
      },
    );
    expect422(
      await app.request('GET', `${s.url}?schedule_id=${other.schedule.id}&date=${s.monday}`, {
        token: s.token,
      }),
      {
        schedule_id: ['The selected schedule id is invalid.'],
      },
    );
  });

  it('answers 401 without a token and 403 to a non-member', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    const path = `${s.url}?schedule_id=${s.schedule.id}&date=${s.monday}`;
    expect((await app.request('GET', path)).status).toBe(401);
    expect(
      (await app.request('GET', path, { token: await app.tokenFor('stranger@c.test') })).status,
    ).toBe(403);
  });

  it('runs the same number of statements for 2 and 20 records', async () => {
    const s = await setup();
    const path = `${s.url}?schedule_id=${s.schedule.id}&date=${s.monday}`;
    await app.request('GET', path, { token: s.token });
    const countFor = async (n: number) => {
      await app.db.delete(attendance).where(eq(attendance.schoolId, s.schoolId));
      const rows = [];
      for (let i = 0; i < n; i++) {
        const student = await f.student(s.schoolId, { firstName: `S${n}-${i}` });
        const e = await s.enroll(student.id);
        rows.push({
          schoolId: s.schoolId,
          scheduleId: s.schedule.id,
          enrollmentId: e.id,
          studentId: student.id,
          date: s.monday,
          status: 'present' as const,
        });
      }
      await app.db.insert(attendance).values(rows);
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', path, { token: s.token }),
      );
      expect(res.body.data.records).toHaveLength(n);
      return counter.count;
    };
    const small = await countFor(2);
    expect(await countFor(20)).toBe(small);
  });
});

describe('GET /api/schools/{schoolId}/attendance/report', () => {
  /**
   * October 2026: Jumping on Mondays (5, 12, 19, 26), Dressage on Wednesdays (7, 14, 21, 28).
   *   Ana   Jumping:  5 present ★4, 12 late ★3, 19 absent, 26 present ★5
   *   Bruno Jumping:  5 present ★2, 12 excused, 19 absent
   *   Ana   Dressage: 7 present, 14 absent
   *   Carla Dressage: 28 absent
   * plus Ana's Jumping records on Sep 28 and Nov 2, outside the range, and another school's.
   */
  async function reportFixture() {
    const s = await setup();
    const dressage = await f.class(s.schoolId, { name: 'Dressage' });
    const wednesday = await f.schedule(s.schoolId, {
      classId: dressage.id,
      instructorId: s.instructor.id,
      dayOfWeek: 3,
    });
    const anaDressage = await s.enroll(s.ana.id, {
      classId: dressage.id,
      scheduleId: wednesday.id,
    });
    const carlaDressage = await s.enroll(s.carla.id, {
      classId: dressage.id,
      scheduleId: wednesday.id,
    });
    type Status = 'present' | 'absent' | 'late' | 'excused';
    const marks: [typeof anaDressage, string, Status, number | null][] = [
      [s.e.ana, '2026-10-05', 'present', 4],
      [s.e.ana, '2026-10-12', 'late', 3],
      [s.e.ana, '2026-10-19', 'absent', null],
      [s.e.ana, '2026-10-26', 'present', 5],
      [s.e.bruno, '2026-10-05', 'present', 2],
      [s.e.bruno, '2026-10-12', 'excused', null],
      [s.e.bruno, '2026-10-19', 'absent', null],
      [anaDressage, '2026-10-07', 'present', null],
      [anaDressage, '2026-10-14', 'absent', null],
      [carlaDressage, '2026-10-28', 'absent', null],
      [s.e.ana, '2026-09-28', 'present', 1],
      [s.e.ana, '2026-11-02', 'absent', 1],
    ];
    await app.db.insert(attendance).values(
      marks.map(([e, date, status, rating]) => ({
        schoolId: s.schoolId,
        scheduleId: e.scheduleId,
        enrollmentId: e.id,
        studentId: e.studentId,
        date,
        status,
        performanceRating: rating,
      })),
    );
    const other = await otherSchool();
    await app.db.insert(attendance).values({
      schoolId: other.schoolId,
      scheduleId: other.schedule.id,
      enrollmentId: other.enrollment.id,
      studentId: other.student.id,
      date: '2026-10-05',
      status: 'present',
    });
    return { ...s, dressage, report: `${s.url}/report` };
  }

  it('totals the range by student and by class', async () => {
    const s = await reportFixture();

    const res = await app.request('GET', `${s.report}?start_date=2026-10-01&end_date=2026-10-31`, {
      token: await app.tokenFor('instructor@a.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        totals: { records: 10, present: 4, absent: 4, late: 1, excused: 1, attendance_rate: 50 },
        by_student: [
          {
            student_id: s.bruno.id,
            full_name: 'Bruno Díaz',
            records: 3,
            present: 1,
            absent: 1,
            late: 0,
            excused: 1,
            attendance_rate: 33.3,
            average_rating: 2,
          },
          {
            student_id: s.ana.id,
            full_name: 'Ana García',
            records: 6,
            present: 3,
            absent: 2,
            late: 1,
            excused: 0,
            attendance_rate: 66.7,
            average_rating: 4,
          },
          {
            student_id: s.carla.id,
            full_name: 'Carla López',
            records: 1,
            present: 0,
            absent: 1,
            late: 0,
            excused: 0,
            attendance_rate: 0,
            average_rating: null,
          },
        ],
        by_class: [
          {
            class_id: s.dressage.id,
            class_name: 'Dressage',
            records: 3,
            present: 1,
            absent: 2,
            late: 0,
            excused: 0,
            attendance_rate: 33.3,
          },
          {
            class_id: s.klass.id,
            class_name: 'Jumping',
            records: 7,
            present: 3,
            absent: 2,
            late: 1,
            excused: 1,
            attendance_rate: 57.1,
          },
        ],
      },
    });
  });

  it('answers a held report again only while nothing it is built from has changed', async () => {
    const s = await reportFixture();
    const url = `${s.report}?start_date=2026-10-01&end_date=2026-10-31`;
    const read = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', url, { token: s.token }),
      );
      expect(res.status).toBe(200);
      type Row = { full_name: string; records: number; present: number; absent: number };
      const data = res.body.data as {
        totals: { records: number };
        by_student: Row[];
        by_class: { class_name: string; records: number }[];
      };
      return {
        statements: counter.count,
        records: data.totals.records,
        students: data.by_student.map(
          (r) => `${r.full_name} ${r.present}/${r.absent}/${r.records}`,
        ),
        classes: data.by_class.map((r) => `${r.class_name} ${r.records}`),
      };
    };

    // Built (the version, then the report's three statements), then held (the version alone);
    // the caller's statement in each.
    const first = await read();
    expect(first.students).toEqual(['Bruno Díaz 1/1/3', 'Ana García 3/2/6', 'Carla López 0/1/1']);
    expect(await read()).toEqual({ ...first, statements: 2 });

    // A record written through the API: Bruno present on the 19th.
    const posted = await app.request('POST', s.url, {
      token: s.token,
      body: {
        schedule_id: s.e.bruno.scheduleId,
        date: '2026-10-19',
        attendance: [{ enrollment_id: s.e.bruno.id, status: 'present' }],
      },
    });
    expect(posted.status).toBe(200);
    // The roll of that class and day is what was sent: Ana's absence on the 19th goes with it.
    expect((await read()).students).toEqual([
      'Bruno Díaz 2/0/3',
      'Ana García 3/1/5',
      'Carla López 0/1/1',
    ]);

    // Written straight in the database: a status changed, a student and a class renamed.
    await app.db
      .update(attendance)
      .set({ status: 'absent' })
      .where(and(eq(attendance.enrollmentId, s.e.ana.id), eq(attendance.date, '2026-10-05')));
    expect((await read()).students[1]).toBe('Ana García 2/2/5');
    await app.db.update(students).set({ lastName: 'Abad' }).where(eq(students.id, s.bruno.id));
    expect((await read()).students).toEqual([
      'Bruno Abad 2/0/3',
      'Ana García 2/2/5',
      'Carla López 0/1/1',
    ]);
    await app.db.update(classes).set({ name: 'Alta escuela' }).where(eq(classes.id, s.dressage.id));
    expect((await read()).classes).toEqual(['Alta escuela 3', 'Jumping 6']);

    // Records removed: Carla's only one, and with it her summary row.
    await app.db.delete(attendance).where(eq(attendance.studentId, s.carla.id));
    const after = await read();
    expect(after).toMatchObject({ statements: 5, records: 8 });
    expect(after.students).toEqual(['Bruno Abad 2/0/3', 'Ana García 2/2/5']);
    expect(await read()).toEqual({ ...after, statements: 2 });
  });

  it('filters by student and by class', async () => {
    const s = await reportFixture();
    const range = 'start_date=2026-10-01&end_date=2026-10-31';

    const ana = await app.request('GET', `${s.report}?${range}&student_id=${s.ana.id}`, {
      token: s.token,
    });
    expect(ana.body.data.totals).toEqual({
      records: 6,
      present: 3,
      absent: 2,
      late: 1,
      excused: 0,
      attendance_rate: 66.7,
    });
    expect(ana.body.data.by_student.map((r: { student_id: string }) => r.student_id)).toEqual([
      s.ana.id,
    ]);
    expect(ana.body.data.by_class.map((r: { records: number }) => r.records)).toEqual([2, 4]);

    const dressage = await app.request('GET', `${s.report}?${range}&class_id=${s.dressage.id}`, {
      token: s.token,
    });
    expect(dressage.body.data.totals).toEqual({
      records: 3,
      present: 1,
      absent: 2,
      late: 0,
      excused: 0,
      attendance_rate: 33.3,
    });
    expect(dressage.body.data.by_student).toEqual([
      expect.objectContaining({
        student_id: s.ana.id,
        records: 2,
        attendance_rate: 50,
        average_rating: null,
      }),
      expect.objectContaining({ student_id: s.carla.id, records: 1 }),
    ]);

    const both = await app.request(
      'GET',
      `${s.report}?${range}&class_id=${s.dressage.id}&student_id=${s.bruno.id}`,
      { token: s.token },
    );
    expect(both.body.data).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      totals: { records: 0, present: 0, absent: 0, late: 0, excused: 0, attendance_rate: 0 },
      by_student: [],
      by_class: [],
    });
  });

  it('defaults to the current month in the school time zone', async () => {
    const timezone = 'Pacific/Auckland';
    const s = await setup(timezone);
    const today = todayIn(timezone);
    const monthStart = `${today.slice(0, 7)}-01`;
    const nextMonth = format(addDays(parseISO(`${today.slice(0, 7)}-28`), 7), 'yyyy-MM');
    const monthEnd = format(subDays(parseISO(`${nextMonth}-01`), 1), 'yyyy-MM-dd');
    const mark = (date: string) => ({
      schoolId: s.schoolId,
      scheduleId: s.schedule.id,
      enrollmentId: s.e.ana.id,
      studentId: s.ana.id,
      date,
      status: 'present' as const,
    });
    await app.db
      .insert(attendance)
      .values([
        mark(monthStart),
        mark(monthEnd),
        mark(shift(monthStart, -1)),
        mark(shift(monthEnd, 1)),
      ]);

    const res = await app.request('GET', `${s.url}/report`, { token: s.token });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      start_date: monthStart,
      end_date: monthEnd,
      totals: { records: 2, present: 2, attendance_rate: 100 },
    });
  });

  it('validates the range and the filters', async () => {
    const s = await setup();
    expect422(
      await app.request('GET', `${s.url}/report?start_date=2026-10-10&end_date=2026-10-09`, {
        token: s.token,
      }),
      {
        end_date: ['The end date field must be a date after or equal to start date.'],
      },
    );
    expect422(await app.request('GET', `${s.url}/report?start_date=october`, { token: s.token }), {
      start_date: ['The start date field must be a valid date (YYYY-MM-DD).'],
    });
    expect422(
      await app.request('GET', `${s.url}/report?student_id=1&class_id=2`, { token: s.token }),
      {
        student_id: ['The student id field must be a valid UUID.'],
        class_id: ['The class id field must be a valid UUID.'],
      },
    );
  });

  it('answers 401 without a token and 403 to a non-member', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    expect((await app.request('GET', `${s.url}/report`)).status).toBe(401);
    expect(
      (
        await app.request('GET', `${s.url}/report`, {
          token: await app.tokenFor('stranger@c.test'),
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.request('GET', `${s.url}/report`, { token: await app.tokenFor('viewer@a.test') }))
        .status,
    ).toBe(200);
  });

  it('runs the same number of statements for a small and a larger school', async () => {
    const s = await setup();
    const path = `${s.url}/report?start_date=2026-01-01&end_date=2026-12-31`;
    await app.request('GET', path, { token: s.token });
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', path, { token: s.token }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const mark = (e: { id: string; studentId: string; scheduleId: string }, date: string) => ({
      schoolId: s.schoolId,
      scheduleId: e.scheduleId,
      enrollmentId: e.id,
      studentId: e.studentId,
      date,
      status: 'present' as const,
    });
    await app.db.insert(attendance).values(mark(s.e.ana, '2026-10-05'));
    const small = await count();

    const rows = [];
    for (let i = 0; i < 20; i++) {
      const klass = await f.class(s.schoolId, { name: `Class ${i}` });
      const schedule = await f.schedule(s.schoolId, {
        classId: klass.id,
        instructorId: s.instructor.id,
        dayOfWeek: 1,
        startTime: '08:00',
        endTime: '09:00',
      });
      const student = await f.student(s.schoolId, { firstName: `S${i}` });
      const e = await s.enroll(student.id, { classId: klass.id, scheduleId: schedule.id });
      rows.push(mark(e, '2026-10-05'), mark(e, '2026-10-12'));
    }
    await app.db.insert(attendance).values(rows);
    expect(await count()).toBe(small);
    expect(
      await app.db.select().from(attendance).where(eq(attendance.schoolId, s.schoolId)),
    ).toHaveLength(41);
  });
});
