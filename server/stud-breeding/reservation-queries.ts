import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Reservation, ReservationDetail, ReservationFilters } from './reservation-schema';

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/**
 * What happened to the reservation `r`, oldest first, as a JSON array: its own moves, its
 * breeding events, its shipments' steps, the checks of its pregnancies and their births. One
 * subquery (a union) of the same statement, whatever the history.
 */
const timelineOf = sql`coalesce((
  select json_agg(json_build_object('at', t.at, 'kind', t.kind, 'label', t.label,
                                    'record_id', t.record_id)
                  order by t.at, t.seq, t.record_id)
    from (
      select ${isoTimestampSql(sql`r.created_at`)} as at, 1 as seq, 'requested' as kind,
             case when r.source = 'owner_request' then 'Requested by the owner'
                  else 'Requested' end as label, r.id as record_id
      union all
      select ${isoTimestampSql(sql`r.confirmed_at`)}, 2, 'confirmed', 'Confirmed', r.id
       where r.confirmed_at is not null
      union all
      select ${isoTimestampSql(sql`r.closed_at`)}, 9, r.status,
             case r.status
               when 'completed' then 'Completed: live foal'
               when 'failed' then 'Failed: ' || replace(coalesce(r.outcome, ''), '_', ' ')
               else initcap(r.status) || coalesce(': ' || r.reason, '') end,
             r.id
       where r.closed_at is not null
         and r.status in ('rejected', 'cancelled', 'completed', 'failed')
      union all
      select ${day(sql`e.date`)}, 4, 'breeding_event',
             case when e.kind = 'natural_cover' then 'Natural cover'
                  else 'Insemination, ' || e.semen || ' semen' end
             || coalesce(', ' || e.doses_used || case when e.doses_used = 1 then ' dose' else ' doses' end, ''),
             e.id
        from breeding_events e
       where e.stud_id = r.stud_id and e.reservation_id = r.id
      union all
      select step.at, 3, 'shipment_' || step.status,
             initcap(sh.type) || ' semen, ' || sh.doses
             || case when sh.doses = 1 then ' dose: ' else ' doses: ' end || step.status,
             sh.id
        from semen_shipments sh
       cross join lateral (values
             (${isoTimestampSql(sql`sh.created_at`)}, 'requested'),
             (${day(sql`sh.shipped_on`)}, 'shipped'),
             (${day(sql`sh.delivered_on`)}, 'delivered'),
             (${day(sql`sh.returned_on`)}, 'returned'),
             -- Preparing and cancelling keep no date of their own: the last change is theirs.
             (case when sh.status in ('prepared', 'cancelled')
                   then ${isoTimestampSql(sql`sh.updated_at`)} end, sh.status)) step(at, status)
       where sh.stud_id = r.stud_id and sh.reservation_id = r.id and step.at is not null
      union all
      select ${day(sql`k.date`)}, 5, 'pregnancy_check',
             initcap(replace(k.method, '_', ' ')) || ' on day ' || (k.date - p.base_date)
             || ': ' || k.result,
             k.id
        from pregnancies p
        join pregnancy_checks k on k.stud_id = p.stud_id and k.pregnancy_id = p.id
       where p.stud_id = r.stud_id and p.reservation_id = r.id
      union all
      select ${day(sql`b.born_on`)}, 6, 'birth',
             case b.outcome when 'live' then 'Birth: live foal' else 'Birth: ' || b.outcome end,
             b.id
        from pregnancies p
        join births b on b.stud_id = p.stud_id and b.pregnancy_id = p.id
       where p.stud_id = r.stud_id and p.reservation_id = r.id
    ) t), '[]'::json)`;

