import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { COMPETITION_PAYMENT_STATUSES, FEE_CONCEPTS } from '@/db/schema';
import { toMoney } from '../kernel/records';
import type { PaymentSummary } from './competition-payment-schema';

/*
 * Figures of competition payments (DESIGN 6): expected = neither cancelled nor refunded,
 * paid, pending. Sums are computed by Postgres on numeric(12,2) and read as exact decimals.
 */

/** A row of the grouping sets: by concept, by status, or the totals (neither). */
type SummaryRow = {
  concept: (typeof FEE_CONCEPTS)[number] | null;
  status: (typeof COMPETITION_PAYMENT_STATUSES)[number] | null;
  by_concept: boolean;
  by_status: boolean;
  count: number;
  expected_count: number;
  total: string;
  paid: string;
  pending: string;
  amount: string;
};

const EXPECTED = sql.raw(`status not in ('cancelled', 'refunded')`);

/**
 * The summary of one competition's payments, or of all the school's competitions without
 * `competitionId` (for school-wide figures).
 */
export async function summarizeCompetitionPayments(
  db: Database,
  schoolId: string,
  competitionId?: string,
): Promise<PaymentSummary> {
  const scope = sql`school_id = ${schoolId} ${competitionId === undefined ? sql`` : sql`and competition_id = ${competitionId}`}`;
  // One statement: the grouping set () is the row of totals, (concept) and (status) the others.
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
      select concept, status,
             grouping(concept) = 0 as by_concept, grouping(status) = 0 as by_status,
             count(*)::int as count,
             (count(*) filter (where ${EXPECTED}))::int as expected_count,
             coalesce(sum(amount) filter (where ${EXPECTED}), 0)::text as total,
             coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid,
             coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending,
             coalesce(sum(amount), 0)::text as amount
      from competition_payments
      where ${scope}
      group by grouping sets ((concept), (status), ())
    `,
  );
  const totals = rows.find((row) => !row.by_concept && !row.by_status);
  const byConcept = rows.filter(
    (row): row is SummaryRow & { concept: NonNullable<SummaryRow['concept']> } =>
      row.by_concept && row.concept !== null,
  );
  const statuses = new Map(rows.filter((row) => row.by_status).map((row) => [row.status, row]));
  return {
    total_expected: toMoney(totals?.total ?? '0')!,
    total_paid: toMoney(totals?.paid ?? '0')!,
    total_pending: toMoney(totals?.pending ?? '0')!,
    by_concept: byConcept
      .filter((row) => row.expected_count > 0)
      .sort((a, b) => FEE_CONCEPTS.indexOf(a.concept) - FEE_CONCEPTS.indexOf(b.concept))
      .map((row) => ({
        concept: row.concept,
        total: toMoney(row.total)!,
        paid: toMoney(row.paid)!,
        pending: toMoney(row.pending)!,
        count: row.expected_count,
      })),
    by_status: COMPETITION_PAYMENT_STATUSES.map((status) => ({
      status,
      count: statuses.get(status)?.count ?? 0,
      amount: toMoney(statuses.get(status)?.amount ?? '0')!,
    })),
  };
}
