import { addDays, format, parseISO } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementCounter } from '@/db/client';
import { attendance, competitionPayments, competitions, payments } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { monthBoundsIn, todayIn } from '../kernel/fields/calendar';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

afterEach(() => {
  vi.useRealTimers();
});

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

const EMPTY = {
  data: {
    stats: {
      students: { total: 0, active: 0, new_this_month: 0 },
      instructors: { total: 0, active: 0 },
      horses: { total: 0, active: 0, resting: 0 },
      classes: { total: 0, active: 0 },
    },
    today: { classes_count: 0, students_expected: 0, attendance_recorded: 0, attendance_rate: 0 },
    finances: { month_income: 0, pending_payments: 0, pending_amount: 0 },
  },
};

async function school(timezone: string) {
  const schoolId = await app.createSchool({
    timezone,
    members: {
      'owner@a.test': 'owner',
      'manager@a.test': 'manager',
      'viewer@a.test': 'viewer',
      'instructor@a.test': 'instructor',
    },
  });
  return {
    schoolId,
    url: `/api/schools/${schoolId}/dashboard`,
    token: await app.tokenFor('owner@a.test'),
  };
}

/**
 * A school in Auckland (UTC+12/+13: its day and month start hours before UTC's) with known
 * figures, and another school whose records must not count.
 */
