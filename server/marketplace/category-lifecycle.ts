import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { marketplaceCategories } from '@/db/schema';
import type { CategoryKind } from '@/db/schema/marketplace-values';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { getCategory } from './category-queries';
import type { CategoryFields, CategoryNode } from './category-schema';
import { freeSlug, slugify } from './marketplace-slugs';

registerUniqueField('marketplace_categories_slug_key', 'slug', 'The slug has already been taken.');

type Row = { id: string; parent_id: string | null; kind: CategoryKind };

/**
 * The parent a category is given: a root (two levels only), else 422 on `parent_id`. Locked
 * (`for share`) so that it cannot become a child before the write commits.
 */
async function rootParent(db: Database, parentId: string, childId?: string): Promise<Row> {
  if (parentId === childId)
    throw invalidField('parent_id', 'The parent cannot be the category itself.');
  const [parent] = await queryRows<Row>(
    db,
    sql`select id, parent_id, kind from marketplace_categories where id = ${parentId} for share`,
  );
  if (!parent) throw invalidField('parent_id', 'The selected parent is invalid.');
  if (parent.parent_id !== null)
    throw invalidField('parent_id', 'The parent must be a root category (two levels only).');
  return parent;
}

/** A child's kind: its root's, and a different one given is a 422 on `kind`. */
function kindUnder(parent: Row, given: CategoryKind | undefined): CategoryKind {
  if (given !== undefined && given !== parent.kind)
    throw invalidField('kind', `The kind of a subcategory is its root's (${parent.kind}).`);
  return parent.kind;
}

/** POST /admin/marketplace/categories: a root, or a child of a root. */
export async function createCategory(db: Database, input: CategoryFields): Promise<CategoryNode> {
  let kind = input.kind;
  if (input.parent_id) kind = kindUnder(await rootParent(db, input.parent_id), input.kind);
  else if (!kind) throw invalidField('kind', 'The kind field is required for a root category.');
  const slug =
    input.slug ?? (await freeSlug(db, 'marketplace_categories', slugify(input.name, 'category')));
  const [row] = await db
    .insert(marketplaceCategories)
    .values({
      name: input.name,
      slug,
      parentId: input.parent_id ?? null,
      kind,
      attributes: input.attributes ?? [],
      position: input.position ?? 0,
      active: input.active ?? true,
    })
    .returning({ id: marketplaceCategories.id });
  return getCategory(db, row!.id);
}

/** Listings of the category, or of its children, in any state. */
async function hasListings(db: Database, id: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from publications p join marketplace_categories c on c.id = p.category_id
           where c.id = ${id} or c.parent_id = ${id}) as found`,
  );
  return row!.found;
}

/** The category, locked for the write (its children's inserts wait on it), or 404. */
async function lockedCategory(db: Database, id: string): Promise<Row & { children: number }> {
  const [row] = isUuid(id)
    ? await queryRows<Row & { children: number }>(
        db,
        sql`select c.id, c.parent_id, c.kind,
                   (select count(*)::int from marketplace_categories k where k.parent_id = c.id) as children
              from marketplace_categories c where c.id = ${id} for update`,
      )
    : [];
  if (!row) throw notFound('Category');
  return row;
}

/**
 * PUT /admin/marketplace/categories/{id}: the fields given. A root's new kind goes to its
 * children; a kind that would change under listings is a 409 (their attributes and search
 * filters follow the kind).
 */
export async function updateCategory(
  db: Database,
  id: string,
  input: Partial<CategoryFields>,
): Promise<CategoryNode> {
  const current = await lockedCategory(db, id);
  const parentId = input.parent_id === undefined ? current.parent_id : input.parent_id;
  let kind = input.kind ?? current.kind;
  if (parentId !== null) {
    if (input.parent_id && current.children > 0)
      throw invalidField(
        'parent_id',
        'The parent of a category with subcategories must stay empty (two levels only).',
      );
    const parent = input.parent_id !== undefined ? await rootParent(db, parentId, id) : undefined;
    if (parent) kind = kindUnder(parent, input.kind);
    else if (input.kind !== undefined && input.kind !== current.kind)
      throw invalidField('kind', `The kind of a subcategory is its root's (${current.kind}).`);
  }
  if (kind !== current.kind && (await hasListings(db, id)))
    throw conflict('The category has listings: its kind cannot change.');
  await db
    .update(marketplaceCategories)
    .set({
      name: input.name,
      slug: input.slug,
      parentId,
      kind,
      attributes: input.attributes,
      position: input.position,
      active: input.active,
      updatedAt: sql`now()`,
    })
    .where(sql`${marketplaceCategories.id} = ${id}`);
  if (kind !== current.kind && current.children > 0)
    await db
      .update(marketplaceCategories)
      .set({ kind, updatedAt: sql`now()` })
      .where(sql`${marketplaceCategories.parentId} = ${id}`);
  return getCategory(db, id);
}

/**
 * DELETE /admin/marketplace/categories/{id}: only a category nobody used. One with listings
 * (any state) or subcategories is kept (409): deactivating it hides it instead.
 */
export async function deleteCategory(db: Database, id: string): Promise<void> {
  const current = await lockedCategory(db, id);
  if (current.children > 0)
    throw conflict('The category has subcategories: deactivate it instead.');
  if (await hasListings(db, id))
    throw conflict('The category has listings: deactivate it instead.');
  await db.delete(marketplaceCategories).where(sql`${marketplaceCategories.id} = ${id}`);
}
