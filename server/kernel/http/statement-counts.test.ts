import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, statementCounter } from '@/db/client';
import { useTestApp } from '../../test/harness';
import { schoolOperations } from '../../test/api-routes';

const app = useTestApp();

const DATE = '2026-10-05'; // a Monday, the schedules' day
const MONTH = { start_date: '2026-10-01', end_date: '2026-10-31' };

/** An md5 of `text` as a uuid with version 4 and the RFC variant, as the API's uuid fields want. */
const uid = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** The id of record `n` of a kind in the school (SQL). */
const id = (kind: string, n: string) => uid(`school::text || ':${kind}:' || (${n})::text`);

/**
 * `n` records of every kind in the school, set-based: students, instructors, horses, classes
 * with a Monday schedule each, an enrollment per student, their attendance on DATE, a
 * tuition payment each, a competition with an entry and an entry payment per student, and
 * a photo per horse.
 */
async function fill(schoolId: string, n: number) {
  const run = (text: string) =>
    app.db.execute(
      sql.raw(
        `with k as (select '${schoolId}'::uuid as school) ${text.replace(/\bFROM_N\b/g, `from k, generate_series(1, ${n}) n`)}`,
      ),
    );
  await run(`insert into students (school_id, id, first_name, last_name, level)
    select school, ${id('student', 'n')}, 'Student', lpad(n::text, 3, '0'), 'beginner' FROM_N`);
  await run(
    `insert into instructors (school_id, id, first_name, last_name) select school, ${id('instructor', 'n')}, 'Iris', n::text FROM_N`,
  );
  await run(
    `insert into horses (school_id, id, name, level) select school, ${id('horse', 'n')}, 'Horse ' || n, 'all' FROM_N`,
  );
  await run(`insert into classes (school_id, id, name, type, level, max_students, price, price_type)
    select school, ${id('class', 'n')}, 'Class ' || n, 'group', 'beginner', 10, 50, 'monthly' FROM_N`);
  await run(`insert into schedules (school_id, id, class_id, instructor_id, day_of_week, start_time, end_time, max_students)
    select school, ${id('schedule', 'n')}, ${id('class', 'n')}, ${id('instructor', 'n')}, 1, '10:00', '11:00', 10 FROM_N`);
  await run(`insert into enrollments (school_id, id, student_id, class_id, schedule_id, horse_id, start_date)
    select school, ${id('enrollment', 'n')}, ${id('student', 'n')}, ${id('class', 'n')}, ${id('schedule', 'n')}, ${id('horse', 'n')},
           '2026-01-01' FROM_N`);
  await run(`insert into attendance (school_id, schedule_id, enrollment_id, student_id, date, status, horse_id)
    select school, ${id('schedule', 'n')}, ${id('enrollment', 'n')}, ${id('student', 'n')}, '${DATE}', 'present', ${id('horse', 'n')} FROM_N`);
  await run(`insert into payments (school_id, id, student_id, enrollment_id, class_id, concept, description, amount, currency,
                                   due_date, period, status, payment_method, paid_date)
    select school, ${id('payment', 'n')}, ${id('student', 'n')}, ${id('enrollment', 'n')}, ${id('class', 'n')}, 'tuition',
           'Tuition 2026-10', 60, 'EUR', '2026-10-10', '2026-10', case when n % 2 = 0 then 'paid' else 'pending' end,
           case when n % 2 = 0 then 'cash' end, case when n % 2 = 0 then date '2026-10-08' end FROM_N`);
  await run(`insert into competitions (school_id, id, name, date, location, type, categories, fees, status)
    select school, ${id('competition', '1')}, 'Spring cup', '2026-12-01', 'Main arena', 'internal', array['Category 1'],
           '[{"concept":"inscription","name":"Inscription","amount":50,"is_required":true,"applies_to":"entry","description":null}]'::jsonb,
           'upcoming' from k`);
  await run(`insert into competition_entries (school_id, id, competition_id, student_id, horse_id, category, order_number, status)
    select school, ${id('entry', 'n')}, ${id('competition', '1')}, ${id('student', 'n')}, ${id('horse', 'n')}, 'Category 1', n,
           'confirmed' FROM_N`);
  await run(`insert into competition_payments (school_id, id, competition_id, entry_id, student_id, horse_id, concept, concept_detail,
                                               amount, due_date, status, fee_applies_to, fee_key)
    select school, ${id('competition-payment', 'n')}, ${id('competition', '1')}, ${id('entry', 'n')}, ${id('student', 'n')},
           ${id('horse', 'n')}, 'inscription', 'Inscription', 50, '2026-11-24', 'pending', 'entry', 'inscription:Inscription' FROM_N`);
  await run(`insert into media (organization_id, id, content_type, size_bytes, sha256, store, storage_key, filename)
    select school, ${id('media', 'n')}, 'image/png', 4, md5(n::text), 'database', 'photo-' || n, 'photo-' || n || '.png' FROM_N`);
  await run(
    `insert into media_blobs (media_id, bytes) select ${id('media', 'n')}, '\\x89504e47'::bytea FROM_N`,
  );
  await run(`insert into school_horse_media (school_id, horse_id, media_id)
    select school, ${id('horse', 'n')}, ${id('media', 'n')} FROM_N`);
  await run(`insert into levels (school_id, id, name, position, base_level, min_attended_classes)
    select school, ${id('level', 'n')}, 'Level ' || n, n, 'beginner', 1 FROM_N`);
  await run(`insert into level_changes (school_id, student_id, level_id, achieved_on)
    select school, ${id('student', 'n')}, ${id('level', 'n')}, '2026-09-01' FROM_N`);
  await run(`update students set current_level_id = ${id('level', "regexp_replace(last_name, '^0+', '')::int")}
    from k where school_id = school`);
  await run(`insert into badges (school_id, id, name, rule_type, rule_threshold)
    select school, ${id('badge', 'n')}, 'Badge ' || n, 'attendance_count', n FROM_N`);
  await run(`insert into student_badges (school_id, id, student_id, badge_id, awarded_on, source)
    select school, ${id('award', 'n')}, ${id('student', 'n')}, ${id('badge', 'n')}, '2026-10-01', 'rule' FROM_N`);
  await run(`insert into waitlist_entries (school_id, id, reference, registrant_name, registrant_email,
                                           relationship, rider_first_name, rider_last_name, consent_at,
                                           withdraw_token_hash)
    select school, ${id('waitlist', 'n')}, 'WL-' || n, 'Registrant ' || n, 'r' || n || '@x.test', 'parent',
           'Rider', n::text, now(), md5(school::text || n) FROM_N`);
  await run(`insert into certificates (school_id, id, student_id, code, title, kind, issued_on, holder_name)
    select school, ${id('certificate', 'n')}, ${id('student', 'n')}, school || '-' || n, 'Certificate ' || n, 'level',
           '2026-10-01', 'Student ' || n FROM_N`);
}

