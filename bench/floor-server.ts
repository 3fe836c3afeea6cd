/*
 * The floor of the benchmark (issue 8): the SQL statements that three routes run (students
 * page 1, dashboard, competition print list), copied from Drizzle's query log, served by a
 * bare node:http server with postgres.js and no framework, no token check and no
 * validation. What is left is the database and JSON, the least any implementation pays.
 *
 *   PORT=4100 DATABASE_URL=... SCHOOL_ID=... COMPETITION_ID=... USER_SUBJECT=... \
 *     tsx bench/floor-server.ts
 *
 * bench/run.ts starts it; `today` and the month are fixed at start, as in one request.
 */
import http from 'node:http';
import postgres from 'postgres';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const sql = postgres(env('DATABASE_URL'), { max: 10, onnotice: () => {} });
const schoolId = env('SCHOOL_ID');
const competitionId = env('COMPETITION_ID');
const issuer = env('USER_ISSUER');
const subject = env('USER_SUBJECT');
const today = env('TODAY');
const monthStart = env('MONTH_START');
const nextMonthStart = env('NEXT_MONTH_START');
const monthStartInstant = env('MONTH_START_INSTANT');
const nextMonthStartInstant = env('NEXT_MONTH_START_INSTANT');
const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();

/** What every school route runs first: the caller, then the school with the caller's role. */
async function caller(): Promise<void> {
  const [user] = await sql`
    select "id", "issuer", "subject", "email", "email_verified", "display_name", "status", "is_platform_admin", "created_at", "updated_at"
    from "users" where ("users"."issuer" = ${issuer} and "users"."subject" = ${subject})`;
  await sql`
    select "organizations"."id", "organizations"."name", "organizations"."timezone", "organizations"."currency", "organizations"."status", "memberships"."role"
    from "organizations" left join "memberships" on ("memberships"."organization_id" = "organizations"."id" and "memberships"."user_id" = ${user!.id as string})
    where ("organizations"."id" = ${schoolId} and "organizations"."type" = 'school') limit 1`;
}

async function studentsPage(): Promise<unknown> {
  await caller();
  const [rows, [counted]] = await Promise.all([
    sql`
      select "school_id", "id", "first_name", "last_name", "birth_date", "gender", "document_type", "document_number", "phone", "email", "street", "city", "state",
             "emergency_contact_name", "emergency_contact_relationship", "emergency_contact_phone", "level", "status", "notes", "anonymized_at", "created_at", "updated_at"
      from "students" where "students"."school_id" = ${schoolId}
      order by "students"."last_name" asc, "students"."first_name" asc, "students"."id" asc limit 20`,
    sql`select count(*)::int as total from "students" where "students"."school_id" = ${schoolId}`,
  ]);
  return { data: rows, meta: { current_page: 1, per_page: 20, total: counted!.total as number } };
}

async function dashboard(): Promise<unknown> {
  await caller();
  const [stats] = await sql`
    with student_counts as (
      select count(*)::int as total,
             (count(*) filter (where status = 'active'))::int as active,
             (count(*) filter (where created_at >= ${monthStartInstant}::timestamptz
                                 and created_at < ${nextMonthStartInstant}::timestamptz))::int as new_this_month
      from students where school_id = ${schoolId}
    ),
    instructor_counts as (
      select count(*)::int as total, (count(*) filter (where status = 'active'))::int as active
      from instructors where school_id = ${schoolId}
    ),
    horse_counts as (
      select count(*)::int as total,
             (count(*) filter (where status = 'active'))::int as active,
             (count(*) filter (where status = 'resting'))::int as resting
      from horses where school_id = ${schoolId}
    ),
    class_counts as (
      select count(*)::int as total, (count(*) filter (where status = 'active'))::int as active
      from classes where school_id = ${schoolId}
    ),
    todays_schedules as (
      select sc.id from schedules sc
      join classes cl on cl.school_id = sc.school_id and cl.id = sc.class_id and cl.status = 'active'
      where sc.school_id = ${schoolId} and sc.day_of_week = ${weekday}
    ),
    today_counts as (
      select
        (select count(*) from todays_schedules)::int as classes_count,
        (select count(*) from enrollments
          where school_id = ${schoolId}
            and schedule_id in (select id from todays_schedules)
            and status = 'active'
            and start_date <= ${today}::date
            and (end_date is null or end_date >= ${today}::date))::int as students_expected,
        (select count(distinct schedule_id) from attendance
          where school_id = ${schoolId}
            and date = ${today}::date
            and schedule_id in (select id from todays_schedules))::int as attendance_recorded
    ),
    money as (
      select status, amount from payments
      where school_id = ${schoolId} and status = 'paid' and paid_date >= ${monthStart}::date and paid_date < ${nextMonthStart}::date
      union all
      select status, amount from payments where school_id = ${schoolId} and status = 'pending'
      union all
      select status, amount from competition_payments
      where school_id = ${schoolId} and status = 'paid' and paid_date >= ${monthStart}::date and paid_date < ${nextMonthStart}::date
      union all
      select status, amount from competition_payments where school_id = ${schoolId} and status = 'pending'
    ),
    finance_counts as (
      select coalesce(sum(amount) filter (where status = 'paid'), 0)::text as month_income,
             (count(*) filter (where status = 'pending'))::int as pending_payments,
             coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending_amount
      from money
    )
    select s.total as students_total, s.active as students_active, s.new_this_month as students_new,
           i.total as instructors_total, i.active as instructors_active,
           h.total as horses_total, h.active as horses_active, h.resting as horses_resting,
           c.total as classes_total, c.active as classes_active,
           t.classes_count, t.students_expected, t.attendance_recorded,
           coalesce(round(100.0 * t.attendance_recorded / nullif(t.classes_count, 0), 1), 0)::float8 as attendance_rate,
           m.month_income, m.pending_payments, m.pending_amount
    from student_counts s, instructor_counts i, horse_counts h, class_counts c, today_counts t, finance_counts m`;
  return { data: stats };
}

