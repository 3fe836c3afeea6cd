import { invalidField } from './errors';
import { CsvReadError, readCsvRecords, type CsvRecord } from './csv';

/**
 * An import file's header (lower case, trimmed) and records, refused as a whole (422 on
 * `file`) when it is no CSV, lacks a required column, repeats one or has more than `maxRows`
 * records. Shared by the student and pedigree imports (DESIGN 6, E.6).
 */
export function readImportFile(
  text: string,
  required: readonly string[],
  maxRows: number,
): { header: string[]; rows: CsvRecord[] } {
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvReadError)
      throw invalidField('file', `The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [headerRow, ...rows] = records;
  if (!headerRow) throw invalidField('file', 'The file has no header line.');
  const header = headerRow.cells.map((cell) => cell.trim().toLowerCase());
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw invalidField('file', `The file is missing the required columns: ${missing.join(', ')}.`);
  const repeated = header.filter((column, i) => column !== '' && header.indexOf(column) !== i);
  if (repeated.length > 0)
    throw invalidField('file', `The file has the column ${repeated[0]} more than once.`);
  if (rows.length > maxRows)
    throw invalidField('file', `The file must not have more than ${maxRows} rows.`);
  return { header, rows };
}

/** Whether a record has values past the header's columns (reported on its line). */
export function hasExtraCells(header: string[], row: CsvRecord): boolean {
  return row.cells.slice(header.length).some((cell) => cell.trim() !== '');
}

export const EXTRA_CELLS_ERROR = {
  columns: ['The row has more values than the header has columns.'],
};
