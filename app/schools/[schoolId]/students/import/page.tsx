'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState, type ChangeEvent } from 'react';
import { readCsvRecords } from '@/server/schools/student-csv';
import { useTRPC } from '../../../../trpc';
import { TableWrap, useToast, useErrorToast } from '../../../../ui';
import { NotAllowed, useSchool } from '../../school-context';

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
const TEMPLATE = `${COLUMNS.join(',')}\nAna,Torres,2012-05-01,female,DNI,X-0001,+34 600 111 222,ana@example.com,Calle Mayor 1,Sevilla,Andalucía,María Torres,mother,+34 600 111 333,beginner,active,\n`;
const PREVIEW_ROWS = 50;

type RowErrors = { row: number; errors: Record<string, string[]> }[];
type Preview = { header: string[]; rows: { line: number; cells: string[] }[]; total: number };

/** The rows as the server reads them, numbered by the line they start on, as its errors are. */
function previewOf(text: string): Preview {
  const [header, ...rows] = readCsvRecords(text);
  return {
    header: header?.cells ?? [],
    rows: rows.slice(0, PREVIEW_ROWS),
    total: rows.length,
  };
}

function ErrorList({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="plain error">
      {Object.entries(errors).flatMap(([field, messages]) =>
        messages.map((m) => <li key={field + m}>{m}</li>),
      )}
    </ul>
  );
}

/** Student CSV import: preview and check the rows, then import the valid ones. */
export default function ImportStudentsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const check = useMutation(
    trpc.students.import.mutationOptions({
      onError: showError,
    }),
  );
  const run = useMutation(
    trpc.students.import.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.students.list.pathKey() });
        toast('success', `${result.data.imported} students imported.`);
      },
      onError: showError,
    }),
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    check.reset();
    run.reset();
    setPreview(null);
    setParseError(null);
    if (!file) return setText(null);
    const content = await file.text();
    setText(content);
    try {
      setPreview(previewOf(content));
    } catch (error) {
      setParseError(error instanceof Error ? error.message : String(error));
    }
    check.mutate({ schoolId, file: content, dry_run: true });
  }

  if (!may('students.create')) return <NotAllowed />;
  const checked = check.data?.data;
  const errorsByRow = new Map<number, Record<string, string[]>>(
    (checked?.errors as RowErrors | undefined)?.map((e) => [e.row, e.errors]) ?? [],
  );
  const result = run.data?.data;

  return (
    <>
      <h1>Import students</h1>
      <section className="card" aria-labelledby="file-heading">
        <h2 id="file-heading">1. Choose a CSV file</h2>
        <p className="muted">
          One student per line; the first line names the columns (<code>first_name</code> and{' '}
          <code>last_name</code> are required). Commas or semicolons, UTF-8. Birth dates as
          YYYY-MM-DD, or as your school writes them (<code>03/04/2010</code>) when its time zone
          says which comes first, day or month.{' '}
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
            download="students-template.csv"
          >
            Download the template
          </a>
        </p>
        <div className="field">
          <label htmlFor={fileId}>CSV file</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
          />
        </div>
        {parseError && (
          <p className="error" role="alert">
            This file cannot be read as CSV: {parseError}
          </p>
        )}
      </section>
      {preview && (
        <section className="card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">2. Check the rows</h2>
          {check.isPending && <p aria-busy="true">Checking the rows…</p>}
          {checked && (
            <p role="status">
              {checked.total_rows} rows: {checked.total_rows - checked.errors.length} ready to
              import, {checked.errors.length} with errors.
            </p>
          )}
          <TableWrap>
            <table>
              <caption className="visually-hidden">Rows of the file</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  {preview.header.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                  <th scope="col">Problems</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => {
                  const errors = errorsByRow.get(row.line);
                  return (
                    <tr key={row.line} className={errors ? 'row-error' : undefined}>
                      <td>{row.line}</td>
                      {preview.header.map((column, i) => (
                        <td key={column}>{row.cells[i]}</td>
                      ))}
                      <td>{errors ? <ErrorList errors={errors} /> : checked ? 'OK' : ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
          {preview.total > PREVIEW_ROWS && (
            <p className="muted">
              Showing the first {PREVIEW_ROWS} of {preview.total} rows.
            </p>
          )}
          {checked && !result && (
            <button
              type="button"
              disabled={run.isPending || checked.total_rows === checked.errors.length}
              onClick={() => text !== null && run.mutate({ schoolId, file: text })}
            >
              {run.isPending
                ? 'Importing…'
                : `Import ${checked.total_rows - checked.errors.length} students`}
            </button>
          )}
        </section>
      )}
      {result && (
        <section className="card" aria-labelledby="result-heading">
          <h2 id="result-heading">3. Result</h2>
          <p>
            Imported <strong>{result.imported}</strong> of {result.total_rows} rows;{' '}
            {result.skipped} skipped.
          </p>
          {result.errors.length > 0 && (
            <TableWrap>
              <table>
                <caption>Rows not imported</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Problems</th>
                  </tr>
                </thead>
                <tbody>
                  {(result.errors as RowErrors).map((e) => (
                    <tr key={e.row}>
                      <td>{e.row}</td>
                      <td>
                        <ErrorList errors={e.errors} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          <Link href={`/schools/${schoolId}/students`}>Back to the students</Link>
        </section>
      )}
    </>
  );
}
