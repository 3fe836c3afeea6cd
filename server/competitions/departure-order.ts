import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';

/*
 * Departure order (spec 4.4 rule 5, DESIGN 6): within a category, pending and confirmed
 * entries are numbered 1..n by age at the competition, oldest first (earlier birth date
 * first, students without one last; ties by entry creation time, then id). Cancelled entries
 * have no number; completed entries keep the one they had. Callers hold the competition's
 * row lock, so concurrent changes renumber one after the other.
 */

/** Renumbers the given categories of a competition (all of them without `categories`), in one statement. */
export async function recalculateDepartureOrder(
  tx: Database,
  schoolId: string,
  competitionId: string,
  categories?: string[],
): Promise<void> {
  if (categories?.length === 0) return;
  const inCategories = categories
    ? sql`and e.category in (${sql.join(
        categories.map((category) => sql`${category}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    update competition_entries as target
    set order_number = numbered.position, updated_at = now()
    from (
      select e.id,
             case when e.status in ('pending', 'confirmed')
               then row_number() over (
                 partition by e.category, e.status in ('pending', 'confirmed')
                 order by s.birth_date asc nulls last, e.created_at asc, e.id asc
               )
             end as position
      from competition_entries e
      join students s on s.school_id = e.school_id and s.id = e.student_id
      where e.school_id = ${schoolId}
        and e.competition_id = ${competitionId}
        and e.status <> 'completed'
        ${inCategories}
    ) as numbered
    where target.school_id = ${schoolId}
      and target.id = numbered.id
      and target.order_number is distinct from numbered.position
  `);
}
