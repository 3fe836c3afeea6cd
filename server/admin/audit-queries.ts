import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { AdminAction, AuditLogFilters } from './audit-schema';

/** A page of the audit log, newest first, with each actor: one statement. */
export async function listAdminActions(db: Database, input: AuditLogFilters, url: URL) {
  const filters: SQL[] = [sql`true`];
  if (input.subject_type) filters.push(sql`a.subject_type = ${input.subject_type}`);
  if (input.subject_id) filters.push(sql`a.subject_id = ${input.subject_id}`);
  if (input.actor_id) filters.push(sql`a.actor_id = ${input.actor_id}`);
  if (input.action) filters.push(sql`a.action = ${input.action}`);
  const [rows, total] = await pageOfRows<AdminAction>(
    db,
    sql`select a.id, a.action, a.subject_type, a.subject_id, a.before, a.after,
               ${isoTimestampSql(sql`a.created_at`)} as created_at,
               case when u.id is null then null
                    else json_build_object('id', u.id, 'display_name', u.display_name, 'email', u.email)
               end as actor
          from admin_actions a left join users u on u.id = a.actor_id
         where ${sql.join(filters, sql` and `)}`,
    sql`created_at desc, id desc`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}
