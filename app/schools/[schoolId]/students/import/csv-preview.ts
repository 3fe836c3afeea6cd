import { readCsvRecords } from '@/server/kernel/csv';

/** The columns the import reads (DESIGN 6: the student fields, nested objects flattened). */
const COLUMNS = [
  'first_name',
  'last_name',
  'birth_date',
  'gender',
  'document_type',
  'document_number',
  'phone',
  'email',
  'street',
  'city',
  'state',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'level',
  'status',
  'notes',
];
export const TEMPLATE = `${COLUMNS.join(',')}\nAna,Torres,2012-05-01,female,DNI,X-0001,+34 600 111 222,ana@example.com,Calle Mayor 1,Sevilla,Andalucía,María Torres,mother,+34 600 111 333,beginner,active,\n`;
export const PREVIEW_ROWS = 50;

export type RowErrors = { row: number; errors: Record<string, string[]> }[];
export type PreviewRow = { line: number; cells: string[] };
export type Preview = { header: string[]; rows: PreviewRow[]; total: number };

/** The rows as the server reads them, numbered by the line they start on, as its errors are. */
export function previewOf(text: string): Preview {
  const [header, ...rows] = readCsvRecords(text);
  return {
    header: header?.cells ?? [],
    rows: rows.slice(0, PREVIEW_ROWS),
    total: rows.length,
  };
}
