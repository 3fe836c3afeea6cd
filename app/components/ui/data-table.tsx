'use client';

import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from './cn';
import { cellClass, headCellClass, TableWrap, tableClass } from './table';

export type { ColumnDef } from '@tanstack/react-table';

/**
 * What a column may say besides its header and cells (`meta` of its definition): classes for
 * its header and cells (`hidden sm:table-cell` leaves it out on a phone), and whether its cells
 * are the headers of their rows (`th scope="row"`).
 */
export type ColumnMeta = {
  className?: string;
  rowHeader?: boolean;
  /** The cell's label on a phone's card, where the header is not a plain string. */
  label?: string;
};
const metaOf = (column: { columnDef: { meta?: unknown } }) =>
  (column.columnDef.meta ?? {}) as ColumnMeta;

/**
 * A header or cell as its column defines it. Called as a function, not mounted as a component
 * (what `flexRender` does): the columns are built on each render, and a new component type
 * each time would remount the cells and lose their state (a ribbon being picked).
 */
function render<C>(template: ((context: C) => ReactNode) | ReactNode | undefined, context: C) {
  return typeof template === 'function' ? template(context) : template;
}

/**
 * The one data table (TanStack Table): column headers with `scope="col"`; below a tablet's
 * width each row is drawn as a card (`.responsive-table` in globals.css: each cell under its
 * header's words, the row's buttons along the bottom), so that nothing sits off a phone's
 * screen, while the markup stays a table for assistive technology; and, where `sortable`,
 * headers that sort in the browser (`aria-sort` says how). Columns without `enableSorting: false` sort when sortable; a server
 * paginated list leaves `sortable` off and sorts on the server.
 */
export function DataTable<T>({
  columns,
  data,
  label,
  caption,
  getRowId,
  sortable = false,
  busy,
  className,
  rowClassName,
}: {
  columns: ColumnDef<T, any>[];
  data: T[];
  /** The table's accessible name, where the page has several. */
  label?: string;
  /** A visible title above the table, which names it. */
  caption?: ReactNode;
  getRowId?: (row: T) => string;
  sortable?: boolean;
  busy?: boolean;
  className?: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data,
    columns,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    getCoreRowModel: getCoreRowModel(),
    ...(sortable
      ? { getSortedRowModel: getSortedRowModel(), state: { sorting }, onSortingChange: setSorting }
      : { enableSorting: false }),
  });
  return (
    <TableWrap className={className}>
      <table className={cn(tableClass, 'responsive-table')} aria-label={label} aria-busy={busy}>
        {caption && <caption className="mb-2 text-left font-semibold">{caption}</caption>}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = render(
                  header.column.columnDef.header as never,
                  header.getContext(),
                );
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(headCellClass, metaOf(header.column).className)}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex cursor-pointer items-center gap-1 font-semibold text-foreground"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {content}
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden className="size-4" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden className="size-4" />
                        ) : (
                          <ArrowUpDown aria-hidden className="size-4 opacity-50" />
                        )}
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName?.(row.original)}>
              {row.getVisibleCells().map((cell) => {
                const { className, rowHeader, label: metaLabel } = metaOf(cell.column);
                const Cell = rowHeader ? 'th' : 'td';
                const { header } = cell.column.columnDef;
                const cardLabel = typeof header === 'string' ? header : metaLabel;
                return (
                  <Cell
                    key={cell.id}
                    scope={rowHeader ? 'row' : undefined}
                    data-label={rowHeader ? undefined : cardLabel}
                    className={cn(
                      cellClass,
                      rowHeader && 'font-semibold',
                      cell.column.id === 'actions' && 'cell-actions',
                      className,
                    )}
                  >
                    {rowHeader ? (
                      render(cell.column.columnDef.cell as never, cell.getContext())
                    ) : (
                      <div className="cell-value">
                        {render(cell.column.columnDef.cell as never, cell.getContext())}
                      </div>
                    )}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
