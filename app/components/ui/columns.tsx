import type { CellContext, ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Badge } from './badge';
import { formatDate, humanize } from './format';

/*
 * Column shapes that several tables share, so that each table lists only what is its own.
 */

/** The last column: a row's buttons, under a header only screen readers read. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): ColumnDef<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }: CellContext<T, unknown>) => cell(row.original),
  };
}

/** A status as a badge, with a muted note after it (a receipt number) when there is one. */
export function statusColumn<T extends { status: string }>(
  note: (row: T) => ReactNode = () => null,
  header = 'Status',
): ColumnDef<T> {
  return {
    id: 'status',
    header,
    cell: ({ row: { original } }: CellContext<T, unknown>) => {
      const extra = note(original);
      return (
        <>
          <Badge status={original.status}>{humanize(original.status)}</Badge>
          {extra && <span className="text-muted-foreground"> {extra}</span>}
        </>
      );
    },
  };
}

/** A calendar date column (`YYYY-MM-DD`) written as `27 Nov 2026`; empty when there is none. */
export function dateColumn<T>(
  key: { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string,
  header: string,
): ColumnDef<T> {
  return {
    id: key,
    header,
    cell: ({ row: { original } }: CellContext<T, unknown>) => {
      const value = original[key] as string | null;
      return value ? formatDate(value) : '';
    },
  };
}
