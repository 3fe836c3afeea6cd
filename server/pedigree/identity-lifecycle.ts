import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horseIdentities, pedigreeCorrections } from '@/db/schema';
import {
  AppError,
  conflict,
  forbidden,
  invalidField,
  notFound,
  uniqueViolation,
  validationError,
} from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import {
  anyAncestor,
  applyChanges,
  assertParentage,
  duplicateNumbers,
  IDENTITY_REFERENCES,
  linkedByOthers,
  type IdentityRow,
  type IdentityValues,
} from './identity-rules';
import type { IdentityFields } from './identity-schema';

/** Who writes: an organization (under the edit rule of 0.3) or a platform administrator. */
export type IdentityWriter = { organizationId: string } | { admin: true };

/**
 * Inserts under a savepoint: a number taken by a concurrent write since the check is still a
 * 422 naming the identity that holds it, and the caller's transaction goes on.
 */
async function writeChecked<T>(
  db: Database,
  id: string | null,
  values: IdentityValues,
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  const duplicate = await duplicateNumbers(db, id, values);
  if (duplicate) throw duplicate;
  try {
    return await db.transaction(write);
  } catch (error) {
    if (uniqueViolation(error) === undefined) throw error;
    throw (await duplicateNumbers(db, id, values)) ?? error;
  }
}

/** A new identity, unverified unless an administrator creates it; answers its id. */
export async function createIdentity(
  db: Database,
  input: IdentityFields,
  writer: IdentityWriter,
): Promise<string> {
  const values = applyChanges(null, input);
  await assertParentage(db, null, values);
  const [row] = await writeChecked(db, null, values, (tx) =>
    tx
      .insert(horseIdentities)
      .values({
        ...values,
        status: 'admin' in writer ? 'verified' : 'unverified',
        createdByOrgId: 'admin' in writer ? null : writer.organizationId,
      })
      .returning({ id: horseIdentities.id }),
  );
  return row!.id;
}

/** The identity, locked for the write; 404 for an unknown id. */
async function lockIdentity(db: Database, id: string): Promise<IdentityRow> {
  const [row] = isUuid(id)
    ? await db.select().from(horseIdentities).where(eq(horseIdentities.id, id)).for('update')
    : [];
  if (!row) throw notFound('Horse identity');
  return row;
}

const mergedConflict = (row: IdentityRow) =>
  conflict(`This horse was merged into the horse ${row.mergedIntoId}: change that one.`);

/**
 * Changes an identity under the rules. An organization may while it created the identity,
 * the identity is unverified and nobody else links it; then only platform administrators,
 * and others file a correction (403 says so).
 */
export async function updateIdentity(
  db: Database,
  id: string,
  changes: IdentityFields,
  writer: IdentityWriter,
): Promise<void> {
  const row = await lockIdentity(db, id);
  if (row.mergedIntoId) throw mergedConflict(row);
  if (!('admin' in writer)) {
    const [shared] = await db
      .select({ value: sql<boolean>`${linkedByOthers(id, writer.organizationId)}` })
      .from(horseIdentities)
      .where(eq(horseIdentities.id, id));
    if (
      row.createdByOrgId !== writer.organizationId ||
      row.status !== 'unverified' ||
      shared?.value
    )
      throw forbidden(
        'This horse identity is verified, shared or not yours: file a correction (POST /api/pedigree/horses/{id}/corrections).',
      );
  }
  const next = applyChanges(row, changes);
  await assertParentage(db, id, next, row);
  await writeChecked(db, id, next, (tx) =>
    tx
      .update(horseIdentities)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(horseIdentities.id, id)),
  );
}

export async function verifyIdentity(db: Database, id: string): Promise<void> {
  const row = await lockIdentity(db, id);
  if (row.mergedIntoId) throw mergedConflict(row);
  await db
    .update(horseIdentities)
    .set({ status: 'verified', updatedAt: sql`now()` })
    .where(eq(horseIdentities.id, id));
}

/**
 * Merges a duplicate into the record that stays, in one transaction: every organization's
 * record, every foal and every correction pointing to the duplicate points to `intoId`; numbers the survivor
 * lacks move to it; the duplicate keeps its row as `merged`, with `merged_into_id`. The
 * survivor must be able to take the duplicate's place as a parent (sex, age, no cycle).
 */
