'use client';

import { DataTable, type ColumnDef } from './data-table';
import { cardClass } from './card';
import type { ReactNode } from 'react';

/**
 * Rows as a table from a tablet's width, as cards (`card`, the content of each) on a phone:
 * nothing wider than 375 px. Both are named `label`.
 */
export function TableOrCards<T extends { id: string }>({
  label,
  columns,
  data,
  busy,
  card,
  cardLabel,
  rowClassName,
}: {
  label: string;
  columns: ColumnDef<T>[];
  data: T[];
  busy?: boolean;
  card: (row: T) => ReactNode;
  cardLabel: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
}) {
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          label={label}
          columns={columns}
          data={data}
          getRowId={(row) => row.id}
          busy={busy}
          rowClassName={rowClassName}
        />
      </div>
      <ul aria-label={label} aria-busy={busy} className="m-0 list-none p-0 md:hidden">
        {data.map((row) => (
          <li key={row.id} aria-label={cardLabel(row)} className={cardClass}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
