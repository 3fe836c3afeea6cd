import { CsvError, parse, type Info } from 'csv-parse/browser/esm/sync';
import { z } from 'zod';

/*
 * Reading an import CSV (students, the pedigree), shared by the server's imports and the
 * import pages' previews, so both split the same records and number them alike (issue 13).
 * Client-safe: csv-parse's browser build and nothing else (the Node build reaches for the
 * global `Buffer`).
 */

/** A record and the line of the file it starts on (the header is line 1). */
export type CsvRecord = { line: number; cells: string[] };

/** The text cannot be read as CSV; `message` says why, in csv-parse's words. */
export class CsvReadError extends Error {}

/** The header line decides: `;` when it has more semicolons than commas, else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  const header = /^[\uFEFF\s]*([^\r\n]*)/.exec(text)?.[1] ?? '';
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const countMatches = (cells: string[], pattern: RegExp) =>
  cells.reduce((sum, cell) => sum + (cell.match(pattern)?.length ?? 0), 0);

/**
 * The records of a CSV text with the line each starts on. Empty lines and records whose
 * cells are all empty are not records (their lines still count); a BOM is dropped; line
 * breaks inside quoted cells are kept in the cell and counted, as CRLF, LF or CR.
 */
export function readCsvRecords(text: string): CsvRecord[] {
  let records: { record: string[]; info: Info }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: Info }[];
  } catch (error) {
    if (error instanceof CsvError) throw new CsvReadError(error.message);
    throw error;
  }
  // `info.lines` is the line a record ends on, but csv-parse counts a CRLF inside a quoted
  // field as two lines; subtracting the CRLFs seen so far keeps later records exact.
  let crlfSoFar = 0;
  return records.map(({ record, info }) => {
    crlfSoFar += countMatches(record, /\r\n/g);
    const endLine = info.lines - crlfSoFar;
    return { line: endLine - countMatches(record, /\r\n|\r|\n/g), cells: record };
  });
}

/** Import limits (DESIGN 6); a larger upload is refused with 413 by the REST wrapper. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/** An import's input: the CSV as text (or the multipart part `file`), and `dry_run`. */
export const importFields = z.object({
  file: z.string().min(1),
  dry_run: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

/** What an import did: counts, and each refused line with its errors by column. */
export const importResultSchema = z.object({
  data: z.object({
    total_rows: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(
      z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) }),
    ),
  }),
});

export type ImportResult = z.infer<typeof importResultSchema>['data'];