async function fixture(timezone = 'Pacific/Auckland') {
  const s = await school(timezone);
  const id = s.schoolId;
  const today = todayIn(timezone);
  const weekday = parseISO(today).getDay();
  const month = monthBoundsIn(timezone);

  // Students: 5 in all, 3 active; new this month: Ana and Eve (now) and Bruno (the month's first second).
  const ana = await f.student(id, { firstName: 'Ana' });
  const bruno = await f.student(id, { firstName: 'Bruno', createdAt: month.start });
  await f.student(id, {
    firstName: 'Carla',
    status: 'inactive',
    createdAt: new Date(month.start.getTime() - 1000),
  });
  await f.student(id, {
    firstName: 'Dani',
    status: 'suspended',
    createdAt: new Date('2025-03-01T00:00:00Z'),
  });
  const eve = await f.student(id, { firstName: 'Eve' });

  // Instructors 3 (2 active), horses 4 (2 active, 1 resting), classes 3 (2 active).
  const iris = await f.instructor(id);
  await f.instructor(id, { firstName: 'Ivo' });
  await f.instructor(id, { firstName: 'Inés', status: 'inactive' });
  await f.horse(id, { name: 'Canela' });
  await f.horse(id, { name: 'Luna' });
  await f.horse(id, { name: 'Sleepy', status: 'resting' });
  await f.horse(id, { name: 'Limp', status: 'injured' });
  const jumping = await f.class(id, { name: 'Jumping' });
  await f.class(id, { name: 'Dressage' });
  const old = await f.class(id, { name: 'Old', status: 'inactive' });

  // Today: three schedules on today's weekday, one on another day.
  const slot = (dayOfWeek: number, startTime: string, endTime: string) =>
    f.schedule(id, { classId: jumping.id, instructorId: iris.id, dayOfWeek, startTime, endTime });
  const morning = await slot(weekday, '09:00', '10:00');
  const noon = await slot(weekday, '12:00', '13:00');
  await slot(weekday, '17:00', '18:00');
  const otherDay = await slot((weekday + 1) % 7, '09:00', '10:00');
  // A discontinued class keeps its schedule (history) but is not held today.
  const discontinued = await f.schedule(id, {
    classId: old.id,
    instructorId: iris.id,
    dayOfWeek: weekday,
    startTime: '19:00',
    endTime: '20:00',
  });

  const enroll = async (scheduleId: string, values: Record<string, unknown> = {}) => {
    const student = await f.student(id, {
      firstName: 'Enrolled',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    return f.enrollment(id, {
      studentId: student.id,
      classId: jumping.id,
      scheduleId,
      startDate: '2026-01-01',
      ...values,
    });
  };
  // Expected today: two in the morning (one starting today), one at noon.
  const m1 = await f.enrollment(id, {
    studentId: ana.id,
    classId: jumping.id,
    scheduleId: morning.id,
  });
  await f.enrollment(id, {
    studentId: bruno.id,
    classId: jumping.id,
    scheduleId: morning.id,
    startDate: today,
  });
  await f.enrollment(id, {
    studentId: eve.id,
    classId: jumping.id,
    scheduleId: noon.id,
    endDate: today,
  });
  // Not expected: paused, ended, not started, run out yesterday, or on another day.
  await enroll(morning.id, { status: 'paused' });
  await enroll(morning.id, { status: 'ended', endDate: shift(today, -7) });
  await enroll(morning.id, { startDate: shift(today, 1) });
  await enroll(morning.id, { endDate: shift(today, -1) });
  const elsewhere = await enroll(otherDay.id);
  const noonRider = await enroll(noon.id, { status: 'paused' });
  const oldRider = await f.student(id, {
    firstName: 'Olga',
    status: 'inactive',
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  await f.enrollment(id, { studentId: oldRider.id, classId: old.id, scheduleId: discontinued.id });

  // Attendance recorded today for the morning class only (twice); yesterday's at noon and a
  // stray row of the other day's schedule dated today do not count.
  const mark = (e: { id: string; studentId: string; scheduleId: string }, date: string) => ({
    schoolId: id,
    scheduleId: e.scheduleId,
    enrollmentId: e.id,
    studentId: e.studentId,
    date,
    status: 'present' as const,
  });
  const m2 = await enroll(morning.id, { status: 'ended', endDate: today });
  await app.db
    .insert(attendance)
    .values([
      mark(m1, today),
      mark(m2, today),
      mark(noonRider, shift(today, -1)),
      mark(elsewhere, today),
    ]);

  const other = await app.createSchool({ name: 'Other', timezone });
  const otherInstructor = await f.instructor(other);
  const otherClass = await f.class(other);
  const otherSchedule = await f.schedule(other, {
    classId: otherClass.id,
    instructorId: otherInstructor.id,
    dayOfWeek: weekday,
  });
  const otherStudent = await f.student(other);
  await f.horse(other);
  await f.enrollment(other, {
    studentId: otherStudent.id,
    classId: otherClass.id,
    scheduleId: otherSchedule.id,
  });

  return s;
}

describe('GET /api/schools/{schoolId}/dashboard', () => {
  it("computes every figure in the school's time zone", async () => {
    const s = await fixture('Pacific/Auckland');

    const res = await app.request('GET', s.url, { token: s.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        stats: {
          // 5 named students (Ana, Bruno and Eve active), 7 active ones created long ago and Olga.
          students: { total: 13, active: 10, new_this_month: 3 },
          instructors: { total: 3, active: 2 },
          horses: { total: 4, active: 2, resting: 1 },
          classes: { total: 3, active: 2 },
        },
        today: {
          classes_count: 3,
          students_expected: 3,
          attendance_recorded: 1,
          attendance_rate: 33.3,
        },
        finances: { month_income: 0, pending_payments: 0, pending_amount: 0 },
      },
    });
  });

  it('works the same in a time zone behind UTC', async () => {
    const s = await fixture('America/Argentina/Buenos_Aires');
    const res = await app.request('GET', s.url, { token: await app.tokenFor('viewer@a.test') });
    expect(res.status).toBe(200);
    expect(res.body.data.stats.students).toEqual({ total: 13, active: 10, new_this_month: 3 });
    expect(res.body.data.today).toEqual({
      classes_count: 3,
      students_expected: 3,
      attendance_recorded: 1,
      attendance_rate: 33.3,
    });
  });

  it('counts a student created on the first second of the month and not one on the last second of the previous month', async () => {
    const timezone = 'Pacific/Auckland';
    const s = await school(timezone);
    const month = monthBoundsIn(timezone);
    // The month starts at local midnight, which is not a UTC midnight here.
    expect(month.start.getUTCHours()).not.toBe(0);
    await f.student(s.schoolId, { firstName: 'First', createdAt: month.start });
    await f.student(s.schoolId, {
      firstName: 'Last',
      createdAt: new Date(month.start.getTime() - 1000),
    });

    const res = await app.request('GET', s.url, { token: s.token });
    expect(res.body.data.stats.students).toEqual({ total: 2, active: 2, new_this_month: 1 });

    // The first second of the next month is not this month either.
    await f.student(s.schoolId, { firstName: 'Next', createdAt: month.end });
    const later = await app.request('GET', s.url, { token: s.token });
    expect(later.body.data.stats.students).toEqual({ total: 3, active: 3, new_this_month: 1 });
  });

  it("sums this month's income and every unpaid payment, school and competition, cents exact", async () => {
    // 1 March 00:30 in Auckland, still 28 February in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-28T11:30:00Z'));
    const s = await school('Pacific/Auckland');
    const ana = await f.student(s.schoolId);
    const [cup] = await app.db
      .insert(competitions)
      .values({ schoolId: s.schoolId, name: 'Cup', date: '2026-03-15' })
      .returning();
    const pay = (values: Partial<typeof payments.$inferInsert> & { amount: string }) =>
      app.db.insert(payments).values({
        schoolId: s.schoolId,
        studentId: ana.id,
        concept: 'other',
        currency: 'NZD',
        dueDate: '2026-03-10',
        ...values,
      });
    const competitionPay = (
      values: Partial<typeof competitionPayments.$inferInsert> & { amount: string },
    ) =>
      app.db.insert(competitionPayments).values({
        schoolId: s.schoolId,
        competitionId: cup!.id,
        studentId: ana.id,
        concept: 'inscription',
        dueDate: '2026-03-15',
        ...values,
      });
    const paid = { status: 'paid' as const, paymentMethod: 'cash' as const };

    // Income of March: 0.10 + 0.20 (school) + 1.11 (competition) = 1.41.
    await pay({ amount: '0.10', ...paid, paidDate: '2026-03-01' });
    await pay({ amount: '0.20', ...paid, paidDate: '2026-03-31' });
    await competitionPay({ amount: '1.11', ...paid, paidDate: '2026-03-01' });
    // Paid in February or April: not this month's income.
    await pay({ amount: '5.00', ...paid, paidDate: '2026-02-28' });
    await competitionPay({ amount: '6.00', ...paid, paidDate: '2026-04-01' });
    // Unpaid: pending 10.00, overdue 20.05, competition pending 2.22 = 3 for 32.27.
    await pay({ amount: '10.00', dueDate: '2026-03-20' });
    await pay({ amount: '20.05', dueDate: '2026-01-20' });
    await competitionPay({ amount: '2.22' });
    // Neither cancelled nor refunded ones count, nor another school's.
    await pay({ amount: '99.00', status: 'cancelled' });
    await competitionPay({ amount: '98.00', status: 'cancelled' });
    await competitionPay({ amount: '97.00', status: 'refunded' });
    const other = await app.createSchool({ name: 'Other', timezone: 'Pacific/Auckland' });
    const stranger = await f.student(other);
    await app.db.insert(payments).values([
      {
        schoolId: other,
        studentId: stranger.id,
        concept: 'other',
        currency: 'NZD',
        amount: '500.00',
        dueDate: '2026-03-01',
        ...paid,
        paidDate: '2026-03-02',
      },
      {
        schoolId: other,
        studentId: stranger.id,
        concept: 'other',
        currency: 'NZD',
        amount: '600.00',
        dueDate: '2026-03-01',
      },
    ]);

    const res = await app.request('GET', s.url, { token: await app.tokenFor('owner@a.test') });

    expect(res.status).toBe(200);
    expect(res.body.data.finances).toEqual({
      month_income: 1.41,
      pending_payments: 3,
      pending_amount: 32.27,
    });
  });

  it('answers zeros for an empty school, with a rate of 0 when no class is scheduled today', async () => {
    const s = await school('UTC');
    const res = await app.request('GET', s.url, { token: await app.tokenFor('manager@a.test') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(EMPTY);
  });

  it('rounds the rate to one decimal: 2 of 3 classes recorded is 66.7', async () => {
    const timezone = 'UTC';
    const s = await school(timezone);
    const today = todayIn(timezone);
    const instructor = await f.instructor(s.schoolId);
    const klass = await f.class(s.schoolId);
    const student = await f.student(s.schoolId);
    for (const start of ['08:00', '10:00', '12:00']) {
      const schedule = await f.schedule(s.schoolId, {
        classId: klass.id,
        instructorId: instructor.id,
        dayOfWeek: parseISO(today).getDay(),
        startTime: start,
        endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      });
      const e = await f.enrollment(s.schoolId, {
        studentId: student.id,
        classId: klass.id,
        scheduleId: schedule.id,
      });
      if (start !== '12:00') {
        await app.db.insert(attendance).values({
          schoolId: s.schoolId,
          scheduleId: schedule.id,
          enrollmentId: e.id,
          studentId: student.id,
          date: today,
          status: 'absent',
        });
      }
    }

    const res = await app.request('GET', s.url, { token: s.token });

    expect(res.body.data.today).toEqual({
      classes_count: 3,
      students_expected: 3,
      attendance_recorded: 2,
      attendance_rate: 66.7,
    });
  });

  it('refuses an instructor (no reports.view) and a non-member with 403, and answers 401 without a token', async () => {
    const s = await school('UTC');
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    const instructor = await app.request('GET', s.url, {
      token: await app.tokenFor('instructor@a.test'),
    });
    expect(instructor.status).toBe(403);
    expect(instructor.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(
      (await app.request('GET', s.url, { token: await app.tokenFor('stranger@c.test') })).status,
    ).toBe(403);
    expect((await app.request('GET', s.url)).status).toBe(401);
  });

  it('runs the same number of statements for an empty school and a busy one', async () => {
    const s = await school('Pacific/Auckland');
    await app.request('GET', s.url, { token: s.token });
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', s.url, { token: s.token }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const empty = await count();

    const today = todayIn('Pacific/Auckland');
    const instructor = await f.instructor(s.schoolId);
    for (let i = 0; i < 20; i++) {
      const klass = await f.class(s.schoolId, { name: `Class ${i}` });
      await f.horse(s.schoolId, { name: `Horse ${i}` });
      const schedule = await f.schedule(s.schoolId, {
        classId: klass.id,
        instructorId: instructor.id,
        dayOfWeek: (parseISO(today).getDay() + i) % 7,
      });
      const student = await f.student(s.schoolId, { firstName: `S${i}` });
      const e = await f.enrollment(s.schoolId, {
        studentId: student.id,
        classId: klass.id,
        scheduleId: schedule.id,
      });
      await app.db.insert(attendance).values({
        schoolId: s.schoolId,
        scheduleId: schedule.id,
        enrollmentId: e.id,
        studentId: student.id,
        date: shift(today, -i),
        status: 'present',
      });
    }
    const busy = await count();

    expect(busy).toBe(empty);
    expect(empty).toBeLessThanOrEqual(3);
  });
});
