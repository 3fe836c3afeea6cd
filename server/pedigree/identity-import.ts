import { randomUUID } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { horseIdentities } from '@/db/schema';
import { IMPORT_MAX_ROWS, type ImportResult } from '../kernel/csv';
import { EXTRA_CELLS_ERROR, hasExtraCells, readImportFile } from '../kernel/csv-import';
import { AppError } from '../kernel/errors';
import { fieldErrorsFromZod, type FieldErrors } from '../kernel/validation';
import { applyChanges, type IdentityValues } from './identity-rules';
import { FIRST_BIRTH_YEAR, identityFields } from './identity-schema';

/*
 * The pedigree CSV import of administrators (DESIGN-MODULES E.6). Columns are the identity
 * fields, with `sire` and `dam` naming a parent by UELN or registration number, in the
 * database or anywhere in the file (a parent may come after its foal). Every row is checked
 * as a POST would be, the numbers and the parents against the file and the database in a few
 * set-based reads, the parentage rules in memory over the file's graph; the accepted rows
 * are written by one INSERT, parents and foals together, verified like an administrator's
 * entry. Limits and report as the student import.
 */

const COLUMNS = [
  'name',
  'registered_name',
  'sex',
  'gelded',
  'birth_date',
  'birth_year',
  'breed',
  'colour',
  'country',
  'ueln',
  'microchip',
  'studbook',
  'registration_number',
  'deceased_on',
] as const;

const rowFields = identityFields.omit({ sire_id: true, dam_id: true }).extend({
  gelded: z
    .enum(['true', 'false', 'yes', 'no', '1', '0'])
    .transform((value) => ['true', 'yes', '1'].includes(value))
    .optional(),
  birth_year: z.coerce.number().int().min(FIRST_BIRTH_YEAR).max(2100).optional(),
});

type Row = {
  line: number;
  id: string;
  values: IdentityValues;
  sire?: string;
  dam?: string;
  /** The UELN and registration number as written, by which other lines name it. */
  ueln?: string;
  registration?: string;
  errors: FieldErrors;
};

const compact = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const fail = (row: Row, field: string, message: string) => (row.errors[field] ??= []).push(message);

/** A parent as the file or the database knows it. */
type Parent = {
  id: string;
  sex: string;
  birthYear: number;
  mergedIntoId: string | null;
  row?: Row;
};

export async function importIdentities(
  db: Database,
  file: string,
  dryRun: boolean,
): Promise<ImportResult> {
  const { header, rows: records } = readImportFile(file, ['name'], IMPORT_MAX_ROWS);
  const errors: ImportResult['errors'] = [];
  const rows: Row[] = [];
  for (const record of records) {
    if (hasExtraCells(header, record)) {
      errors.push({ row: record.line, errors: EXTRA_CELLS_ERROR });
      continue;
    }
    const cell = (column: string) => {
      const i = header.indexOf(column);
      const value = i < 0 ? '' : (record.cells[i] ?? '').trim();
      return value === '' ? undefined : value;
    };
    const input = Object.fromEntries(COLUMNS.map((column) => [column, cell(column)]));
    if (typeof input.sex === 'string') input.sex = input.sex.toLowerCase();
    if (typeof input.gelded === 'string') input.gelded = input.gelded.toLowerCase();
    const row: Row = {
      line: record.line,
      id: randomUUID(),
      values: {} as IdentityValues,
      sire: cell('sire'),
      dam: cell('dam'),
      ueln: cell('ueln') && compact(cell('ueln')!),
      registration: cell('registration_number'),
      errors: {},
    };
    const parsed = rowFields.safeParse(input);
    if (!parsed.success) {
      row.errors = fieldErrorsFromZod(parsed.error);
    } else {
      try {
        row.values = applyChanges(null, parsed.data);
      } catch (error) {
        if (!(error instanceof AppError) || !error.fieldErrors) throw error;
        row.errors = { ...error.fieldErrors };
      }
    }
    rows.push(row);
  }

  await checkNumbers(db, rows);
  await checkParents(db, rows);

  // A foal whose parent line is refused is refused too, down the generations.
  const accepted = acceptedInOrder(rows);
  for (const row of rows)
    if (Object.keys(row.errors).length > 0) errors.push({ row: row.line, errors: row.errors });

  if (!dryRun && accepted.length > 0) {
    const records = accepted.map(({ id, values }) => ({
      id,
      name: values.name,
      registered_name: values.registeredName,
      sex: values.sex,
      gelded: values.gelded,
      birth_date: values.birthDate,
      birth_year: values.birthYear,
      breed: values.breed,
      colour: values.colour,
      country: values.country,
      ueln: values.ueln,
      microchip: values.microchip,
      studbook: values.studbook,
      registration_number: values.registrationNumber,
      sire_id: values.sireId,
      dam_id: values.damId,
      deceased_on: values.deceasedOn,
    }));
    // One statement: foreign keys are checked at its end, so a foal may precede its parent.
    await db.execute(sql`
      insert into ${horseIdentities} (id, name, registered_name, sex, gelded, birth_date,
        birth_year, breed, colour, country, ueln, microchip, studbook, registration_number,
        sire_id, dam_id, deceased_on, status)
      select id, name, registered_name, sex, gelded, birth_date, birth_year, breed, colour,
        country, ueln, microchip, studbook, registration_number, sire_id, dam_id, deceased_on,
        'verified'
      from json_to_recordset(${JSON.stringify(records)}::json) as r(id uuid, name text,
        registered_name text, sex text, gelded boolean, birth_date date, birth_year smallint,
        breed text, colour text, country text, ueln text, microchip text, studbook text,
        registration_number text, sire_id uuid, dam_id uuid, deceased_on date)`);
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    total_rows: records.length,
    imported: accepted.length,
    skipped: records.length - accepted.length,
    errors,
  };
}