/** The first record of each kind, by the path parameter that names it. */
async function firstIds(schoolId: string): Promise<Record<string, string>> {
  const kinds = {
    studentId: 'student',
    instructorId: 'instructor',
    horseId: 'horse',
    classId: 'class',
    scheduleId: 'schedule',
    enrollmentId: 'enrollment',
    paymentId: 'payment',
    competitionPaymentId: 'competition-payment',
    competitionId: 'competition',
    entryId: 'entry',
    mediaId: 'media',
    levelId: 'level',
    badgeId: 'badge',
    awardId: 'award',
    certificateId: 'certificate',
    waitlistEntryId: 'waitlist',
  };
  const select = Object.entries(kinds)
    .map(([param, kind]) => `${uid(`'${schoolId}:${kind}:1'`)}::text as "${param}"`)
    .join(', ');
  const [row] = await queryRows<Record<string, string>>(app.db, sql.raw(`select ${select}`));
  return { schoolId, ...row! };
}

/** Every read of a school: list routes, reports and single records alike. */
const reads = schoolOperations().filter((op) => op.method === 'GET');

/** Query parameters that some reads require. */
const requiredQuery = (ids: Record<string, string>): Record<string, string> => ({
  schedule_id: ids.scheduleId!,
  date: DATE,
});

/** Optional query parameters sent to make a read cover a month of the filled data. */
const monthOf: Record<string, Record<string, string>> = {
  '/schools/{schoolId}/attendance/report': MONTH,
  '/schools/{schoolId}/horses/{horseId}/usage': MONTH,
  '/schools/{schoolId}/reports/financial': MONTH,
  '/schools/{schoolId}/schedules/weekly': { week: DATE },
};

async function statementsPerRead(
  size: number,
): Promise<Map<string, { status: number; statements: number; body: string }>> {
  // An owner per school: an invitation binds at the user's first sign-in.
  const owner = `owner-${size}@counts.test`;
  const schoolId = await app.createSchool({ members: { [owner]: 'owner' } });
  await fill(schoolId, size);
  const ids = await firstIds(schoolId);
  const token = await app.tokenFor(owner);
  // The first request creates the user and binds the invitation.
  await app.request('GET', `/api/schools/${schoolId}`, { token });
  const counts = new Map<string, { status: number; statements: number; body: string }>();
  for (const op of reads) {
    // Both kinds of payment are named paymentId, both kinds of entry entryId.
    const named = op.path.includes('/competitions/')
      ? { ...ids, paymentId: ids.competitionPaymentId! }
      : op.path.includes('/waitlist/')
        ? { ...ids, entryId: ids.waitlistEntryId! }
        : ids;
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => named[name]!);
    const query = new URLSearchParams(monthOf[op.path]);
    for (const param of op.query)
      if (param.required) query.set(param.name, requiredQuery(ids)[param.name]!);
    const counter = { count: 0 };
    const res = await statementCounter.run(counter, () =>
      app.request('GET', `/api${path}?${query}`, { token }),
    );
    counts.set(`GET ${op.path}`, {
      status: res.status,
      statements: counter.count,
      body: res.text.slice(0, 200),
    });
  }
  return counts;
}

describe('SQL statements per read, small and large school', () => {
  it('are the same for every read of a school with 2 and with 40 records of each kind', async () => {
    expect(reads.length).toBeGreaterThan(30);
    const small = await statementsPerRead(2);
    const large = await statementsPerRead(40);
    for (const [route, answer] of [...small, ...large]) {
      expect({
        route,
        status: answer.status,
        body: answer.status === 200 ? '' : answer.body,
      }).toEqual({ route, status: 200, body: '' });
    }
    const countsOf = (counts: typeof small) =>
      Object.fromEntries([...counts].map(([route, { statements }]) => [route, statements]));
    expect(countsOf(large)).toEqual(countsOf(small));
  });
});
