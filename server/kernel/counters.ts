import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/**
 * The next number of a series of an organization in a year (DESIGN-MODULES 0.6), from a
 * counter row that the upsert locks until the caller's transaction ends: concurrent callers
 * wait and get consecutive numbers, and a rolled-back number is given again, so a series has
 * no gaps. Call it in the transaction that stores the numbered record.
 */
export async function nextNumber(
  tx: Database,
  organizationId: string,
  series: string,
  year: number,
): Promise<number> {
  const [row] = await queryRows<{ value: number }>(
    tx,
    sql`insert into organization_counters as c (organization_id, name, year, value)
        values (${organizationId}, ${series}, ${year}, 1)
        on conflict (organization_id, name, year) do update set value = c.value + 1
        returning c.value`,
  );
  return row!.value;
}

/** `C-2026-0001`: a prefix, the year and the number padded to `width` digits. */
export function formatNumber(prefix: string, year: number, value: number, width = 4): string {
  return `${prefix}-${year}-${String(value).padStart(width, '0')}`;
}