const valid = (row: Row) => Object.keys(row.errors).length === 0;

/** Numbers used twice in the file (the later line refused) or already in the database. */
async function checkNumbers(db: Database, rows: Row[]) {
  const firstLine = new Map<string, number>();
  const taken = (row: Row, field: string, key: string | null, label: string) => {
    if (!key) return;
    const line = firstLine.get(`${field}:${key}`);
    if (line !== undefined) fail(row, field, `The ${label} is already used on line ${line}.`);
    else firstLine.set(`${field}:${key}`, row.line);
  };
  for (const row of rows.filter(valid)) {
    taken(row, 'ueln', row.values.ueln, 'ueln');
    taken(row, 'microchip', row.values.microchip, 'microchip');
    const registration =
      row.values.studbook && `${row.values.studbook}\u0000${row.values.registrationNumber}`;
    taken(row, 'registration_number', registration || null, 'studbook registration number');
  }
  const candidates = rows.filter(valid);
  const uelns = candidates.flatMap((r) => r.values.ueln ?? []);
  const chips = candidates.flatMap((r) => r.values.microchip ?? []);
  const numbers = candidates.flatMap((r) => r.values.registrationNumber ?? []);
  if (uelns.length + chips.length + numbers.length === 0) return;
  const h = horseIdentities;
  const existing = await db
    .select({
      id: h.id,
      ueln: h.ueln,
      microchip: h.microchip,
      studbook: h.studbook,
      registrationNumber: h.registrationNumber,
    })
    .from(h)
    .where(
      or(
        uelns.length ? inArray(h.ueln, uelns) : undefined,
        chips.length ? inArray(h.microchip, chips) : undefined,
        numbers.length ? inArray(h.registrationNumber, numbers) : undefined,
      ),
    );
  const holder = new Map<string, string>();
  for (const e of existing) {
    if (e.ueln) holder.set(`ueln:${e.ueln}`, e.id);
    if (e.microchip) holder.set(`microchip:${e.microchip}`, e.id);
    if (e.studbook) holder.set(`registration:${e.studbook}\u0000${e.registrationNumber}`, e.id);
  }
  const recorded = (label: string, id: string) =>
    `The ${label} is already recorded for the horse ${id}.`;
  for (const row of candidates) {
    const { ueln, microchip, studbook, registrationNumber } = row.values;
    const byUeln = ueln && holder.get(`ueln:${ueln}`);
    const byChip = microchip && holder.get(`microchip:${microchip}`);
    const byRegistration =
      studbook && holder.get(`registration:${studbook}\u0000${registrationNumber}`);
    if (byUeln) fail(row, 'ueln', recorded('ueln', byUeln));
    if (byChip) fail(row, 'microchip', recorded('microchip', byChip));
    if (byRegistration)
      fail(row, 'registration_number', recorded('studbook registration number', byRegistration));
  }
}