export async function mergeIdentity(db: Database, id: string, intoId: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Horse identity');
  if (id === intoId) throw invalidField('into_id', 'A horse cannot be merged into itself.');
  if (!isUuid(intoId)) throw invalidField('into_id', 'The horse to merge into was not found.');
  // Both rows locked in one order, so two merges of the same pair cannot deadlock.
  const rows = await db
    .select()
    .from(horseIdentities)
    .where(inArray(horseIdentities.id, [id, intoId]))
    .orderBy(horseIdentities.id)
    .for('update');
  const duplicate = rows.find((r) => r.id === id);
  const survivor = rows.find((r) => r.id === intoId);
  if (!duplicate) throw notFound('Horse identity');
  if (duplicate.mergedIntoId) throw mergedConflict(duplicate);
  if (!survivor) throw invalidField('into_id', 'The horse to merge into was not found.');
  if (survivor.mergedIntoId)
    throw invalidField('into_id', `That horse was merged into ${survivor.mergedIntoId}.`);
  await assertMergeable(db, duplicate, survivor);

  const h = horseIdentities;
  const moved = {
    ueln: survivor.ueln ?? duplicate.ueln,
    microchip: survivor.microchip ?? duplicate.microchip,
    ...(survivor.registrationNumber
      ? {}
      : { studbook: duplicate.studbook, registrationNumber: duplicate.registrationNumber }),
  };
  await db
    .update(h)
    .set({
      status: 'merged',
      mergedIntoId: intoId,
      ...(moved.ueln === duplicate.ueln && { ueln: null }),
      ...(moved.microchip === duplicate.microchip && { microchip: null }),
      ...('studbook' in moved && { studbook: null, registrationNumber: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(h.id, id));
  await db
    .update(h)
    .set({ ...moved, updatedAt: sql`now()` })
    .where(eq(h.id, intoId));
  await db.update(h).set({ sireId: intoId }).where(eq(h.sireId, id));
  await db.update(h).set({ damId: intoId }).where(eq(h.damId, id));
  await db
    .update(pedigreeCorrections)
    .set({ horseIdentityId: intoId })
    .where(eq(pedigreeCorrections.horseIdentityId, id));
  for (const ref of IDENTITY_REFERENCES)
    await db.update(ref.table).set({ horseIdentityId: intoId }).where(eq(ref.identity, id));
}

/** The survivor as a parent of the duplicate's foals, and not a relative of its own foals. */
async function assertMergeable(db: Database, duplicate: IdentityRow, survivor: IdentityRow) {
  const h = horseIdentities;
  const foals = await db
    .select({ id: h.id, sireId: h.sireId, damId: h.damId, birthYear: h.birthYear })
    .from(h)
    .where(sql`${h.sireId} = ${duplicate.id} or ${h.damId} = ${duplicate.id}`);
  const problems: string[] = [];
  if (foals.some((f) => f.sireId === duplicate.id) && survivor.sex !== 'male')
    problems.push('the horse to merge into is not male, and this one sires foals');
  if (foals.some((f) => f.damId === duplicate.id) && survivor.sex !== 'female')
    problems.push('the horse to merge into is not female, and this one has foals as a dam');
  if (foals.some((f) => f.birthYear < survivor.birthYear + 2))
    problems.push('the horse to merge into is born too late to be the parent of these foals');
  if (foals.some((f) => f.id === survivor.id))
    problems.push('the horse to merge into is a foal of this one');
  if (survivor.sireId === duplicate.id || survivor.damId === duplicate.id)
    problems.push('the horse to merge into is a foal of this one');
  if (problems.length > 0)
    throw invalidField(
      'into_id',
      `These horses cannot be merged: ${[...new Set(problems)].join('; ')}.`,
    );
  // The survivor becomes the foals' parent: none of them may be among its ancestors.
  if (
    await anyAncestor(
      db,
      survivor.id,
      foals.map((f) => f.id),
    )
  )
    throw invalidField(
      'into_id',
      'These horses cannot be merged: a foal of this horse is an ancestor of the other.',
    );
}

/** The identity's 422s as the record's input names them: `identity.ueln`. */
async function underIdentity<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    throw validationError(
      Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [
          `identity.${field}`,
          messages,
        ]),
      ),
    );
  }
}

/**
 * The identity a tenant record links, from its input: `horse_identity_id` names one (it must
 * exist and not be merged), `identity` creates one for the organization, or, when the record
 * already links an identity, changes it under the edit rule.
 */
export async function identityForRecord(
  db: Database,
  organizationId: string,
  input: { horse_identity_id?: string | null; identity?: IdentityFields },
  linked: string | null,
): Promise<string | null | undefined> {
  if (input.horse_identity_id !== undefined && input.identity !== undefined)
    throw invalidField('identity', 'Send horse_identity_id or identity, not both.');
  const identity = input.identity;
  if (identity !== undefined) {
    return underIdentity(async () => {
      if (!linked) return createIdentity(db, identity, { organizationId });
      await updateIdentity(db, linked, identity, { organizationId });
      return linked;
    });
  }
  const id = input.horse_identity_id;
  if (id === undefined || id === null) return id;
  const [row] = await db
    .select({ mergedIntoId: horseIdentities.mergedIntoId })
    .from(horseIdentities)
    .where(eq(horseIdentities.id, id))
    .for('key share');
  if (!row) throw invalidField('horse_identity_id', 'The horse identity was not found.');
  if (row.mergedIntoId)
    throw invalidField(
      'horse_identity_id',
      `That horse was merged into the horse ${row.mergedIntoId}: link that one.`,
    );
  return id;
}
