import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionPayments, type CompetitionFee } from '@/db/schema';
import type { FeeFields } from './competition-schema';

/*
 * Competition fees (spec 2.6, DESIGN 6): stored on the competition as validated JSON, and
 * turned into payments when an entry is created. A fee is identified by its concept and
 * name (`fee_key`), so that a fee charged once per student or per horse is not charged
 * again for that student's or horse's next entry, even if the fee list was edited meanwhile.
 */

/** Fees as validated input → as stored (every field present). */
export function toStoredFees(fees: FeeFields): CompetitionFee[] {
  return fees.map((fee) => ({
    concept: fee.concept,
    name: fee.name,
    amount: fee.amount,
    is_required: fee.is_required,
    applies_to: fee.applies_to,
    description: fee.description ?? null,
  }));
}

/**
 * Payments for a new entry from its competition's required fees (DESIGN 6), in one
 * statement: `entry` fees once per entry, `student` fees once per student and competition,
 * `horse` fees once per horse and competition when the entry has a horse. A fee already
 * charged is skipped by the unique indexes, so this may run again safely. Each payment
 * records the entry that caused it; concept, name and amount are the fee's, the due date is
 * the competition's date.
 */
export async function generateFeePayments(
  tx: Database,
  schoolId: string,
  entryId: string,
): Promise<void> {
  await tx.execute(sql`
    insert into competition_payments
      (school_id, competition_id, entry_id, student_id, horse_id, concept, concept_detail, amount,
       due_date, status, fee_applies_to, fee_key)
    select e.school_id, e.competition_id, e.id, e.student_id, e.horse_id,
           fee->>'concept', fee->>'name', (fee->>'amount')::numeric(12, 2),
           c.date, 'pending', fee->>'applies_to', (fee->>'concept') || ':' || (fee->>'name')
    from competition_entries e
    join competitions c on c.school_id = e.school_id and c.id = e.competition_id
    cross join lateral jsonb_array_elements(c.fees) as fee
    where e.school_id = ${schoolId}
      and e.id = ${entryId}
      and (fee->>'is_required')::boolean
      and (fee->>'applies_to' <> 'horse' or e.horse_id is not null)
    on conflict do nothing
  `);
}

/** A cancelled entry's pending per-entry fee payments are cancelled; paid ones stay (DESIGN 6). */
export async function cancelEntryFeePayments(
  tx: Database,
  schoolId: string,
  entryId: string,
): Promise<void> {
  await tx
    .update(competitionPayments)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(competitionPayments.schoolId, schoolId),
        eq(competitionPayments.entryId, entryId),
        eq(competitionPayments.feeAppliesTo, 'entry'),
        eq(competitionPayments.status, 'pending'),
      ),
    );
}