/** The stud's reservations under `where` (over `r`), as the API answers them, with sort keys. */
function selectReservations(stud: Organization, where: SQL, detail: boolean): SQL {
  return sql`
  select r.id, r.service_id,
         json_build_object('id', s.id, 'season', s.season, 'method', s.method,
                           'delivery', s.delivery) as service,
         json_build_object('id', r.stallion_id, 'name', si.name) as stallion,
         r.season,
         json_build_object('id', r.mare_id, 'name', mi.name) as mare,
         case when c.id is null then null
              else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end as client,
         r.status, r.source, r.return_of_id, r.contract_id,
         case when k.id is null then null
              else json_build_object('id', k.id, 'number', k.number, 'status', k.status) end
           as contract,
         r.outcome, r.return_privilege,
         r.reason, r.notes,
         json_build_object('stud_fee', r.stud_fee::float8, 'booking_fee', r.booking_fee::float8,
                           'doses_included', r.doses_included,
                           'extra_dose_price', r.extra_dose_price::float8,
                           'shipping_fee', r.shipping_fee::float8, 'guarantee', r.guarantee,
                           'balance_due_on', r.balance_due_on,
                           'balance_due_date', ${day(sql`r.balance_due_date`)},
                           'confirmation_day', r.confirmation_day,
                           'substitute_mare_allowed', r.substitute_mare_allowed,
                           'requires_signed_contract', r.requires_signed_contract,
                           'method', r.method, 'delivery', r.delivery) as terms,
         ${isoTimestampSql(sql`r.confirmed_at`)} as confirmed_at,
         ${isoTimestampSql(sql`r.started_at`)} as started_at,
         ${isoTimestampSql(sql`r.closed_at`)} as closed_at,
         ${isoTimestampSql(sql`r.created_at`)} as created_at,
         ${isoTimestampSql(sql`r.updated_at`)} as updated_at,
         ${detail ? sql`${timelineOf} as timeline,` : sql``}
         lower(si.name) as stallion_sort, lower(mi.name) as mare_sort
    from stud_reservations r
    join stud_services s on s.stud_id = r.stud_id and s.id = r.service_id
    join stud_horses st on st.stud_id = r.stud_id and st.id = r.stallion_id
    join horse_identities si on si.id = st.horse_identity_id
    join stud_horses m on m.stud_id = r.stud_id and m.id = r.mare_id
    join horse_identities mi on mi.id = m.horse_identity_id
    left join stud_clients c on c.stud_id = r.stud_id and c.id = r.client_id
    left join contracts k on k.stud_id = r.stud_id and k.id = r.contract_id
   where r.stud_id = ${stud.id} and ${where}`;
}

type Sorted<T> = T & { stallion_sort: string; mare_sort: string };

const unsorted = <T>({ stallion_sort: _, mare_sort: __, ...row }: Sorted<T>) => row as T;

/**
 * GET /reservations: newest season first, then by stallion and mare name; a page and its
 * total in one statement.
 */
export async function listReservations(
  db: Database,
  stud: Organization,
  input: ReservationFilters,
  url: URL,
) {
  const filters: SQL[] = [sql`true`];
  if (input.season) filters.push(sql`r.season = ${input.season}`);
  if (input.stallion_id) filters.push(sql`r.stallion_id = ${input.stallion_id}`);
  if (input.client_id) filters.push(sql`r.client_id = ${input.client_id}`);
  if (input.mare_id) filters.push(sql`r.mare_id = ${input.mare_id}`);
  if (input.status) filters.push(sql`r.status = ${input.status}`);
  const [rows, total] = await pageOfRows<Sorted<Reservation>>(
    db,
    selectReservations(stud, sql.join(filters, sql` and `), false),
    sql`season desc, stallion_sort, (stallion->>'id'), mare_sort, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(unsorted), total, input, url);
}

/** One reservation with its timeline, in one statement; 404 when not the stud's. */
export async function getReservation(
  db: Database,
  stud: Organization,
  reservationId: string,
): Promise<ReservationDetail> {
  const [row] = isUuid(reservationId)
    ? await queryRows<Sorted<ReservationDetail>>(
        db,
        selectReservations(stud, sql`r.id = ${reservationId}`, true),
      )
    : [];
  if (!row) throw notFound('Reservation');
  return unsorted(row);
}
