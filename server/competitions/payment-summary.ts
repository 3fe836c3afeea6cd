import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { COMPETITION_PAYMENT_STATUSES, FEE_CONCEPTS } from '@/db/schema';
import { toMoney } from '../kernel/records';
import type { PaymentSummary } from './competition-payment-schema';

/*
 * Figures of competition payments (DESIGN 6): expected = neither cancelled nor refunded,
 * paid, pending. Sums are computed by Postgres on numeric(12,2) and read as exact decimals.
 */

type ConceptRow = {
  concept: (typeof FEE_CONCEPTS)[number] | null;
  count: number;
  total: string;
  paid: string;
  pending: string;
};
type StatusRow = {
  status: (typeof COMPETITION_PAYMENT_STATUSES)[number];
  count: number;
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
  const [byConcept, byStatus] = await Promise.all([
    // The grouping set () is the row of totals (concept null).
    queryRows<ConceptRow>(
      db,
      sql`
        select concept,
               (count(*) filter (where ${EXPECTED}))::int as count,
               coalesce(sum(amount) filter (where ${EXPECTED}), 0)::text as total,
               coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid,
               coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending
        from competition_payments
        where ${scope}
        group by grouping sets ((concept), ())
      `,
    ),
    queryRows<StatusRow>(
      db,
      sql`
        select status, count(*)::int as count, sum(amount)::text as amount
        from competition_payments
        where ${scope}
        group by status
      `,
    ),
  ]);
  const totals = byConcept.find((row) => row.concept === null);
  const statuses = new Map(byStatus.map((row) => [row.status, row]));
  return {
    total_expected: toMoney(totals?.total ?? '0')!,
    total_paid: toMoney(totals?.paid ?? '0')!,
    total_pending: toMoney(totals?.pending ?? '0')!,
    by_concept: byConcept
      .filter(
        (row): row is ConceptRow & { concept: NonNullable<ConceptRow['concept']> } =>
          row.concept !== null && row.count > 0,
      )
      .sort((a, b) => FEE_CONCEPTS.indexOf(a.concept) - FEE_CONCEPTS.indexOf(b.concept))
      .map((row) => ({
        concept: row.concept,
        total: toMoney(row.total)!,
        paid: toMoney(row.paid)!,
        pending: toMoney(row.pending)!,
        count: row.count,
      })),
    by_status: COMPETITION_PAYMENT_STATUSES.map((status) => ({
      status,
      count: statuses.get(status)?.count ?? 0,
      amount: toMoney(statuses.get(status)?.amount ?? '0')!,
    })),
  };
}
