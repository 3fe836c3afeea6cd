'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Permission, Resource } from '@/server/kernel/auth/permissions';
import {
  Button,
  DataTable,
  Dialog,
  Empty,
  QueryState,
  RowActions,
  useToast,
  type ColumnDef,
  type RowAction,
} from '../../components/ui';
import { useSchool } from './school-context';

export type Column<R> = {
  header: string;
  cell: (record: R) => ReactNode;
  /** Left out on a phone's narrow screen. */
  wide?: boolean;
};

/**
 * The page of a kind of school record (instructors, classes, horses): its table, and the
 * create, edit and delete actions the member's role allows. `form` renders the create or
 * edit form in a dialog; it calls `close` once saved. A row's actions are Edit, the kind's
 * own (`rowActions`), then Delete: Edit first, as the one a phone's card keeps in view.
 */
export function RecordList<R extends { id: string }>({
  title,
  noun,
  resource,
  query,
  columns,
  nameOf,
  form,
  onDelete,
  deleting,
  rowActions,
  children,
}: {
  title: string;
  noun: string;
  resource: Resource;
  query: {
    isPending: boolean;
    error: { message: string } | null;
    data?: { data: R[] };
    refetch?: () => unknown;
  };
  columns: Column<R>[];
  nameOf: (record: R) => string;
  form: (record: R | undefined, close: () => void) => ReactNode;
  onDelete: (record: R) => void;
  deleting: boolean;
  rowActions?: (record: R) => RowAction[];
  children?: ReactNode;
}) {
  const { may } = useSchool();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const close = () => setEditing(null);
  const allowed = (action: 'create' | 'edit' | 'delete') =>
    may(`${resource}.${action}` as Permission<'school'>);
  const records = query.data?.data;
  const hasActions = Boolean(rowActions) || allowed('edit') || allowed('delete');
  const actionsOf = (record: R): RowAction[] => [
    ...(allowed('edit') ? [{ label: 'Edit', onSelect: () => setEditing(record) }] : []),
    ...(rowActions?.(record) ?? []),
    ...(allowed('delete')
      ? [
          {
            label: 'Delete',
            destructive: true,
            disabled: deleting,
            onSelect: () => onDelete(record),
          },
        ]
      : []),
  ];
  const tableColumns: ColumnDef<R>[] = columns.map((column) => ({
    id: column.header,
    header: column.header,
    cell: ({ row }) => column.cell(row.original),
    meta: column.wide ? { className: 'hidden sm:table-cell' } : undefined,
  }));
  if (hasActions) {
    tableColumns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: record } }) => (
        <RowActions what={nameOf(record)} actions={actionsOf(record)} />
      ),
    });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>{title}</h1>
        {allowed('create') && (
          <Button size="sm" onClick={() => setEditing('new')}>
            New {noun}
          </Button>
        )}
      </div>
      <QueryState what={title.toLowerCase()} query={query} />
      {records?.length === 0 && <Empty>No {title.toLowerCase()} yet.</Empty>}
      {records && records.length > 0 && (
        <DataTable
          className="mb-3 rounded-lg border border-border bg-card p-4"
          columns={tableColumns}
          data={records}
          getRowId={(record) => record.id}
        />
      )}
      {children}
      <Dialog
        title={editing === 'new' ? `New ${noun}` : `Edit ${editing ? nameOf(editing) : noun}`}
        open={editing !== null}
        onClose={close}
      >
        {editing !== null && form(editing === 'new' ? undefined : editing, close)}
      </Dialog>
    </>
  );
}

/** The `onSuccess` of a write: refresh the queries under `queryKey`, say `message`, then `then`. */
export function useAfterWrite() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return (queryKey: QueryKey, message: string, then?: () => void) => async () => {
    await queryClient.invalidateQueries({ queryKey });
    toast('success', message);
    then?.();
  };
}