/**
 * Resolves `sire` and `dam` (a UELN, else a registration number: in the file first, then in
 * the database, one read) and checks sex and age; cycles can only join rows of the file
 * (nothing in the database names them yet), found by `acceptedInOrder`.
 */
async function checkParents(db: Database, rows: Row[]) {
  // A line names the horse of its numbers, unless the number is another horse's already.
  const inFile = new Map<string, Row[]>();
  const index = (key: string, row: Row) => inFile.set(key, [...(inFile.get(key) ?? []), row]);
  for (const row of rows) {
    if (row.ueln && !row.errors.ueln) index(row.ueln, row);
    if (row.registration && !row.errors.registration_number) index(row.registration, row);
  }
  const refs = [...new Set(rows.flatMap((r) => [r.sire, r.dam].filter((x): x is string => !!x)))];
  const outside = refs.filter((ref) => !inFile.has(compact(ref)) && !inFile.has(ref));
  const h = horseIdentities;
  const known = outside.length
    ? await db
        .select({
          id: h.id,
          sex: h.sex,
          birthYear: h.birthYear,
          mergedIntoId: h.mergedIntoId,
          ueln: h.ueln,
          registrationNumber: h.registrationNumber,
        })
        .from(h)
        .where(or(inArray(h.ueln, outside.map(compact)), inArray(h.registrationNumber, outside)))
    : [];
  const resolve = (ref: string): Parent[] => {
    const rowsFound = inFile.get(compact(ref)) ?? inFile.get(ref);
    if (rowsFound)
      return rowsFound.map((row) => ({
        id: row.id,
        sex: row.values.sex,
        birthYear: row.values.birthYear,
        mergedIntoId: null,
        row,
      }));
    return known.filter((k) => k.ueln === compact(ref) || k.registrationNumber === ref);
  };
  for (const row of rows.filter(valid)) {
    for (const [field, ref, sex, label] of [
      ['sire', row.sire, 'male', 'sire'],
      ['dam', row.dam, 'female', 'dam'],
    ] as const) {
      if (!ref) continue;
      const found = resolve(ref);
      const parent = found[0];
      // A refused line is still the parent it names: its foal is refused after it.
      const refused = parent?.row && !valid(parent.row);
      const message =
        found.length > 1
          ? `The ${label} ${ref} names more than one horse: give its UELN.`
          : !parent
            ? `The ${label} ${ref} was not found in the file or on the platform.`
            : refused
              ? null
              : parent.mergedIntoId
                ? `The ${label} ${ref} was merged into the horse ${parent.mergedIntoId}.`
                : parent.sex !== sex
                  ? `The ${label} must be a ${sex} horse.`
                  : parent.birthYear > row.values.birthYear - 2
                    ? `The ${label} must be born at least two years before the horse (in ${row.values.birthYear - 2} or earlier).`
                    : parent.row === row
                      ? `The ${label} cannot be the horse itself.`
                      : null;
      if (message) fail(row, field, message);
      else row.values[field === 'sire' ? 'sireId' : 'damId'] = parent!.id;
    }
  }
}

/**
 * The rows to write, parents before foals; a row whose parent row is refused (or that is
 * part of a cycle) is refused with the line that stops it.
 */
function acceptedInOrder(rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: Row[] = [];
  const visit = (row: Row): boolean => {
    if (state.get(row.id) === 'done') return valid(row);
    if (state.get(row.id) === 'visiting') return false;
    state.set(row.id, 'visiting');
    for (const [field, parentId] of [
      ['sire', row.values.sireId],
      ['dam', row.values.damId],
    ] as const) {
      const parent = parentId ? byId.get(parentId) : undefined;
      if (!parent || !valid(row)) continue;
      if (state.get(parent.id) === 'visiting') {
        fail(row, field, `The ${field} on line ${parent.line} descends from this horse.`);
      } else if (!visit(parent)) {
        fail(row, field, `The ${field} on line ${parent.line} is not imported.`);
      }
    }
    state.set(row.id, 'done');
    if (valid(row)) ordered.push(row);
    return valid(row);
  };
  for (const row of rows) visit(row);
  return ordered;
}
