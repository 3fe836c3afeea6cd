/*
 * The school at scale (issue 8): one large school and 200 small ones, for the benchmark.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/eq_bench npm run seed:scale
 *
 * Migrates the database, then fills it with set-based `insert ... select ... from
 * generate_series(...)` statements in one transaction. Record ids are derived from
 * (school, kind, number) with md5, so every reference is computed rather than looked up.
 * The data keeps every constraint and the rules the API enforces: one open enrollment per
 * student and schedule, attendance only on the schedule's weekday, not in the future and
 * for that enrollment's schedule and student, one live tuition per student and month, one
 * active entry per student and category, no instructor in two schedules at once.
 * owner@scale.school is invited as owner of the large school; its id is printed.
 */
import { performance } from 'node:perf_hooks';
import { format, subDays, subMonths } from 'date-fns';
import postgres from 'postgres';
import { openPostgres } from './client';

const SCALE_OWNER_EMAIL = 'owner@scale.school';

const LARGE = {
  students: 10_000,
  instructors: 60,
  classes: 300,
  schedules: 1_500,
  enrollments: 20_000,
  attendancePerEnrollment: 25,
  horses: 150,
  paymentMonths: 12,
  competitions: 50,
  entries: 40_000,
  bigCompetitionEntries: 2_000,
  categories: 8,
};
const SMALL_SCHOOLS = 200;
const SMALL = {
  students: 20,
  instructors: 2,
  classes: 3,
  schedules: 6,
  horses: 3,
  attendancePerEnrollment: 4,
};

/** A deterministic uuid for record `n` of a kind in school `s` (SQL expressions). */
const uid = (kind: string, s: string, n: string) =>
  v4(`(${s})::text || ':${kind}:' || (${n})::text`);