async function printList(): Promise<unknown> {
  await caller();
  const [competition] = await sql`
    select "school_id", "id", "name", "description", "date", "location", "type", "categories", "fees", "status", "created_at", "updated_at"
    from "competitions" where ("competitions"."school_id" = ${schoolId} and "competitions"."id" = ${competitionId}) limit 1`;
  const rows = await sql`
    select "competition_entries"."category", "competition_entries"."order_number", "students"."first_name" || ' ' || "students"."last_name" as student_name,
           "students"."birth_date", "horses"."name" as horse_name, "competition_results"."ribbon"
    from "competition_entries"
    inner join "students" on ("students"."school_id" = "competition_entries"."school_id" and "students"."id" = "competition_entries"."student_id")
    left join "horses" on ("horses"."school_id" = "competition_entries"."school_id" and "horses"."id" = "competition_entries"."horse_id")
    left join "competition_results" on ("competition_results"."school_id" = "competition_entries"."school_id" and "competition_results"."entry_id" = "competition_entries"."id")
    where ("competition_entries"."school_id" = ${schoolId} and "competition_entries"."competition_id" = ${competitionId}
           and "competition_entries"."status" in ('pending', 'confirmed', 'completed'))
    order by "competition_entries"."order_number" asc, "students"."birth_date" asc nulls last, "competition_entries"."created_at" asc, "competition_entries"."id" asc`;
  const categories: Record<string, unknown[]> = {};
  for (const row of rows) (categories[row.category as string] ??= []).push(row);
  return {
    data: {
      competition: {
        name: competition!.name,
        date: competition!.date,
        location: competition!.location,
      },
      categories,
    },
  };
}

/**
 * Floor 2 of issue 27: a 20-row indexed list (the students of a school by name, read through
 * `students_school_name_idx`), no token, no caller lookup: one statement and JSON.
 */
async function list(): Promise<unknown> {
  const rows = await sql`
    select "id", "first_name", "last_name", "birth_date", "level", "status", "email", "phone"
    from "students" where "students"."school_id" = ${schoolId}
    order by "students"."last_name" asc, "students"."first_name" asc, "students"."id" asc limit 20`;
  return { data: rows };
}

/** Floor 1 of issue 27: a canned 12 KiB JSON body, written from memory. */
const canned = Buffer.from(
  JSON.stringify({
    data: Array.from({ length: 60 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      first_name: 'Canned',
      last_name: `Student ${i + 1}`,
      email: `canned${i + 1}@floor.test`,
      level: 'beginner',
      status: 'active',
      note: 'x'.repeat(40),
    })),
  }).slice(0, 12 * 1024 + 300),
);

const routes: Record<string, () => Promise<unknown>> = {
  '/list': list,
  '/students': studentsPage,
  '/dashboard': dashboard,
  '/print-list': printList,
};

const server = http.createServer((req, res) => {
  if (req.url === '/canned') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(canned);
    return;
  }
  const handler = routes[req.url ?? ''];
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  handler().then(
    (body) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    },
    (error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    },
  );
});

server.listen(Number(env('PORT')), '127.0.0.1', () => console.log('floor server ready'));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    void sql.end().finally(() => process.exit(0));
  });
}
