import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { horseIdentities, horses, studHorses } from '@/db/schema';
import { validationError, type AppError } from '../kernel/errors';
import type { FieldErrors } from '../kernel/validation';
import type { IdentityFields } from './identity-schema';

/*
 * The rules of an identity (DESIGN-MODULES 0.3), applied to every write whoever makes it: a
 * school's horse form, an administrator, an approved correction, the import.
 */

export type IdentityRow = typeof horseIdentities.$inferSelect;

/** What a write sets: every field of the record but its bookkeeping. */
export type IdentityValues = Omit<
  IdentityRow,
  'id' | 'status' | 'mergedIntoId' | 'createdByOrgId' | 'createdAt' | 'updatedAt'
>;

const EMPTY: IdentityValues = {
  name: '',
  registeredName: null,
  sex: 'unknown',
  gelded: false,
  birthDate: null,
  birthYear: 0,
  breed: null,
  colour: null,
  country: null,
  ueln: null,
  microchip: null,
  studbook: null,
  registrationNumber: null,
  sireId: null,
  damId: null,
  deceasedOn: null,
};

/** The API's field names of the record's columns, for changes and messages. */
export const FIELD_COLUMNS = {
  name: 'name',
  registered_name: 'registeredName',
  sex: 'sex',
  gelded: 'gelded',
  birth_date: 'birthDate',
  birth_year: 'birthYear',
  breed: 'breed',
  colour: 'colour',
  country: 'country',
  ueln: 'ueln',
  microchip: 'microchip',
  studbook: 'studbook',
  registration_number: 'registrationNumber',
  sire_id: 'sireId',
  dam_id: 'damId',
  deceased_on: 'deceasedOn',
} as const satisfies Record<keyof IdentityFields, keyof IdentityValues>;

/**
 * The record once `changes` are applied to `existing` (null: a new identity), checked as a
 * whole: a name, a birth date or year (the year follows the date), a gelding is male, a
 * studbook goes with a registration number, death after birth.
 */
export function applyChanges(
  existing: IdentityValues | null,
  changes: IdentityFields,
): IdentityValues {
  const next: IdentityValues = { ...(existing ?? EMPTY) };
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    const value = changes[field as keyof IdentityFields];
    if (value !== undefined && field !== 'birth_year')
      (next as Record<string, unknown>)[column] = value;
  }
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const yearOf = (date: string) => Number(date.slice(0, 4));
  if (!next.name) fail('name', 'The name field is required.');
  if (changes.birth_date) {
    if (changes.birth_year != null && changes.birth_year !== yearOf(changes.birth_date))
      fail('birth_year', 'The birth year field must match the birth date.');
    next.birthYear = yearOf(changes.birth_date);
  } else if (changes.birth_year != null) {
    // A new year without a date: a date of another year no longer holds.
    if (next.birthDate && yearOf(next.birthDate) !== changes.birth_year) next.birthDate = null;
    next.birthYear = changes.birth_year;
  } else if (changes.birth_year === null) {
    next.birthYear = next.birthDate ? yearOf(next.birthDate) : 0;
  }
  if (!next.birthYear)
    fail('birth_year', 'The birth year field is required when birth date is not present.');
  if (next.gelded && next.sex !== 'male') fail('gelded', 'Only a male horse can be gelded.');
  if (!next.studbook !== !next.registrationNumber) {
    const missing = next.studbook ? 'registration_number' : 'studbook';
    fail(
      missing,
      `The ${missing.replace('_', ' ')} field is required with ${missing === 'studbook' ? 'registration number' : 'studbook'}.`,
    );
  }
  if (next.deceasedOn && next.birthYear && yearOf(next.deceasedOn) < next.birthYear)
    fail('deceased_on', 'The deceased on field must not be before the horse was born.');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return next;
}

