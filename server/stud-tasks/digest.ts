import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { TimedJob } from '../kernel/jobs';
import { notify } from '../notifications/notify';

/** The stud's local time from which its morning digest goes out. */
export const DIGEST_LOCAL_TIME = '07:00';

type DueRow = {
  stud_id: string;
  stud_name: string;
  user_id: string;
  due_today: number;
  overdue: number;
};

const tasks = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/** "2 tasks due today, 1 overdue." / "1 task due today." / "3 tasks overdue." */
export function digestText(dueToday: number, overdue: number): string {
  if (dueToday === 0) return `${tasks(overdue)} overdue.`;
  return overdue === 0
    ? `${tasks(dueToday)} due today.`
    : `${tasks(dueToday)} due today, ${overdue} overdue.`;
}

/**
 * The morning digest (DESIGN-MODULES B.8, `stud.task_due`): every active stud whose local time
 * is past 07:00 and whose digest has not gone out for its local today is processed. One
 * statement marks them (`stud_settings.task_digest_on`, the row made if absent) and reads, per
 * assignee, the open tasks due today and before; each assignee then gets one notice, notify
 * called once per identical notice. A second run the same local day finds nothing to do.
 * Answers how many assignees were told.
 */
export async function sendTaskDigests(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<DueRow>(
      tx,
      sql`with due_studs as (
            select o.id, o.name, (${at} at time zone o.timezone)::date as today
              from organizations o
              left join stud_settings s on s.stud_id = o.id
             where o.type = 'stud' and o.status = 'active'
               and (${at} at time zone o.timezone)::time >= ${DIGEST_LOCAL_TIME}::time
               and (s.task_digest_on is null
                    or s.task_digest_on < (${at} at time zone o.timezone)::date)
          ), marked as (
            insert into stud_settings (stud_id, task_digest_on)
            select id, today from due_studs
            on conflict (stud_id) do update set task_digest_on = excluded.task_digest_on
          )
          select d.id as stud_id, d.name as stud_name, t.assigned_to as user_id,
                 (count(*) filter (where t.due_on = d.today))::int as due_today,
                 (count(*) filter (where t.due_on < d.today))::int as overdue
            from due_studs d
            join stud_tasks t on t.stud_id = d.id
           where t.status = 'open' and t.assigned_to is not null and t.due_on <= d.today
           group by d.id, d.name, t.assigned_to
           order by d.id, t.assigned_to`,
    );
    // notify takes one payload for many recipients: assignees of a stud with the same counts
    // share one call.
    const groups = new Map<string, { row: DueRow; userIds: string[] }>();
    for (const row of rows) {
      const key = `${row.stud_id}:${row.due_today}:${row.overdue}`;
      const group = groups.get(key) ?? { row, userIds: [] };
      group.userIds.push(row.user_id);
      groups.set(key, group);
    }
    for (const { row, userIds } of groups.values()) {
      await notify(
        tx,
        userIds.map((userId) => ({ userId })),
        'stud.task_due',
        {
          title: `Tasks due at ${row.stud_name}`,
          body: digestText(row.due_today, row.overdue),
          organizationId: row.stud_id,
          link: `/studs/${row.stud_id}/tasks`,
          data: { stud_id: row.stud_id },
        },
      );
    }
    return rows.length;
  });
}

export const taskDigestJob: TimedJob = {
  name: 'stud.task-digest',
  everySeconds: 60 * 60,
  run: sendTaskDigests,
};
