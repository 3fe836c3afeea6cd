import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { commissionTiers } from '@/db/schema';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { moneyValue } from '../kernel/fields/record-fields';
import { isUuid } from '../kernel/validation';
import { getCommissionTier, inScope, scopeBands } from './commission-queries';
import type {
  BandFields,
  CommissionBandsInput,
  CommissionTier,
  CommissionTierFields,
} from './commission-schema';

/*
 * The writes of commission bands (E.5). Each runs in a transaction that first locks its scope
 * (an advisory lock per category, one for the global bands), writes, then checks the scope's
 * active bands with one set-based query; a broken rule throws and the write rolls back. Two
 * writers of one scope thus never both pass the check on rows the other is changing.
 */

type Scope = string | null;

const GAP = 'The global commission bands must cover every amount from 0 with no limit.';

/** Serializes the writes of the scopes, in one order so that two writers cannot deadlock. */
async function lockScopes(tx: Database, scopes: Scope[]): Promise<void> {
  const keys = [...new Set(scopes.map((scope) => `commission_tiers:${scope ?? 'global'}`))];
  for (const key of keys.sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** A category a band may be given: one that exists and is active, else 422 on `category_id`. */
async function checkCategory(db: Database, categoryId: string): Promise<void> {
  const [row] = await queryRows<{ active: boolean }>(
    db,
    sql`select active from marketplace_categories where id = ${categoryId} for share`,
  );
  if (!row?.active) throw invalidField('category_id', 'The selected category id is invalid.');
}

/** Cents of a two-decimal amount: exact, so bounds compare without float surprises. */
const cents = (amount: number) => Math.round(amount * 100);

function checkBounds(min: number, max: number | null | undefined, field: string) {
  if (max !== null && max !== undefined && cents(max) <= cents(min))
    throw invalidField(field, 'The max amount field must be greater than the min amount.');
}

/**
 * The scope's active bands, by amount: the first that overlaps the one before it (null if
 * none), and whether they leave a gap between 0 and no limit (the global bands' rule).
 */
async function scopeProblems(
  db: Database,
  scope: Scope,
): Promise<{ overlap_id: string | null; gap: boolean }> {
  const [row] = await queryRows<{ overlap_id: string | null; gap: boolean }>(
    db,
    sql`with b as (
          select t.id, t.min_amount, t.max_amount,
                 lag(t.max_amount) over w as prev_max,
                 row_number() over w as n, count(*) over () as bands
            from commission_tiers t
           where t.active and ${inScope(scope)}
          window w as (order by t.min_amount, t.id))
        select (select id from b
                 where n > 1 and (prev_max is null or prev_max > min_amount)
                 order by n limit 1) as overlap_id,
               (not exists (select 1 from b)
                or exists (select 1 from b where n = 1 and min_amount > 0)
                or exists (select 1 from b where n > 1 and prev_max < min_amount)
                or exists (select 1 from b where n = bands and max_amount is not null)) as gap`,
  );
  return row!;
}

/** A single band's write: overlap → 422 `min_amount`, a global gap → 409. */
async function checkScopes(db: Database, scopes: Scope[]): Promise<void> {
  for (const scope of new Set(scopes)) {
    const problems = await scopeProblems(db, scope);
    if (problems.overlap_id)
      throw invalidField('min_amount', 'The band overlaps another active band of its scope.');
    if (scope === null && problems.gap) throw conflict(`${GAP} Reshape them with the bands PUT.`);
  }
}

function bandValues(band: Partial<BandFields>) {
  return {
    name: band.name,
    minAmount: moneyValue(band.min_amount),
    maxAmount: moneyValue(band.max_amount),
    ratePercent: moneyValue(band.rate_percent),
    fixedFee: moneyValue(band.fixed_fee),
  };
}

/** POST /admin/commission-tiers: a band of a category or a global one. */
export async function createCommissionTier(
  db: Database,
  input: CommissionTierFields,
): Promise<CommissionTier> {
  checkBounds(input.min_amount, input.max_amount, 'max_amount');
  const scope = input.category_id ?? null;
  const id = await db.transaction(async (tx) => {
    await lockScopes(tx, [scope]);
    if (scope !== null) await checkCategory(tx, scope);
    const [row] = await tx
      .insert(commissionTiers)
      .values({
        ...bandValues(input),
        name: input.name,
        minAmount: moneyValue(input.min_amount),
        ratePercent: moneyValue(input.rate_percent),
        categoryId: scope,
        active: input.active ?? true,
      })
      .returning({ id: commissionTiers.id });
    await checkScopes(tx, [scope]);
    return row!.id;
  });
  return getCommissionTier(db, id);
}

type Current = {
  category_id: string | null;
  min_amount: number;
  max_amount: number | null;
};

/** The band's scope and bounds, locked when `lock`. */
async function currentTier(db: Database, id: string, lock: boolean): Promise<Current> {
  const [row] = isUuid(id)
    ? await queryRows<Current>(
        db,
        sql`select category_id, min_amount::float8 as min_amount, max_amount::float8 as max_amount
              from commission_tiers where id = ${id} ${lock ? sql`for update` : sql``}`,
      )
    : [];
  if (!row) throw notFound('Commission tier');
  return row;
}

/**
 * The band locked under the locks of its scope and of `also`: its scope is read first, then
 * locked; a band moved meanwhile to another scope is a 409 (its new scope is not locked).
 */
async function lockedTier(tx: Database, id: string, also: Scope[] = []): Promise<Current> {
  const before = await currentTier(tx, id, false);
  await lockScopes(tx, [before.category_id, ...also]);
  const current = await currentTier(tx, id, true);
  if (current.category_id !== before.category_id)
    throw conflict('The band changed meanwhile; try again.');
  return current;
}

/**
 * PUT /admin/commission-tiers/{id}: the fields given, `active: false` deactivating. The rules
 * of POST, on the band as it becomes; a global gap left behind → 409.
 */
export async function updateCommissionTier(
  db: Database,
  id: string,
  input: Partial<CommissionTierFields>,
): Promise<CommissionTier> {
  await db.transaction(async (tx) => {
    const current = await lockedTier(
      tx,
      id,
      input.category_id === undefined ? [] : [input.category_id],
    );
    const scope = input.category_id === undefined ? current.category_id : input.category_id;
    const min = input.min_amount ?? current.min_amount;
    const max = input.max_amount === undefined ? current.max_amount : input.max_amount;
    checkBounds(min, max, 'max_amount');
    if (input.category_id) await checkCategory(tx, input.category_id);
    await tx
      .update(commissionTiers)
      .set({
        ...bandValues(input),
        categoryId: input.category_id,
        active: input.active,
        updatedAt: sql`now()`,
      })
      .where(sql`${commissionTiers.id} = ${id}`);
    await checkScopes(tx, [current.category_id, scope]);
  });
  return getCommissionTier(db, id);
}

/** DELETE /admin/commission-tiers/{id}: any band, unless it leaves the global bands a gap (409). */
export async function deleteCommissionTier(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedTier(tx, id);
    await tx.delete(commissionTiers).where(sql`${commissionTiers.id} = ${id}`);
    await checkScopes(tx, [current.category_id]);
  });
}

