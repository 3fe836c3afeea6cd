import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Shipment, ShipmentFilters } from './shipment-schema';

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Every key of the destination, null where the stored object lacks it. */
const destinationSql = sql`case when s.destination is null then null
  else json_build_object('name', s.destination->>'name', 'street', s.destination->>'street',
    'city', s.destination->>'city', 'state', s.destination->>'state',
    'country', s.destination->>'country', 'phone', s.destination->>'phone') end`;

/** The stud's shipments under `where` (over `s`), as the API answers them. */
function selectShipments(stud: Organization, where: SQL): SQL {
  return sql`
  select s.id, s.reservation_id,
         json_build_object(
           'id', r.id,
           'mare', json_build_object('id', m.id, 'name', mi.name),
           'client', case when c.id is null then null
                     else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end
         ) as reservation,
         json_build_object('id', st.id, 'name', si.name) as stallion,
         s.type, s.doses, s.batch_id, ${day(sql`s.collected_on`)} as collected_on,
         ${day(sql`s.requested_for`)} as requested_for, ${day(sql`s.shipped_on`)} as shipped_on,
         ${day(sql`s.delivered_on`)} as delivered_on, ${day(sql`s.returned_on`)} as returned_on,
         s.carrier, s.tracking_number, ${destinationSql} as destination, s.container_ref,
         ${day(sql`s.container_return_due`)} as container_return_due, s.status,
         s.cancelled_reason, s.notes,
         ${isoTimestampSql(sql`s.created_at`)} as created_at,
         ${isoTimestampSql(sql`s.updated_at`)} as updated_at
    from semen_shipments s
    join stud_reservations r on r.stud_id = s.stud_id and r.id = s.reservation_id
    join stud_horses m on m.stud_id = r.stud_id and m.id = r.mare_id
    join horse_identities mi on mi.id = m.horse_identity_id
    join stud_horses st on st.stud_id = r.stud_id and st.id = r.stallion_id
    join horse_identities si on si.id = st.horse_identity_id
    left join stud_clients c on c.stud_id = r.stud_id and c.id = r.client_id
   where s.stud_id = ${stud.id} and ${where}`;
}

/**
 * GET /shipments: newest first, by the day asked for (the day created when none was asked),
 * then creation; one statement.
 */
export async function listShipments(
  db: Database,
  stud: Organization,
  input: ShipmentFilters,
): Promise<Shipment[]> {
  const filters: SQL[] = [sql`true`];
  if (input.reservation_id) filters.push(sql`s.reservation_id = ${input.reservation_id}`);
  if (input.status) filters.push(sql`s.status = ${input.status}`);
  if (input.type) filters.push(sql`s.type = ${input.type}`);
  return queryRows<Shipment>(
    db,
    sql`${selectShipments(stud, sql.join(filters, sql` and `))}
        order by coalesce(s.requested_for, s.created_at::date) desc, s.created_at desc, s.id`,
  );
}

export async function getShipment(
  db: Database,
  stud: Organization,
  shipmentId: string,
): Promise<Shipment> {
  const [row] = isUuid(shipmentId)
    ? await queryRows<Shipment>(db, selectShipments(stud, sql`s.id = ${shipmentId}`))
    : [];
  if (!row) throw notFound('Shipment');
  return row;
}
