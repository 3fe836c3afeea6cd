import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { BreedingEvent, BreedingEventFilters } from './breeding-event-schema';

/** The stud's breeding events under `where` (over `e`), as the API answers them. */
function selectEvents(stud: Organization, where: SQL): SQL {
  return sql`
  select e.id, e.reservation_id,
         json_build_object('id', m.id, 'name', mi.name) as mare,
         json_build_object('id', s.id, 'name', si.name) as stallion,
         to_char(e.date, 'YYYY-MM-DD') as date, e.kind, e.semen, e.batch_id, e.shipment_id,
         e.doses_used, to_char(e.ovulation_on, 'YYYY-MM-DD') as ovulation_on, e.performed_by,
         e.notes,
         (select p.id from pregnancies p
           where p.stud_id = e.stud_id and p.breeding_event_id = e.id
           order by p.created_at desc limit 1) as pregnancy_id,
         ${isoTimestampSql(sql`e.created_at`)} as created_at,
         ${isoTimestampSql(sql`e.updated_at`)} as updated_at
    from breeding_events e
    join stud_horses m on m.stud_id = e.stud_id and m.id = e.mare_id
    join horse_identities mi on mi.id = m.horse_identity_id
    join stud_horses s on s.stud_id = e.stud_id and s.id = e.stallion_id
    join horse_identities si on si.id = s.horse_identity_id
   where e.stud_id = ${stud.id} and ${where}`;
}

/** GET /breeding-events: newest first; one statement. */
export async function listBreedingEvents(
  db: Database,
  stud: Organization,
  input: BreedingEventFilters,
): Promise<BreedingEvent[]> {
  const filters: SQL[] = [sql`true`];
  if (input.mare_id) filters.push(sql`e.mare_id = ${input.mare_id}`);
  if (input.stallion_id) filters.push(sql`e.stallion_id = ${input.stallion_id}`);
  if (input.reservation_id) filters.push(sql`e.reservation_id = ${input.reservation_id}`);
  if (input.date_from) filters.push(sql`e.date >= ${input.date_from}`);
  if (input.date_to) filters.push(sql`e.date <= ${input.date_to}`);
  return queryRows<BreedingEvent>(
    db,
    sql`${selectEvents(stud, sql.join(filters, sql` and `))}
        order by e.date desc, e.created_at desc, e.id`,
  );
}

export async function getBreedingEvent(
  db: Database,
  stud: Organization,
  eventId: string,
): Promise<BreedingEvent> {
  const [row] = isUuid(eventId)
    ? await queryRows<BreedingEvent>(db, selectEvents(stud, sql`e.id = ${eventId}`))
    : [];
  if (!row) throw notFound('Breeding event');
  return row;
}