/** An md5 as a uuid with version 4 and the RFC variant: the API's uuid fields accept only those. */
function v4(text: string): string {
  return `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
}
const org = (s: string) => uid('org', s, '0');

const FIRST_NAMES = [
  'Lucía',
  'Mateo',
  'Sofía',
  'Hugo',
  'Martina',
  'Leo',
  'Valeria',
  'Daniel',
  'Emma',
  'Pablo',
  'Julia',
  'Álvaro',
  'Paula',
  'Manuel',
  'Carla',
  'Diego',
  'Sara',
  'Javier',
  'Irene',
  'Adrián',
];
const LAST_NAMES = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Ruiz',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Serrano',
  'Blanco',
  'Molina',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
];
const arrayLiteral = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

function statements(today: Date): [string, string][] {
  // Attendance covers the 25 weeks before last week; enrollments start before that.
  const base = format(subDays(today, 182), 'yyyy-MM-dd');
  const enrollmentStart = format(subDays(today, 196), 'yyyy-MM-dd');
  const firstMonth = format(subMonths(today, LARGE.paymentMonths - 1), 'yyyy-MM-01');
  const fees = JSON.stringify([
    {
      concept: 'inscription',
      name: 'Inscription',
      amount: 50,
      is_required: true,
      applies_to: 'entry',
      description: null,
    },
  ]);
  const categories = `array(select 'Category ' || c from generate_series(1, ${LARGE.categories}) c)`;
  const first = arrayLiteral(FIRST_NAMES);
  const last = arrayLiteral(LAST_NAMES);
  const L = '0';

  return [
    [
      'organizations',
      `insert into organizations (id, type, name, timezone, currency, verified)
       select ${org('s')}, 'school', case when s = 0 then 'Scale School' else 'Small School ' || lpad(s::text, 3, '0') end,
              'Europe/Madrid', 'EUR', true
       from generate_series(0, ${SMALL_SCHOOLS}) s`,
    ],
    [
      'membership',
      `insert into memberships (organization_id, invited_email, role) values (${org(L)}, '${SCALE_OWNER_EMAIL}', 'owner')`,
    ],
    [
      'instructors',
      `insert into instructors (school_id, id, first_name, last_name, email, specialties, experience_years, hourly_rate)
       select ${org('s')}, ${uid('instructor', 's', 'n')}, (${first})[n % 20 + 1], (${last})[n % 25 + 1] || ' ' || n,
              'instructor' || n || '@school' || s || '.test', '{dressage,jumping}', n % 20, 25 + n % 10
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            generate_series(1, case when s = 0 then ${LARGE.instructors} else ${SMALL.instructors} end) n`,
    ],
    [
      'horses',
      `insert into horses (school_id, id, name, breed, birth_year, level, max_daily_classes)
       select ${org('s')}, ${uid('horse', 's', 'n')}, 'Horse ' || lpad(n::text, 3, '0'), 'Andalusian', 2005 + n % 15,
              (array['beginner','intermediate','advanced','all'])[n % 4 + 1], 25
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            generate_series(1, case when s = 0 then ${LARGE.horses} else ${SMALL.horses} end) n`,
    ],
    [
      'classes',
      `insert into classes (school_id, id, name, type, level, discipline, max_students, price, price_type)
       select ${org('s')}, ${uid('class', 's', 'n')}, 'Class ' || lpad(n::text, 3, '0'), 'group',
              (array['beginner','intermediate','advanced','professional'])[n % 4 + 1], 'dressage', 20,
              40 + (n % 10) * 5, case when n % 10 = 0 then 'per_class' else 'monthly' end
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            generate_series(1, case when s = 0 then ${LARGE.classes} else ${SMALL.classes} end) n`,
    ],
    [
      // Schedule m (0-based) belongs to class m % classes and instructor m % instructors; its
      // slot j = m / instructors gives each instructor distinct (day, hour) pairs, and the
      // schedules of one class distinct days.
      'schedules',
      `insert into schedules (school_id, id, class_id, instructor_id, day_of_week, start_time, end_time, location, max_students)
       select ${org('s')}, ${uid('schedule', 's', 'm + 1')}, ${uid('class', 's', 'm % k.classes + 1')},
              ${uid('instructor', 's', 'm % k.instructors + 1')}, (m / k.instructors) % 7,
              time '08:00' + make_interval(hours => (m / k.instructors) / 7),
              time '09:00' + make_interval(hours => (m / k.instructors) / 7), 'Arena ' || (m % 3 + 1), 20
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            lateral (select case when s = 0 then ${LARGE.schedules} else ${SMALL.schedules} end as schedules,
                            case when s = 0 then ${LARGE.classes} else ${SMALL.classes} end as classes,
                            case when s = 0 then ${LARGE.instructors} else ${SMALL.instructors} end as instructors) k,
            generate_series(0, k.schedules - 1) m`,
    ],
    [
      'students',
      `insert into students (school_id, id, first_name, last_name, birth_date, document_type, document_number, phone, email,
                             city, level, status, created_at, updated_at)
       select ${org('s')}, ${uid('student', 's', 'n')}, (${first})[n % 20 + 1], (${last})[(n / 20) % 25 + 1],
              date '1970-01-01' + (n * 37) % 15000, 'dni', 'S' || s || '-' || n, '+34 600 ' || lpad(n::text, 6, '0'),
              'student' || n || '@school' || s || '.test', 'Madrid',
              (array['beginner','intermediate','advanced'])[n % 3 + 1],
              case when n % 20 = 0 then 'inactive' else 'active' end,
              now() - make_interval(hours => n), now() - make_interval(hours => n)
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            generate_series(1, case when s = 0 then ${LARGE.students} else ${SMALL.students} end) n`,
    ],
    [
      // Large school: student i is in schedules i and i + 750 (of 1,500), so two open
      // enrollments never share a schedule; about 13 students per schedule (of 20 places).
      'enrollments',
      `insert into enrollments (school_id, id, student_id, class_id, schedule_id, horse_id, start_date)
       select ${org('s')}, ${uid('enrollment', 's', 'e + 1')}, ${uid('student', 's', 'e % k.students + 1')},
              ${uid('class', 's', 'sc % k.classes + 1')}, ${uid('schedule', 's', 'sc + 1')},
              ${uid('horse', 's', 'e % k.horses + 1')}, date '${enrollmentStart}'
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            lateral (select case when s = 0 then ${LARGE.enrollments} else ${SMALL.students} end as enrollments,
                            case when s = 0 then ${LARGE.students} else ${SMALL.students} end as students,
                            case when s = 0 then ${LARGE.schedules} else ${SMALL.schedules} end as schedules,
                            case when s = 0 then ${LARGE.classes} else ${SMALL.classes} end as classes,
                            case when s = 0 then ${LARGE.horses} else ${SMALL.horses} end as horses) k,
            generate_series(0, k.enrollments - 1) e,
            lateral (select ((e % k.students) + (e / k.students) * (k.schedules / 2)) % k.schedules as sc) p`,
    ],
    [
      // One record per enrollment and week, on the schedule's weekday.
      'attendance',
      `insert into attendance (school_id, id, schedule_id, enrollment_id, student_id, date, status, horse_id, performance_rating)
       select e.school_id, ${v4("e.id::text || ':' || w")}, e.schedule_id, e.id, e.student_id,
              date '${base}' + (sc.day_of_week - extract(dow from date '${base}')::int + 7) % 7 + 7 * w,
              (array['present','present','present','late','absent','excused'])[((hashtext(e.id::text) & 65535) + w) % 6 + 1],
              e.horse_id, ((hashtext(e.id::text) & 65535) + w) % 5 + 1
       from enrollments e
       join schedules sc on sc.school_id = e.school_id and sc.id = e.schedule_id
       cross join lateral generate_series(0, case when e.school_id = ${org(L)} then ${LARGE.attendancePerEnrollment}
                                                  else ${SMALL.attendancePerEnrollment} end - 1) w
       -- In date order, as a school records it: rows of a day sit together and the date index grows at its end.
       order by 6`,
    ],
    [
      // Tuition for the last 12 months: paid up to two months ago, then pending (overdue or not).
      'payments',
      `insert into payments (school_id, id, student_id, enrollment_id, class_id, concept, description, amount, currency,
                             due_date, period, status, payment_method, paid_date)
       select ${org('s')}, ${uid('payment', 's', 'n * 100 + p')}, ${uid('student', 's', 'n')},
              ${uid('enrollment', 's', 'n')}, ${uid('class', 's', '(n - 1) % k.classes + 1')}, 'tuition',
              'Tuition ' || to_char(month, 'YYYY-MM'), 60 + (n % 4) * 5, 'EUR', (month + 9)::date, to_char(month, 'YYYY-MM'),
              case when p < k.months - 2 or (p = k.months - 2 and n % 7 <> 0) then 'paid' else 'pending' end,
              case when p < k.months - 2 or (p = k.months - 2 and n % 7 <> 0)
                   then (array['cash','transfer','card'])[n % 3 + 1] end,
              case when p < k.months - 2 or (p = k.months - 2 and n % 7 <> 0) then (month + 7)::date end
       from generate_series(0, ${SMALL_SCHOOLS}) s,
            lateral (select case when s = 0 then ${LARGE.students} else ${SMALL.students} end as students,
                            case when s = 0 then ${LARGE.paymentMonths} else 1 end as months,
                            case when s = 0 then ${LARGE.classes} else ${SMALL.classes} end as classes) k,
            generate_series(1, k.students) n,
            generate_series(0, k.months - 1) p,
            lateral (select (date '${firstMonth}' + make_interval(months => p + ${LARGE.paymentMonths} - k.months))::date as month) d`,
    ],
    [
      // Competition 1 is upcoming with 2,000 entries; the others alternate past and future.
      'competitions',
      `insert into competitions (school_id, id, name, date, location, type, categories, fees, status)
       select ${org(L)}, ${uid('competition', L, 'c')}, 'Competition ' || lpad(c::text, 2, '0'),
              current_date + case when c = 1 then 30 when c % 2 = 0 then -7 * c else 7 * c end, 'Main arena', 'internal',
              ${categories}, '${fees}'::jsonb,
              case when c = 1 or c % 2 = 1 then 'upcoming' else 'completed' end
       from generate_series(1, ${LARGE.competitions}) c`,
    ],
    [
      // Entry g is row r of its competition: category r % 8, order (r - 1) / 8 + 1, and a
      // student that no other row of the competition has.
      'competition_entries',
      `insert into competition_entries (school_id, id, competition_id, student_id, horse_id, category, order_number, status)
       select ${org(L)}, ${uid('entry', L, 'g')}, ${uid('competition', L, 'c')},
              ${uid('student', L, `(r - 1 + c * 131) % ${LARGE.students} + 1`)}, ${uid('horse', L, `r % ${LARGE.horses} + 1`)},
              'Category ' || ((r - 1) % ${LARGE.categories} + 1), (r - 1) / ${LARGE.categories} + 1,
              case when c % 2 = 0 then 'completed' else 'confirmed' end
       from generate_series(1, ${LARGE.entries}) g,
            lateral (select case when g <= ${LARGE.bigCompetitionEntries} then 1
                                 else (g - ${LARGE.bigCompetitionEntries} - 1) % ${LARGE.competitions - 1} + 2 end as c,
                            case when g <= ${LARGE.bigCompetitionEntries} then g
                                 else (g - ${LARGE.bigCompetitionEntries} - 1) / ${LARGE.competitions - 1} + 1 end as r) k`,
    ],
    [
      'competition_payments',
      `insert into competition_payments (school_id, id, competition_id, entry_id, student_id, horse_id, concept, concept_detail,
                                         amount, due_date, status, payment_method, paid_date, fee_applies_to, fee_key)
       select e.school_id, ${v4("e.id::text || ':payment'")}, e.competition_id, e.id, e.student_id, e.horse_id,
              'inscription', 'Inscription', 50, c.date - 7,
              case when c.status = 'completed' then 'paid' else 'pending' end,
              case when c.status = 'completed' then 'card' end,
              case when c.status = 'completed' then c.date - 7 end, 'entry', 'inscription:Inscription'
       from competition_entries e
       join competitions c on c.school_id = e.school_id and c.id = e.competition_id
       where e.school_id = ${org(L)}`,
    ],
  ];
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is required: a PostgreSQL database, migrated and then filled (use an empty one).',
    );
    process.exit(1);
  }
  const started = performance.now();
  const handle = await openPostgres(url, { max: 1 });
  await handle.migrate();
  await handle.close();

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [existing] = await sql<{ id: string }[]>`
      select organization_id as id from memberships where lower(invited_email) = ${SCALE_OWNER_EMAIL}
      union select ${sql.unsafe(org('0'))}::uuid from organizations where id = ${sql.unsafe(org('0'))}`;
    if (existing) {
      console.log(
        `Already seeded: the large school is ${existing.id}. Use an empty database to seed again.`,
      );
      return;
    }
    await sql.begin(async (tx) => {
      // Durability of a seed is not worth waiting for: the commit is one fsync either way.
      await tx.unsafe('set local synchronous_commit = off');
      for (const [label, text] of statements(new Date())) {
        const t = performance.now();
        const result = await tx.unsafe(text);
        console.log(
          `${label.padEnd(22)} ${String(result.count).padStart(8)} rows ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
        );
      }
    });
    const t = performance.now();
    await sql.unsafe('vacuum analyze');
    console.log(
      `${'vacuum analyze'.padEnd(36)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
    );
    const [school] = await sql<{ id: string }[]>`select ${sql.unsafe(org('0'))}::uuid as id`;
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Large school id: ${school!.id} (owner: ${SCALE_OWNER_EMAIL})`);
  } finally {
    await sql.end();
  }
}

await main();
