import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import type { Category, CategoryNode } from './category-schema';
import { listingSellerActive } from './seller-access';

/**
 * Categories aliased `c` under `where`, as `categorySchema`, ordered for the tree (position,
 * then name). `listings_count` counts the listings users can see: active, of an active seller;
 * a root's adds its children's. One statement.
 */
async function categoryRows(db: Database, where: SQL): Promise<Category[]> {
  return queryRows<Category>(
    db,
    sql`with counts as (
          select p.category_id, count(*)::int as n
            from publications p
           where p.status = 'active' and ${listingSellerActive}
           group by p.category_id)
        select c.id, c.name, c.slug, c.parent_id, c.kind, c.attributes, c.position, c.active,
               (select coalesce(sum(counts.n), 0)::int
                  from counts join marketplace_categories cc on cc.id = counts.category_id
                 where cc.id = c.id or cc.parent_id = c.id) as listings_count,
               ${isoTimestampSql(sql`c.created_at`)} as created_at,
               ${isoTimestampSql(sql`c.updated_at`)} as updated_at
          from marketplace_categories c
         where ${where}
         order by c.position, c.name, c.id`,
  );
}

/** Roots with their children, in the rows' order; children whose root is absent are left out. */
function treeOf(rows: Category[]): CategoryNode[] {
  const roots = rows.filter((c) => c.parent_id === null).map((c) => ({ ...c, children: [] }));
  const byId = new Map<string, CategoryNode>(roots.map((root) => [root.id, root]));
  for (const row of rows) if (row.parent_id !== null) byId.get(row.parent_id)?.children.push(row);
  return roots;
}

/** The users' tree: active roots and their active children (C.1). */
export async function activeCategoryTree(db: Database): Promise<CategoryNode[]> {
  return treeOf(
    await categoryRows(
      db,
      sql`c.active and (c.parent_id is null or exists (
            select 1 from marketplace_categories r where r.id = c.parent_id and r.active))`,
    ),
  );
}

/** The administrators' tree: every category, inactive ones too. */
export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  return treeOf(await categoryRows(db, sql`true`));
}

/** One category with its children (any state), or null: the audit log's reader too. */
export async function findCategory(db: Database, id: string | null): Promise<CategoryNode | null> {
  if (!id || !isUuid(id)) return null;
  const rows = await categoryRows(db, sql`(c.id = ${id} or c.parent_id = ${id})`);
  const category = rows.find((row) => row.id === id);
  if (!category) return null;
  return {
    ...category,
    children: category.parent_id === null ? rows.filter((r) => r !== category) : [],
  };
}

export async function getCategory(db: Database, id: string): Promise<CategoryNode> {
  const category = await findCategory(db, id);
  if (!category) throw notFound('Category');
  return category;
}
