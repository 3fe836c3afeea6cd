import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Entry, WaitlistFilters } from './entry-schema';

const stamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The school's entries under `where` as staff read them, each waiting one with its rank among
 * the waiting, oldest first (a window over the school's waiting entries).
 */
export function selectEntries(school: School, where: SQL) {
  return sql`
  select w.id, w.reference,
         json_build_object('name', w.registrant_name, 'email', w.registrant_email,
                           'phone', w.registrant_phone) as registrant,
         w.relationship,
         json_build_object('first_name', w.rider_first_name, 'last_name', w.rider_last_name,
                           'birth_date', to_char(w.rider_birth_date, 'YYYY-MM-DD'),
                           'level', w.rider_level) as rider,
         json_build_object('class_id', w.class_id, 'class_name', c.name, 'discipline', w.discipline,
                           'level', w.level, 'days_of_week', w.days_of_week,
                           'time_from', to_char(w.time_from, 'HH24:MI'),
                           'time_to', to_char(w.time_to, 'HH24:MI')) as preferences,
         w.message, ${stamp(sql`w.consent_at`)} as consent_at, w.status, ranked.position,
         w.student_id, w.staff_notes,
         ${stamp(sql`w.created_at`)} as created_at, ${stamp(sql`w.updated_at`)} as updated_at,
         w.created_at as created_order
    from waitlist_entries w
    left join classes c on c.school_id = w.school_id and c.id = w.class_id
    left join (
      select id, (row_number() over (order by created_at, id))::int as position
        from waitlist_entries where school_id = ${school.id} and status = 'waiting'
    ) ranked on ranked.id = w.id
   where w.school_id = ${school.id} and ${where}`;
}

/** GET /waitlist: a page, oldest first, and the total, in one statement. */
export async function listEntries(db: Database, school: School, input: WaitlistFilters, url: URL) {
  const filters: SQL[] = [sql`true`];
  if (input.status) filters.push(sql`w.status = ${input.status}`);
  if (input.class_id) filters.push(sql`w.class_id = ${input.class_id}`);
  if (input.level) filters.push(sql`w.level = ${input.level}`);
  const [rows, total] = await pageOfRows<Entry & { created_order: string }>(
    db,
    selectEntries(school, sql.join(filters, sql` and `)),
    sql`created_order, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(
    rows.map(({ created_order: _, ...entry }) => entry),
    total,
    input,
    url,
  );
}

export async function getEntry(db: Database, school: School, entryId: string): Promise<Entry> {
  const [row] = isUuid(entryId)
    ? await queryRows<Entry & { created_order?: unknown }>(
        db,
        selectEntries(school, sql`w.id = ${entryId}`),
      )
    : [];
  if (!row) throw notFound('Waitlist entry');
  const { created_order: _, ...entry } = row;
  return entry;
}
