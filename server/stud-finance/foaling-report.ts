import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { OPEN_PREGNANCY_STATUSES } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { reportRange } from '../payments/financial-report';
import { listPregnancies } from '../stud-breeding/pregnancy-queries';
import { clientDisplayName } from '../stud-crm/client-name';
import type { FoalingReport } from './report-schema';

/** Days after the start that the report looks unless told. */
const DEFAULT_DAYS = 90;

type Owner = { reservation_id: string; owner: { id: string; display_name: string } };

/**
 * GET /reports/foaling: the open pregnancies (checking, confirmed) due in the range — from the
 * stud's today to 90 days after the start unless given — soonest first, in two statements.
 * The pregnancies come from the pregnancies' own list (B.5: its due date, window and day of
 * gestation; those that ended are dropped), the owners from their reservations' clients.
 */
export async function foalingReport(
  db: Database,
  stud: Organization,
  input: { start_date?: string; end_date?: string },
): Promise<FoalingReport> {
  const start = input.start_date ?? todayIn(stud.timezone);
  // The financial report's checks: end not before start, a bounded span.
  const { end } = reportRange(
    stud.timezone,
    start,
    input.end_date ?? addDaysTo(start, DEFAULT_DAYS),
  );
  const due = await listPregnancies(db, stud, { due_from: start, due_to: end });
  const open = due.filter((p) => (OPEN_PREGNANCY_STATUSES as readonly string[]).includes(p.status));
  const reservationIds = open.flatMap((p) => (p.reservation_id ? [p.reservation_id] : []));
  const owners = await queryRows<Owner>(
    db,
    sql`select r.id as reservation_id,
               json_build_object('id', c.id, 'display_name', ${clientDisplayName}) as owner
          from stud_reservations r
          join stud_clients c on c.stud_id = r.stud_id and c.id = r.client_id
         where r.stud_id = ${stud.id} and r.id = any(${sql.param(reservationIds)}::uuid[])`,
  );
  const ownerOf = new Map(owners.map((row) => [row.reservation_id, row.owner]));
  return {
    start_date: start,
    end_date: end,
    foalings: open.map((p) => ({
      pregnancy_id: p.id,
      mare: p.mare,
      stallion: p.stallion,
      owner: (p.reservation_id && ownerOf.get(p.reservation_id)) || null,
      reservation_id: p.reservation_id,
      status: p.status,
      base_date: p.base_date,
      due_date: p.due_date,
      window_start: p.due_window.from,
      window_end: p.due_window.to,
      day: p.day!,
      twins: p.twins,
    })),
  };
}