/** Another identity holding one of `values`' numbers, as a 422 naming it on each field. */
export async function duplicateNumbers(
  db: Database,
  id: string | null,
  values: Pick<IdentityValues, 'ueln' | 'microchip' | 'studbook' | 'registrationNumber'>,
): Promise<AppError | null> {
  const h = horseIdentities;
  const matches: SQL[] = [];
  if (values.ueln) matches.push(eq(h.ueln, values.ueln));
  if (values.microchip) matches.push(eq(h.microchip, values.microchip));
  if (values.studbook && values.registrationNumber)
    matches.push(
      and(eq(h.studbook, values.studbook), eq(h.registrationNumber, values.registrationNumber))!,
    );
  if (matches.length === 0) return null;
  const rows = await db
    .select({
      id: h.id,
      ueln: h.ueln,
      microchip: h.microchip,
      studbook: h.studbook,
      registrationNumber: h.registrationNumber,
    })
    .from(h)
    .where(and(or(...matches), id ? ne(h.id, id) : undefined));
  const errors: FieldErrors = {};
  const taken = (field: string, label: string, other: string) =>
    (errors[field] = [
      `The ${label} is already recorded for the horse ${other}: link that identity (horse_identity_id) instead.`,
    ]);
  for (const row of rows) {
    if (values.ueln && row.ueln === values.ueln) taken('ueln', 'ueln', row.id);
    if (values.microchip && row.microchip === values.microchip)
      taken('microchip', 'microchip', row.id);
    if (
      values.studbook &&
      row.studbook === values.studbook &&
      row.registrationNumber === values.registrationNumber
    )
      taken('registration_number', 'studbook registration number', row.id);
  }
  return Object.keys(errors).length > 0 ? validationError(errors) : null;
}

// One parent write at a time: two writes that each add half of a cycle cannot both pass.
const PARENT_LOCK = sql`select pg_advisory_xact_lock(hashtext('horse_identities.parents'))`;

const PARENT_ROLES = [
  { field: 'sire_id', column: 'sireId', label: 'sire', sex: 'male' },
  { field: 'dam_id', column: 'damId', label: 'dam', sex: 'female' },
] as const;

/**
 * The parentage rules, 422 on `sire_id` / `dam_id`: each parent exists and is not merged, the
 * sire is male and the dam female, each born at least two years before the horse, and
 * neither is the horse's own descendant (a recursive query over the parents' ancestry).
 * An edit of a horse that is itself a parent keeps its foals valid (its sex, its birth year).
 */
