import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Service, ServiceFilters } from './service-schema';

/** The stud's services under `where` (over `s`), as the API answers them. */
function selectServices(stud: Organization, where: SQL): SQL {
  return sql`
  select s.id, s.stallion_id, json_build_object('id', h.id, 'name', i.name) as stallion,
         s.season, s.method, s.delivery,
         s.stud_fee::float8 as stud_fee, s.booking_fee::float8 as booking_fee, s.doses_included,
         s.extra_dose_price::float8 as extra_dose_price, s.shipping_fee::float8 as shipping_fee,
         s.guarantee, s.balance_due_on,
         to_char(s.balance_due_date, 'YYYY-MM-DD') as balance_due_date, s.confirmation_day,
         s.substitute_mare_allowed, s.requires_signed_contract, s.contract_template_id,
         s.public, s.active, s.notes,
         ${isoTimestampSql(sql`s.created_at`)} as created_at,
         ${isoTimestampSql(sql`s.updated_at`)} as updated_at
    from stud_services s
    join stud_horses h on h.stud_id = s.stud_id and h.id = s.stallion_id
    join horse_identities i on i.id = h.horse_identity_id
   where s.stud_id = ${stud.id} and ${where}`;
}

/** GET /services: newest season first, then by stallion, method and delivery; one statement. */
export async function listServices(
  db: Database,
  stud: Organization,
  input: ServiceFilters,
): Promise<Service[]> {
  const filters: SQL[] = [sql`true`];
  if (input.stallion_id) filters.push(sql`s.stallion_id = ${input.stallion_id}`);
  if (input.season) filters.push(sql`s.season = ${input.season}`);
  if (input.active !== undefined) filters.push(sql`s.active = ${input.active}`);
  return queryRows<Service>(
    db,
    sql`${selectServices(stud, sql.join(filters, sql` and `))}
        order by s.season desc, lower(i.name), s.stallion_id, s.method, s.delivery`,
  );
}

export async function getService(
  db: Database,
  stud: Organization,
  serviceId: string,
): Promise<Service> {
  const [row] = isUuid(serviceId)
    ? await queryRows<Service>(db, selectServices(stud, sql`s.id = ${serviceId}`))
    : [];
  if (!row) throw notFound('Service');
  return row;
}
