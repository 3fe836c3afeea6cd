import { addDays, endOfMonth, format, parseISO, subDays } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { attendance, competitions, organizations, paymentAudit, payments } from '@/db/schema';
import { todayIn } from '@/server/kernel/fields/calendar';
import { monthSplit } from '@/server/schools/attendance-report';
import { competitionFixtures } from '@/server/test/competition-fixtures';
import { useTestApp } from '@/server/test/harness';
import { schoolFixtures } from '@/server/test/school-fixtures';

/*
 * The summaries of db/schema/summaries.ts against their definition: after every kind of write
 * to the base rows (a request's insert, upsert and delete, bulk generation, a seed's direct
 * insert, a cascade), each summary equals the aggregate recomputed from the base rows.
 */

const app = useTestApp();
const f = schoolFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const tallies = sql.raw(`count(*)::int, (count(*) filter (where status = 'present'))::int,
  (count(*) filter (where status = 'absent'))::int, (count(*) filter (where status = 'late'))::int,
  (count(*) filter (where status = 'excused'))::int, coalesce(sum(performance_rating), 0)::int,
  count(performance_rating)::int`);

const recomputed = {
  attendance_student_months: sql`select school_id, date_trunc('month', date)::date, student_id, ${tallies}
    from attendance group by 1, 2, 3`,
  attendance_schedule_months: sql`select school_id, date_trunc('month', date)::date, schedule_id, ${tallies}
    from attendance group by 1, 2, 3`,
  payment_day_totals: sql`select school_id, status, day, kind, payment_method, count(*)::int, sum(amount)
    from (
      select school_id, status, case when status = 'paid' then paid_date else due_date end as day,
             case when concept = 'tuition' then 'school_tuition' else 'school_other' end as kind,
             case when status = 'paid' then payment_method else '' end as payment_method, amount
      from payments where status in ('paid', 'pending')
      union all
      select school_id, status, case when status = 'paid' then paid_date else due_date end,
             'competition', case when status = 'paid' then coalesce(payment_method, 'other') else '' end, amount
      from competition_payments where status = 'pending' or (status = 'paid' and paid_date is not null)
    ) as counted
    group by 1, 2, 3, 4, 5`,
};

/** Rows in a summary and not in its recomputed aggregate, or the other way round. */
async function drift() {
  const out: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(recomputed)) {
    const summary = sql.raw(`select * from ${table}`);
    out[table] = await queryRows(
      app.db,
      sql`(${query} except ${summary}) union all (${summary} except ${query})`,
    );
  }
  return out;
}

const exact = {
  attendance_student_months: [],
  attendance_schedule_months: [],
  payment_day_totals: [],
};

async function summaryRows(schoolId: string) {
  const [row] = await queryRows<{ students: number; schedules: number; days: number }>(
    app.db,
    sql`select (select count(*) from attendance_student_months where school_id = ${schoolId})::int as students,
               (select count(*) from attendance_schedule_months where school_id = ${schoolId})::int as schedules,
               (select count(*) from payment_day_totals where school_id = ${schoolId})::int as days`,
  );
  return row!;
}