export async function assertParentage(
  db: Database,
  id: string | null,
  next: IdentityValues,
  before?: IdentityValues,
): Promise<void> {
  const errors: FieldErrors = {};
  const parentsChanged = !before || before.sireId !== next.sireId || before.damId !== next.damId;
  const parentIds = [next.sireId, next.damId].filter((p): p is string => p !== null);
  if (parentIds.length > 0 && (parentsChanged || before?.birthYear !== next.birthYear)) {
    if (parentsChanged) await db.execute(PARENT_LOCK);
    const h = horseIdentities;
    const parents = await db
      .select({ id: h.id, sex: h.sex, birthYear: h.birthYear, mergedIntoId: h.mergedIntoId })
      .from(h)
      .where(inArray(h.id, parentIds));
    for (const role of PARENT_ROLES) {
      const parentId = next[role.column];
      if (!parentId) continue;
      const parent = parents.find((p) => p.id === parentId);
      const message = !parent
        ? `The ${role.label} was not found.`
        : parent.mergedIntoId
          ? `The ${role.label} was merged into the horse ${parent.mergedIntoId}: name that one.`
          : parent.sex !== role.sex
            ? `The ${role.label} must be a ${role.sex} horse.`
            : parent.birthYear > next.birthYear - 2
              ? `The ${role.label} must be born at least two years before the horse (in ${next.birthYear - 2} or earlier).`
              : null;
      if (message) errors[role.field] = [message];
    }
    if (id && parentsChanged && Object.keys(errors).length === 0) {
      for (const field of await descendantParents(db, id, next)) {
        const label = field === 'sire_id' ? 'sire' : 'dam';
        errors[field] = [`The ${label} cannot be a descendant of the horse itself.`];
      }
    }
  }
  if (id && before && (before.sex !== next.sex || before.birthYear !== next.birthYear)) {
    Object.assign(errors, await offspringConflicts(db, id, next));
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** Which of the new parents has the horse among its ancestors, or is the horse. */
async function descendantParents(db: Database, id: string, next: IdentityValues) {
  const rows = await queryRows<{ origin: string }>(
    db,
    sql`with recursive up(origin, id) as (
          select origin, parent from (values ('sire_id', ${next.sireId}::uuid), ('dam_id', ${next.damId}::uuid)) v(origin, parent)
          where parent is not null
          union
          select up.origin, p.parent from up
            join ${horseIdentities} h on h.id = up.id
            cross join lateral (values (h.sire_id), (h.dam_id)) p(parent)
          where p.parent is not null
        )
        select distinct origin from up where id = ${id}`,
  );
  return rows.map((r) => r.origin);
}

/** Whether one of `candidates` is an ancestor of the horse `id`. */
export async function anyAncestor(
  db: Database,
  id: string,
  candidates: string[],
): Promise<boolean> {
  if (candidates.length === 0) return false;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive up(id) as (
          select p.parent from ${horseIdentities} h
            cross join lateral (values (h.sire_id), (h.dam_id)) p(parent)
          where h.id = ${id} and p.parent is not null
          union
          select p.parent from up
            join ${horseIdentities} h on h.id = up.id
            cross join lateral (values (h.sire_id), (h.dam_id)) p(parent)
          where p.parent is not null
        )
        select exists (select 1 from up where id in (${sql.join(
          candidates.map((c) => sql`${c}::uuid`),
          sql`, `,
        )})) as found`,
  );
  return row?.found ?? false;
}

/** What a change of sex or birth year would break in the horse's foals. */
async function offspringConflicts(
  db: Database,
  id: string,
  next: IdentityValues,
): Promise<FieldErrors> {
  const h = horseIdentities;
  const [foals] = await db
    .select({
      sired: sql<number>`count(*) filter (where ${h.sireId} = ${id})::int`,
      dammed: sql<number>`count(*) filter (where ${h.damId} = ${id})::int`,
      firstBorn: sql<number | null>`min(${h.birthYear})`,
    })
    .from(h)
    .where(or(eq(h.sireId, id), eq(h.damId, id)));
  const errors: FieldErrors = {};
  if (foals && foals.sired > 0 && next.sex !== 'male')
    errors.sex = [`The horse is the sire of ${foals.sired} recorded foals: it must stay male.`];
  if (foals && foals.dammed > 0 && next.sex !== 'female')
    errors.sex = [`The horse is the dam of ${foals.dammed} recorded foals: it must stay female.`];
  if (foals?.firstBorn != null && next.birthYear > foals.firstBorn - 2)
    errors.birth_year = [
      `The horse has a foal born in ${foals.firstBorn}: it must be born in ${foals.firstBorn - 2} or earlier.`,
    ];
  return errors;
}

/**
 * The records of organizations that point to identities: school and stud horses; listings
 * add theirs. Merges repoint them; edit rights and microchip visibility ask who
 * links an identity through them.
 */
export const IDENTITY_REFERENCES = [
  { table: horses, identity: horses.horseIdentityId, organization: horses.schoolId },
  { table: studHorses, identity: studHorses.horseIdentityId, organization: studHorses.studId },
] as const;

/** Whether an organization other than `organizationId` links the identity. */
export function linkedByOthers(identityId: string, organizationId: string): SQL {
  return sql.join(
    IDENTITY_REFERENCES.map(
      (ref) =>
        sql`exists (select 1 from ${ref.table} where ${ref.identity} = ${identityId} and ${ref.organization} <> ${organizationId})`,
    ),
    sql` or `,
  );
}

/** Whether the user is a member of an organization that links the identity (SQL, per row). */
export function linkedForUser(identity: SQL | typeof horseIdentities.id, userId: string): SQL {
  return sql.join(
    IDENTITY_REFERENCES.map(
      (ref) =>
        sql`exists (select 1 from ${ref.table} join memberships m on m.organization_id = ${ref.organization} where ${ref.identity} = ${identity} and m.user_id = ${userId})`,
    ),
    sql` or `,
  );
}
