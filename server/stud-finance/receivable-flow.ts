import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/*
 * The receivables contract terms write themselves (B.3, B.4, B.9). Each is one INSERT … SELECT
 * from the reservation's terms snapshot, `on conflict do nothing` against the unique indexes
 * per reservation and kind (booking fee, balance) and per shipment and kind (extra doses,
 * shipping): a repeated trigger, also a concurrent one, writes nothing. Nothing is owed for
 * the stud's own mare (no client), nor an amount of 0. Callers run these in the transaction
 * of the move that triggers them.
 */

/** The stud's today in its time zone, as `todayIn` answers it, for the moves that know no more than the stud's id. */
const studToday = (studId: string) =>
  sql`(select (now() at time zone o.timezone)::date from organizations o where o.id = ${studId})`;

/** The reservation moves that make money due (B.3). */
export type ReservationTrigger = 'confirmed' | 'pregnant' | 'completed';

/** Which `balance_due_on` terms fall due at each move; a fixed date is written on confirmation. */
const BALANCE_DUE_AT: Record<ReservationTrigger, string[]> = {
  confirmed: ['confirmation', 'fixed_date'],
  pregnant: ['pregnancy_confirmed'],
  completed: ['live_foal'],
};

/** "Valiente × Estrella (2026)": the reservation `r` named by its stallion, mare and season. */
const reservationLabel = sql`si.name || ' × ' || mi.name || ' (' || r.season || ')'`;
const reservationHorses = sql`
    join stud_horses sh on sh.stud_id = r.stud_id and sh.id = r.stallion_id
    join horse_identities si on si.id = sh.horse_identity_id
    join stud_horses mh on mh.stud_id = r.stud_id and mh.id = r.mare_id
    join horse_identities mi on mi.id = mh.horse_identity_id`;

/**
 * The booking fee (on confirmation) and the stud fee's balance (stud fee − booking fee, when
 * its term falls due at `trigger`) of a reservation, due the stud's today or the term's fixed
 * date. Answers how many were written.
 */
export async function writeReservationReceivables(
  tx: Database,
  studId: string,
  reservationId: string,
  trigger: ReservationTrigger,
): Promise<number> {
  const today = studToday(studId);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into stud_receivables
          (stud_id, client_id, reservation_id, kind, description, amount, due_date, source)
        select r.stud_id, r.client_id, r.id, k.kind, k.label || ' — ' || ${reservationLabel},
               k.amount, k.due_date, 'auto'
          from stud_reservations r
          ${reservationHorses}
          cross join lateral (values
            ('booking_fee', 'Booking fee', r.booking_fee, ${today},
             ${trigger} = 'confirmed'),
            ('stud_fee_balance', 'Stud fee balance', r.stud_fee - r.booking_fee,
             coalesce(r.balance_due_date, ${today}),
             r.balance_due_on = any(${sql.param(BALANCE_DUE_AT[trigger])}::text[]))
          ) as k(kind, label, amount, due_date, due)
         where r.stud_id = ${studId} and r.id = ${reservationId}
           and r.client_id is not null and k.due and k.amount > 0
        on conflict do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * A shipment that left (B.4): its shipping fee, and its doses beyond the reservation's doses
 * included (counting the reservation's shipments that left before it) at the extra dose price.
 * The reservation's row is locked first, so two shipments leaving at once count each other.
 */
export async function writeShipmentReceivables(
  tx: Database,
  studId: string,
  shipmentId: string,
): Promise<number> {
  const today = studToday(studId);
  await tx.execute(
    sql`select r.id from stud_reservations r
          join semen_shipments s on s.stud_id = r.stud_id and s.reservation_id = r.id
         where s.stud_id = ${studId} and s.id = ${shipmentId}
           for update of r`,
  );
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into stud_receivables (stud_id, client_id, reservation_id, shipment_id, kind,
                                      description, amount, due_date, source)
        select s.stud_id, r.client_id, r.id, s.id, k.kind,
               k.label || ' — ' || ${reservationLabel}, k.amount, ${today}, 'auto'
          from semen_shipments s
          join stud_reservations r on r.stud_id = s.stud_id and r.id = s.reservation_id
          ${reservationHorses}
          cross join lateral (
            select coalesce(sum(o.doses), 0)::int as doses from semen_shipments o
             where o.stud_id = s.stud_id and o.reservation_id = s.reservation_id
               and o.id <> s.id and o.status in ('shipped', 'delivered', 'returned')
          ) as before
          cross join lateral (values
            ('extra_doses',
             greatest(0, least(s.doses, before.doses + s.doses - r.doses_included))::text || ' extra doses',
             greatest(0, least(s.doses, before.doses + s.doses - r.doses_included))
               * coalesce(r.extra_dose_price, 0)),
            ('shipping', 'Shipping', coalesce(r.shipping_fee, 0))
          ) as k(kind, label, amount)
         where s.stud_id = ${studId} and s.id = ${shipmentId}
           and r.client_id is not null and k.amount > 0
        on conflict do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * A cancelled reservation (B.3): its receivables nothing was paid on are cancelled; what was
 * paid stays owed and paid (a paid booking fee is kept).
 */
export async function cancelReservationReceivables(
  tx: Database,
  studId: string,
  reservationId: string,
): Promise<void> {
  await tx.execute(
    sql`update stud_receivables set status = 'cancelled', cancelled_at = now(), updated_at = now()
         where stud_id = ${studId} and reservation_id = ${reservationId} and status = 'pending'`,
  );
}