/** The Monday on or before today, `weeksBack` weeks earlier. */
function monday(weeksBack: number) {
  const today = parseISO(todayIn('UTC'));
  return format(subDays(today, ((today.getDay() + 6) % 7) + 7 * weeksBack), 'yyyy-MM-dd');
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

describe('summary tables (issue 27)', () => {
  it('split a report range into whole months and the days around them', () => {
    expect(monthSplit('2026-10-01', '2026-10-31')).toEqual({
      first: '2026-10-01',
      next: '2026-11-01',
    });
    expect(monthSplit('2026-10-15', '2026-12-10')).toEqual({
      first: '2026-11-01',
      next: '2026-12-01',
    });
    expect(monthSplit('2026-10-01', '2026-12-10')).toEqual({
      first: '2026-10-01',
      next: '2026-12-01',
    });
    expect(monthSplit('2026-10-15', '2026-12-31')).toEqual({
      first: '2026-11-01',
      next: '2027-01-01',
    });
    expect(monthSplit('2026-12-01', '2027-02-28')).toEqual({
      first: '2026-12-01',
      next: '2027-03-01',
    });
    // No whole month: every day of the range is read from the records.
    expect(monthSplit('2026-10-15', '2026-11-10')).toEqual({
      first: '2026-11-11',
      next: '2026-11-11',
    });
    expect(monthSplit('2026-10-05', '2026-10-05')).toEqual({
      first: '2026-10-06',
      next: '2026-10-06',
    });
  });

  it('give the attendance report the figures of the records, whole months or not', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
    const token = await app.tokenFor('owner@a.test');
    const instructor = await f.instructor(schoolId);
    const klass = await f.class(schoolId);
    const schedule = await f.schedule(schoolId, {
      classId: klass.id,
      instructorId: instructor.id,
      dayOfWeek: 1,
    });
    const students = await Promise.all(
      ['Ana', 'Bruno'].map((firstName) => f.student(schoolId, { firstName })),
    );
    const enrolled = await Promise.all(
      students.map((s) =>
        f.enrollment(schoolId, { studentId: s.id, classId: klass.id, scheduleId: schedule.id }),
      ),
    );
    const statuses = ['present', 'late', 'absent', 'excused'] as const;
    // Ten Mondays back from this week: records in three or four calendar months.
    await app.db.insert(attendance).values(
      Array.from({ length: 10 }, (_, week) =>
        enrolled.map((e, i) => ({
          schoolId,
          scheduleId: schedule.id,
          enrollmentId: e.id,
          studentId: e.studentId,
          date: monday(week),
          status: statuses[(week + i) % 4]!,
          performanceRating: (week + i) % 3 === 0 ? null : ((week * 7 + i) % 5) + 1,
        })),
      ).flat(),
    );
    const oldest = parseISO(monday(9));
    const ranges = [
      [monday(9), monday(0)],
      [day(addDays(oldest, 1)), day(endOfMonth(addDays(oldest, 40)))],
      [`${monday(9).slice(0, 7)}-01`, day(endOfMonth(oldest))],
      [monday(6), monday(3)],
      [monday(4), monday(4)],
    ];
    const report = async (query: string) => {
      const res = await app.request('GET', `/api/schools/${schoolId}/attendance/report?${query}`, {
        token,
      });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    for (const [start, end] of ranges) {
      const range = `start_date=${start}&end_date=${end}`;
      // The class filter reads the records themselves; the school has one class.
      expect(await report(range)).toEqual(await report(`${range}&class_id=${klass.id}`));
    }
    expect((await report(`start_date=${monday(9)}&end_date=${monday(0)}`)).totals.records).toBe(20);
  });

  it('equal the aggregates of their base rows after every kind of write', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
    const token = await app.tokenFor('owner@a.test');
    const base = `/api/schools/${schoolId}`;
    const instructor = await f.instructor(schoolId);
    const klass = await f.class(schoolId, { price: '80.00', priceType: 'monthly' });
    const schedule = await f.schedule(schoolId, {
      classId: klass.id,
      instructorId: instructor.id,
      dayOfWeek: 1,
    });
    const horse = await f.horse(schoolId);
    const students = await Promise.all(
      ['Ana', 'Bruno', 'Carla'].map((firstName) => f.student(schoolId, { firstName })),
    );
    const [ana, bruno, carla] = await Promise.all(
      students.map((s) =>
        f.enrollment(schoolId, { studentId: s.id, classId: klass.id, scheduleId: schedule.id }),
      ),
    );
    const record = async (date: string, items: object[]) => {
      const res = await app.request('POST', `${base}/attendance`, {
        token,
        body: { date, schedule_id: schedule.id, attendance: items },
      });
      expect(res.status).toBe(200);
    };

    // Attendance: a class recorded (insert), recorded again (update), then without one
    // student (delete), and a record written directly (the seeds' path).
    await record(monday(0), [
      { enrollment_id: ana!.id, status: 'present', horse_id: horse.id, performance_rating: 4 },
      { enrollment_id: bruno!.id, status: 'late' },
      { enrollment_id: carla!.id, status: 'absent' },
    ]);
    expect(await drift()).toEqual(exact);
    expect(await summaryRows(schoolId)).toMatchObject({ students: 3, schedules: 1 });
    await record(monday(0), [
      { enrollment_id: ana!.id, status: 'excused' },
      { enrollment_id: bruno!.id, status: 'present', performance_rating: 5 },
      { enrollment_id: carla!.id, status: 'present', performance_rating: 2 },
    ]);
    expect(await drift()).toEqual(exact);
    await record(monday(0), [{ enrollment_id: ana!.id, status: 'present' }]);
    expect(await drift()).toEqual(exact);
    await app.db.insert(attendance).values({
      schoolId,
      scheduleId: schedule.id,
      enrollmentId: bruno!.id,
      studentId: students[1]!.id,
      date: monday(6),
      status: 'late',
      performanceRating: 3,
    });
    expect(await drift()).toEqual(exact);
    await app.db
      .delete(attendance)
      .where(and(eq(attendance.schoolId, schoolId), eq(attendance.date, monday(6))));
    expect(await drift()).toEqual(exact);

    // School payments: created, paid, changed, cancelled, generated in bulk, deleted.
    const created = await app.request('POST', `${base}/payments`, {
      token,
      body: { student_id: students[0]!.id, amount: 35.5, due_date: '2026-12-01' },
    });
    expect(created.status).toBe(201);
    const other = await app.request('POST', `${base}/payments`, {
      token,
      body: { student_id: students[1]!.id, amount: 12.25, due_date: '2026-12-01' },
    });
    expect(await drift()).toEqual(exact);
    expect(
      (
        await app.request('POST', `${base}/payments/${created.body.data.id}/pay`, {
          token,
          body: { payment_method: 'card' },
        })
      ).status,
    ).toBe(200);
    expect(await drift()).toEqual(exact);
    expect(
      (
        await app.request('PUT', `${base}/payments/${other.body.data.id}`, {
          token,
          body: { amount: 20.1, due_date: '2026-12-15' },
        })
      ).status,
    ).toBe(200);
    expect(await drift()).toEqual(exact);
    expect(
      (await app.request('DELETE', `${base}/payments/${other.body.data.id}`, { token })).status,
    ).toBe(200);
    expect(await drift()).toEqual(exact);
    const generated = await app.request('POST', `${base}/payments/generate-monthly`, {
      token,
      body: { month: '2026-12' },
    });
    expect(generated.status).toBe(200);
    expect(await drift()).toEqual(exact);
    // What the bench does after timing the generation: the charges and their audit removed.
    await app.db.delete(paymentAudit).where(eq(paymentAudit.schoolId, schoolId));
    await app.db
      .delete(payments)
      .where(and(eq(payments.schoolId, schoolId), eq(payments.concept, 'tuition')));
    expect(await drift()).toEqual(exact);

    // Competition payments: inserted, paid, cancelled.
    const competition = await c.competition(schoolId);
    const fee = await c.payment(schoolId, {
      competitionId: competition.id,
      studentId: students[2]!.id,
    });
    await c.payment(schoolId, { competitionId: competition.id, studentId: students[0]!.id });
    expect(await drift()).toEqual(exact);
    const competitionBase = `${base}/competitions/${competition.id}/payments`;
    expect(
      (
        await app.request('POST', `${competitionBase}/${fee.id}/pay`, {
          token,
          body: { payment_method: 'transfer' },
        })
      ).status,
    ).toBe(200);
    expect(await drift()).toEqual(exact);
    expect((await app.request('DELETE', `${competitionBase}/${fee.id}`, { token })).status).toBe(
      200,
    );
    expect(await drift()).toEqual(exact);
    expect((await summaryRows(schoolId)).days).toBeGreaterThan(0);

    // The school deleted: its rows cascade, and so do their summaries.
    await app.db.delete(competitions).where(eq(competitions.schoolId, schoolId));
    await app.db.delete(organizations).where(eq(organizations.id, schoolId));
    expect(await drift()).toEqual(exact);
    expect(await summaryRows(schoolId)).toEqual({ students: 0, schedules: 0, days: 0 });
  });
});
