import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { students } from '@/db/schema';
import type { School } from '../kernel/trpc/init';
import { fieldErrorsFromZod, type FieldErrors } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { dateOrderOf, localDate } from './school-dates';
import { EXTRA_CELLS_ERROR, hasExtraCells, readImportFile } from '../kernel/csv-import';
import {
  futureBirthDateError,
  IMPORT_MAX_ROWS,
  studentFields,
  type ImportResult,
  type StudentFields,
} from './student-schema';
import { DOCUMENT_NUMBER_TAKEN, studentValues } from './student-columns';

/*
 * Student CSV import (DESIGN 6). Header names are the student fields with the nested objects
 * flattened; each row is validated by the same schema as POST /students. Valid rows are
 * inserted in bulk, the others reported by their line in the file (the header is line 1).
 * Birth dates may be written the school's way (`03/04/2010`, server/schools/school-dates.ts).
 */

const FLAT_COLUMNS = new Set([
  'first_name',
  'last_name',
  'birth_date',
  'gender',
  'document_type',
  'document_number',
  'phone',
  'email',
  'level',
  'status',
  'notes',
]);

/** CSV column → [object, field] of the student's nested objects. */
const NESTED_COLUMNS: Record<string, [string, string]> = {
  street: ['address', 'street'],
  city: ['address', 'city'],
  state: ['address', 'state'],
  emergency_contact_name: ['emergency_contact', 'name'],
  emergency_contact_relationship: ['emergency_contact', 'relationship'],
  emergency_contact_phone: ['emergency_contact', 'phone'],
};

const REQUIRED_COLUMNS = ['first_name', 'last_name'];

/** Rows per INSERT: ~18 parameters each stays far below Postgres' 65,535. */
const INSERT_CHUNK = 1_000;

type RowError = ImportResult['errors'][number];

/** A row as the POST body it stands for; blank cells are absent values, unknown columns ignored. */
function rowInput(header: string[], cells: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  header.forEach((column, i) => {
    const value = cells[i]?.trim();
    if (!value) return;
    const nested = NESTED_COLUMNS[column];
    if (nested) {
      const [object, field] = nested;
      ((input[object] ??= {}) as Record<string, string>)[field] = value;
    } else if (FLAT_COLUMNS.has(column)) {
      input[column] = value;
    }
  });
  return input;
}

/** Validation errors keyed by CSV column (`street`, not `address.street`). */
function rowErrors(error: z.ZodError): FieldErrors {
  const issues = error.issues.map((issue) => {
    const [first, second] = issue.path.map(String);
    const column =
      first === 'address' && second
        ? second
        : first === 'emergency_contact' && second
          ? `emergency_contact_${second}`
          : first;
    return { ...issue, path: column ? [column] : [] };
  });
  return fieldErrorsFromZod(new z.ZodError(issues));
}

type ValidRow = { line: number; fields: StudentFields };

const ambiguousDate = (value: string, [dayFirst, monthFirst]: [string, string]) =>
  `The birth date ${value} is ambiguous: it may be ${dayFirst} or ${monthFirst}. Write it as YYYY-MM-DD.`;

/**
 * Imports a CSV of students into a school: one query for the document numbers already
 * taken, then bulk inserts in one transaction. `dryRun` reports the same without writing.
 */
export async function importStudents(
  db: Database,
  school: School,
  file: string,
  dryRun: boolean,
): Promise<ImportResult> {
  const { header, rows } = readImportFile(file, REQUIRED_COLUMNS, IMPORT_MAX_ROWS);

  const today = todayIn(school.timezone);
  const dateOrder = dateOrderOf(school.timezone);
  const errors: RowError[] = [];
  const valid: ValidRow[] = [];
  for (const row of rows) {
    if (hasExtraCells(header, row)) {
      errors.push({ row: row.line, errors: EXTRA_CELLS_ERROR });
      continue;
    }
    const input = rowInput(header, row.cells);
    if (typeof input.birth_date === 'string') {
      const date = localDate(input.birth_date, dateOrder);
      if ('ambiguous' in date) {
        errors.push({
          row: row.line,
          errors: { birth_date: [ambiguousDate(input.birth_date, date.ambiguous)] },
        });
        continue;
      }
      input.birth_date = date.date;
    }
    const parsed = studentFields.safeParse(input);
    if (!parsed.success) {
      errors.push({ row: row.line, errors: rowErrors(parsed.error) });
      continue;
    }
    const birthDateError = futureBirthDateError(parsed.data.birth_date, today);
    if (birthDateError) {
      errors.push({ row: row.line, errors: { birth_date: [birthDateError] } });
      continue;
    }
    valid.push({ line: row.line, fields: parsed.data });
  }

  const numbers = [
    ...new Set(valid.map((row) => row.fields.document_number).filter((n): n is string => !!n)),
  ];
  const taken = new Set(
    numbers.length === 0
      ? []
      : (
          await db
            .select({ documentNumber: students.documentNumber })
            .from(students)
            .where(and(eq(students.schoolId, school.id), inArray(students.documentNumber, numbers)))
        ).map((row) => row.documentNumber),
  );
  const firstLineOf = new Map<string, number>();
  const accepted: ValidRow[] = [];
  for (const row of valid) {
    const number = row.fields.document_number;
    if (number && taken.has(number)) {
      errors.push({ row: row.line, errors: { document_number: [DOCUMENT_NUMBER_TAKEN] } });
    } else if (number && firstLineOf.has(number)) {
      errors.push({
        row: row.line,
        errors: {
          document_number: [
            `The document number is already used on line ${firstLineOf.get(number)}.`,
          ],
        },
      });
    } else {
      if (number) firstLineOf.set(number, row.line);
      accepted.push(row);
    }
  }

  let imported = accepted.length;
  if (!dryRun && accepted.length > 0) {
    imported = await db.transaction(async (tx) => {
      let inserted = 0;
      for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
        const chunk = accepted.slice(start, start + INSERT_CHUNK);
        // A concurrent import or POST may have taken a number since the check: that row is
        // skipped by the unique index, not duplicated, and reported like any duplicate.
        const rowsIn = await tx
          .insert(students)
          .values(
            chunk.map(({ fields }) => ({
              ...studentValues(fields),
              schoolId: school.id,
              firstName: fields.first_name,
              lastName: fields.last_name,
            })),
          )
          .onConflictDoNothing({
            target: [students.schoolId, students.documentNumber],
            where: sql`document_number is not null`,
          })
          .returning({ documentNumber: students.documentNumber });
        inserted += rowsIn.length;
        const stored = new Set(rowsIn.map((row) => row.documentNumber));
        for (const { line, fields } of chunk) {
          if (fields.document_number && !stored.has(fields.document_number)) {
            errors.push({ row: line, errors: { document_number: [DOCUMENT_NUMBER_TAKEN] } });
          }
        }
      }
      return inserted;
    });
  }

  errors.sort((a, b) => a.row - b.row);
  return { total_rows: rows.length, imported, skipped: rows.length - imported, errors };
}