/**
 * PUT /admin/commission-tiers/bands: the scope's active bands become `bands` (the replaced ones
 * are kept, inactive), checked as a whole: a band's bounds → 422 `bands.<n>.max_amount`, an
 * overlap → 422 `bands.<n>.min_amount` (the later band), a global gap → 422 `bands`.
 */
export async function replaceCommissionBands(
  db: Database,
  input: CommissionBandsInput,
): Promise<CommissionTier[]> {
  input.bands.forEach((band, n) =>
    checkBounds(band.min_amount, band.max_amount, `bands.${n}.max_amount`),
  );
  const scope = input.category_id;
  await db.transaction(async (tx) => {
    await lockScopes(tx, [scope]);
    if (scope !== null) await checkCategory(tx, scope);
    await tx
      .update(commissionTiers)
      .set({ active: false, updatedAt: sql`now()` })
      .where(
        sql`${commissionTiers.active} and ${inScope(scope, sql`${commissionTiers.categoryId}`)}`,
      );
    const ids =
      input.bands.length === 0
        ? []
        : (
            await tx
              .insert(commissionTiers)
              .values(
                input.bands.map((band) => ({
                  ...bandValues(band),
                  name: band.name,
                  minAmount: moneyValue(band.min_amount),
                  ratePercent: moneyValue(band.rate_percent),
                  categoryId: scope,
                })),
              )
              .returning({ id: commissionTiers.id })
          ).map((row) => row.id);
    const problems = await scopeProblems(tx, scope);
    if (problems.overlap_id)
      throw invalidField(
        `bands.${ids.indexOf(problems.overlap_id)}.min_amount`,
        'The band overlaps another band.',
      );
    if (scope === null && problems.gap) throw invalidField('bands', GAP);
  });
  return scopeBands(db, scope);
}
