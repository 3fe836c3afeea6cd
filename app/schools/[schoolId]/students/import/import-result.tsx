'use client';

import Link from 'next/link';
import { Card, CardTitle, DataTable, type ColumnDef } from '../../../../components/ui';
import type { RowErrors } from './csv-preview';
import { ErrorList } from './row-errors';

const columns: ColumnDef<RowErrors[number]>[] = [
  { accessorKey: 'row', header: 'Line' },
  {
    id: 'problems',
    header: 'Problems',
    cell: ({ row }) => <ErrorList errors={row.original.errors} />,
  },
];

/** How many rows were imported, and the rows that were not, with their problems. */
export function ImportResult({
  schoolId,
  result,
}: {
  schoolId: string;
  result: { imported: number; total_rows: number; skipped: number; errors: RowErrors };
}) {
  return (
    <Card aria-labelledby="result-heading">
      <CardTitle id="result-heading">3. Result</CardTitle>
      <p>
        Imported <strong>{result.imported}</strong> of {result.total_rows} rows; {result.skipped}{' '}
        skipped.
      </p>
      {result.errors.length > 0 && (
        <DataTable
          caption="Rows not imported"
          columns={columns}
          data={result.errors}
          getRowId={(e) => String(e.row)}
        />
      )}
      <Link href={`/schools/${schoolId}/students`}>Back to the students</Link>
    </Card>
  );
}
