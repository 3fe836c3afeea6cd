import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { Assignee, Task, TaskFilters } from './task-schema';

/**
 * The stud's tasks under `where` as the API answers them, with the assignee's, the client's
 * and the horse's names; `today` is the stud's, for `overdue`.
 */
function selectTasks(studId: string, today: string, where: SQL) {
  return sql`
  select t.id, t.title, t.description,
         to_char(t.due_on, 'YYYY-MM-DD') as due_on, to_char(t.due_time, 'HH24:MI') as due_time,
         t.assigned_to,
         case when u.id is null then null
              else json_build_object('id', u.id, 'name', u.display_name) end as assignee,
         t.priority, t.status,
         coalesce(t.status = 'open' and t.due_on < ${today}::date, false) as overdue,
         t.source, t.client_id,
         case when c.id is null then null
              else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end as client,
         t.horse_id,
         case when h.id is null then null else json_build_object('id', h.id, 'name', hi.name) end
           as horse,
         t.reservation_id, t.pregnancy_id, t.medical_record_id,
         ${isoTimestampSql(sql`t.completed_at`)} as completed_at, t.completed_by, t.created_by,
         ${isoTimestampSql(sql`t.created_at`)} as created_at,
         ${isoTimestampSql(sql`t.updated_at`)} as updated_at
    from stud_tasks t
    left join users u on u.id = t.assigned_to
    left join stud_clients c on c.stud_id = t.stud_id and c.id = t.client_id
    left join stud_horses h on h.stud_id = t.stud_id and h.id = t.horse_id
    left join horse_identities hi on hi.id = h.horse_identity_id
   where t.stud_id = ${studId} and ${where}`;
}

/** Due first (undated last), then by time, high priority first, then by title. */
const TASK_ORDER = sql`due_on asc nulls last, due_time asc nulls last,
  case priority when 'high' then 0 when 'normal' then 1 else 2 end, title, id`;

/** GET /tasks: a page of the filtered tasks and their total, in one statement. */
export async function listTasks(
  db: Database,
  stud: Organization,
  callerId: string,
  input: TaskFilters,
  url: URL,
) {
  const today = todayIn(stud.timezone);
  const filters: SQL[] = [sql`true`];
  if (input.status) filters.push(sql`t.status = ${input.status}`);
  if (input.assigned_to)
    filters.push(sql`t.assigned_to = ${input.assigned_to === 'me' ? callerId : input.assigned_to}`);
  if (input.due_from) filters.push(sql`t.due_on >= ${input.due_from}::date`);
  if (input.due_to) filters.push(sql`t.due_on <= ${input.due_to}::date`);
  if (input.overdue !== undefined) {
    const overdue = sql`(t.status = 'open' and t.due_on < ${today}::date)`;
    filters.push(input.overdue ? overdue : sql`not coalesce(${overdue}, false)`);
  }
  if (input.horse_id) filters.push(sql`t.horse_id = ${input.horse_id}`);
  if (input.client_id) filters.push(sql`t.client_id = ${input.client_id}`);
  if (input.priority) filters.push(sql`t.priority = ${input.priority}`);
  const [rows, total] = await pageOfRows<Task>(
    db,
    selectTasks(stud.id, today, sql.join(filters, sql` and `)),
    TASK_ORDER,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

export async function getTask(db: Database, stud: Organization, taskId: string): Promise<Task> {
  const [row] = isUuid(taskId)
    ? await queryRows<Task>(db, selectTasks(stud.id, todayIn(stud.timezone), sql`t.id = ${taskId}`))
    : [];
  if (!row) throw notFound('Task');
  return row;
}

/** The members a task may go to (those with an account), by name. */
export async function listAssignees(db: Database, stud: Organization): Promise<Assignee[]> {
  return queryRows<Assignee>(
    db,
    sql`select u.id, u.display_name as name
          from memberships m join users u on u.id = m.user_id
         where m.organization_id = ${stud.id}
         order by lower(u.display_name), u.id`,
  );
}
