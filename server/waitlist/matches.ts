import { inArray, and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { memberships } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { DAY_NAMES } from '../kernel/fields/day-names';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { notify } from '../notifications/notify';
import { selectEntries } from './entry-queries';
import type { Entry } from './entry-schema';

type ScheduleShape = {
  class_id: string;
  class_name: string;
  level: string;
  day_of_week: number;
  start_time: string;
};

async function scheduleShape(db: Database, schoolId: string, scheduleId: string) {
  const [schedule] = isUuid(scheduleId)
    ? await queryRows<ScheduleShape>(
        db,
        sql`select s.class_id, c.name as class_name, c.level, s.day_of_week,
                   to_char(s.start_time, 'HH24:MI') as start_time
              from schedules s join classes c on c.school_id = s.school_id and c.id = s.class_id
             where s.school_id = ${schoolId} and s.id = ${scheduleId}`,
      )
    : [];
  return schedule;
}

/**
 * Waiting entries a schedule could take (A.4): its class asked for, or no class but its level
 * or none, on its weekday or any day.
 */
function matching(schedule: ScheduleShape): SQL {
  return sql`w.status = 'waiting'
    and (w.class_id = ${schedule.class_id}
         or (w.class_id is null and (w.level is null or w.level = ${schedule.level})))
    and (cardinality(w.days_of_week) = 0 or ${schedule.day_of_week}::smallint = any(w.days_of_week))`;
}

/** GET /schedules/{id}/waitlist-matches: oldest first. */
export async function scheduleMatches(
  db: Database,
  school: School,
  scheduleId: string,
): Promise<Entry[]> {
  const schedule = await scheduleShape(db, school.id, scheduleId);
  if (!schedule) throw notFound('Schedule');
  const rows = await queryRows<Entry & { created_order: unknown }>(
    db,
    sql`${selectEntries(school, matching(schedule))} order by w.created_at, w.id`,
  );
  return rows.map(({ created_order: _, ...entry }) => entry);
}

/**
 * A place freed in a schedule (an enrollment ended): if entries wait for it, its owners and
 * managers get an in-app notice (A.4 rule 5), in the caller's transaction.
 */
export async function noticeFreePlace(
  tx: Database,
  school: School,
  scheduleId: string,
): Promise<void> {
  const schedule = await scheduleShape(tx, school.id, scheduleId);
  if (!schedule) return;
  const [{ waiting }] = (await queryRows<{ waiting: number }>(
    tx,
    sql`select count(*)::int as waiting from waitlist_entries w
         where w.school_id = ${school.id} and ${matching(schedule)}`,
  )) as [{ waiting: number }];
  if (waiting === 0) return;
  const staff = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, school.id),
        inArray(memberships.role, ['owner', 'manager']),
        sql`${memberships.userId} is not null`,
      ),
    );
  const lesson = `${schedule.class_name} (${DAY_NAMES[schedule.day_of_week]} ${schedule.start_time})`;
  await notify(
    tx,
    staff.map((s) => ({ userId: s.userId! })),
    'school.waitlist_new',
    {
      title: `A place is free in ${lesson}`,
      body: `${waiting} waiting for it on the waiting list.`,
      link: `/schools/${school.id}/waitlist`,
      organizationId: school.id,
      data: { schedule_id: scheduleId },
      inAppOnly: true,
    },
  );
}
