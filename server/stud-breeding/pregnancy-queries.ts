import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  CHECK_TOLERANCE_DAYS,
  DUE_WINDOW_DAYS,
  OPEN_PREGNANCY_STATUSES,
  pregnancies,
  pregnancyChecks,
  studTasks,
} from '@/db/schema';
import { notFound } from '../kernel/errors';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { findInStud, isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getStudSettings } from '../stud-herd/settings';
import { checkPurpose, suggestedDays } from './pregnancy-flow';
import type {
  Pregnancy,
  PregnancyCheck,
  PregnancyFilters,
  SuggestedCheck,
} from './pregnancy-schema';

const OPEN = sql.raw(OPEN_PREGNANCY_STATUSES.map((status) => `'${status}'`).join(', '));

/** The stud's pregnancies under `where` (over `p`), as the API answers them. */
function selectPregnancies(stud: Organization, where: SQL): SQL {
  const today = todayIn(stud.timezone);
  const [from, to] = DUE_WINDOW_DAYS;
  return sql`
  select p.id,
         json_build_object('id', m.id, 'name', mi.name) as mare,
         json_build_object('id', s.id, 'name', si.name) as stallion,
         p.reservation_id, p.breeding_event_id,
         to_char(p.base_date, 'YYYY-MM-DD') as base_date,
         case when p.status in (${OPEN}) then ${today}::date - p.base_date end as day,
         to_char(p.due_date, 'YYYY-MM-DD') as due_date,
         json_build_object('from', to_char(p.base_date + ${from}::int, 'YYYY-MM-DD'),
                           'to', to_char(p.base_date + ${to}::int, 'YYYY-MM-DD')) as due_window,
         p.status, p.twins, p.fetal_sex, to_char(p.ended_on, 'YYYY-MM-DD') as ended_on, p.notes,
         (select json_build_object('date', to_char(c.date, 'YYYY-MM-DD'), 'result', c.result)
            from pregnancy_checks c
           where c.stud_id = p.stud_id and c.pregnancy_id = p.id
           order by c.date desc, c.created_at desc limit 1) as last_check,
         ${isoTimestampSql(sql`p.created_at`)} as created_at,
         ${isoTimestampSql(sql`p.updated_at`)} as updated_at
    from pregnancies p
    join stud_horses m on m.stud_id = p.stud_id and m.id = p.mare_id
    join horse_identities mi on mi.id = m.horse_identity_id
    join stud_horses s on s.stud_id = p.stud_id and s.id = p.stallion_id
    join horse_identities si on si.id = s.horse_identity_id
   where p.stud_id = ${stud.id} and ${where}`;
}

/** GET /pregnancies: by due date, then mare; one statement. */
export async function listPregnancies(
  db: Database,
  stud: Organization,
  input: PregnancyFilters,
): Promise<Pregnancy[]> {
  const filters: SQL[] = [sql`true`];
  if (input.status) filters.push(sql`p.status = ${input.status}`);
  if (input.due_from) filters.push(sql`p.due_date >= ${input.due_from}`);
  if (input.due_to) filters.push(sql`p.due_date <= ${input.due_to}`);
  if (input.stallion_id) filters.push(sql`p.stallion_id = ${input.stallion_id}`);
  if (input.mare_id) filters.push(sql`p.mare_id = ${input.mare_id}`);
  return queryRows<Pregnancy>(
    db,
    sql`${selectPregnancies(stud, sql.join(filters, sql` and `))}
        order by p.due_date, lower(mi.name), p.id`,
  );
}

export async function getPregnancy(
  db: Database,
  stud: Organization,
  pregnancyId: string,
): Promise<Pregnancy> {
  const [row] = isUuid(pregnancyId)
    ? await queryRows<Pregnancy>(db, selectPregnancies(stud, sql`p.id = ${pregnancyId}`))
    : [];
  if (!row) throw notFound('Pregnancy');
  return row;
}

/** The checks of a pregnancy under `where` (over `c`), with their day of the pregnancy. */
function selectChecks(studId: string, where: SQL): SQL {
  return sql`
  select c.id, c.pregnancy_id, to_char(c.date, 'YYYY-MM-DD') as date, c.date - p.base_date as day,
         c.method, c.result, c.heartbeat, c.fetal_sex, c.reported_by, c.vet_name, c.notes,
         ${isoTimestampSql(sql`c.created_at`)} as created_at,
         ${isoTimestampSql(sql`c.updated_at`)} as updated_at
    from pregnancy_checks c
    join pregnancies p on p.stud_id = c.stud_id and p.id = c.pregnancy_id
   where c.stud_id = ${studId} and ${where}`;
}

export async function getCheck(db: Database, studId: string, checkId: string) {
  const [row] = await queryRows<PregnancyCheck>(db, selectChecks(studId, sql`c.id = ${checkId}`));
  return row!;
}

/** GET /pregnancies/{id}/checks: in date order, the course of the pregnancy. */
export async function listChecks(
  db: Database,
  stud: Organization,
  pregnancyId: string,
): Promise<PregnancyCheck[]> {
  await findInStud(db, pregnancies, stud.id, pregnancyId, 'Pregnancy');
  return queryRows<PregnancyCheck>(
    db,
    sql`${selectChecks(stud.id, sql`c.pregnancy_id = ${pregnancyId}`)}
        order by c.date, c.created_at, c.id`,
  );
}

/**
 * GET /pregnancies/{id}/suggested-checks: the days of its suggested tasks (the stud's days
 * when it has none, as a pregnancy recorded before them), each done when a check falls within
 * ±3 days of it or its task is done.
 */
export async function listSuggestedChecks(
  db: Database,
  stud: Organization,
  pregnancyId: string,
): Promise<SuggestedCheck[]> {
  const pregnancy = await findInStud(db, pregnancies, stud.id, pregnancyId, 'Pregnancy');
  const ofPregnancy = (table: typeof studTasks | typeof pregnancyChecks) =>
    and(eq(table.studId, stud.id), eq(table.pregnancyId, pregnancyId));
  const tasks = await db
    .select({ day: studTasks.pregnancyDay, status: studTasks.status })
    .from(studTasks)
    .where(and(ofPregnancy(studTasks), isNotNull(studTasks.pregnancyDay)));
  const checks = await db
    .select({ date: pregnancyChecks.date })
    .from(pregnancyChecks)
    .where(ofPregnancy(pregnancyChecks));
  const taskDone = new Map(tasks.map((task) => [task.day!, task.status === 'done']));
  const days =
    tasks.length > 0
      ? [...taskDone.keys()].sort((a, b) => a - b)
      : suggestedDays((await getStudSettings(db, stud)).check_days, pregnancy.gestationDays);
  return days.map((day) => {
    const date = addDaysTo(pregnancy.baseDate, day);
    const [from, to] = [-1, 1].map((sign) => addDaysTo(date, sign * CHECK_TOLERANCE_DAYS));
    return {
      day,
      date,
      purpose: checkPurpose(day, pregnancy.gestationDays),
      done: taskDone.get(day) === true || checks.some((c) => c.date >= from! && c.date <= to!),
    };
  });
}
