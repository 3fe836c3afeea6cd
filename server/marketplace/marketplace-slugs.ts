import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/*
 * Slugs of categories and seller profiles: lowercase ASCII words joined by hyphens, unique
 * per table (a unique index has the last word: a race answers 422 on `slug`).
 */

/** "Équitación & Co." → "equitacion-co": accents folded, anything else a hyphen. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // Room for a "-n" suffix within the 80 characters a slug may have.
    .slice(0, 72)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… : the first one no row of `table` has. One statement. */
export async function freeSlug(
  db: Database,
  table: 'marketplace_categories' | 'seller_profiles',
  base: string,
): Promise<string> {
  const [row] = await queryRows<{ taken: boolean; last: number | null }>(
    db,
    sql`select bool_or(slug = ${base}) as taken,
               max(substring(slug from '-([0-9]{1,6})$')::int) filter (where slug <> ${base}) as last
          from ${sql.identifier(table)}
         where slug = ${base} or slug ~ ${`^${base}-[0-9]{1,6}$`}`,
  );
  if (!row?.taken) return base;
  return `${base}-${Math.max(row.last ?? 1, 1) + 1}`;
}
