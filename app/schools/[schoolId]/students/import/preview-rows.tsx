'use client';

import { DataTable, type ColumnDef } from '../../../../components/ui';
import { PREVIEW_ROWS, type Preview, type PreviewRow } from './csv-preview';
import { ErrorList } from './row-errors';

/** The file's first rows as read, each with its problems once the server has checked them. */
export function PreviewRows({
  preview,
  errorsByRow,
  checked,
}: {
  preview: Preview;
  errorsByRow: Map<number, Record<string, string[]>>;
  checked: boolean;
}) {
  const columns: ColumnDef<PreviewRow>[] = [
    { id: 'line', header: 'Line', cell: ({ row }) => row.original.line },
    ...preview.header.map((column, i): ColumnDef<PreviewRow> => ({
      id: `column-${i}`,
      header: column,
      cell: ({ row }) => row.original.cells[i],
    })),
    {
      id: 'problems',
      header: 'Problems',
      cell: ({ row }) => {
        const errors = errorsByRow.get(row.original.line);
        return errors ? <ErrorList errors={errors} /> : checked ? 'OK' : '';
      },
    },
  ];
  return (
    <>
      <DataTable
        label="Rows of the file"
        columns={columns}
        data={preview.rows}
        getRowId={(row) => String(row.line)}
        rowClassName={(row) => (errorsByRow.has(row.line) ? 'bg-row-error' : undefined)}
      />
      {preview.total > PREVIEW_ROWS && (
        <p className="text-muted-foreground">
          Showing the first {PREVIEW_ROWS} of {preview.total} rows.
        </p>
      )}
    </>
  );
}
