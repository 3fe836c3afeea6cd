'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Permission, Resource } from '@/server/kernel/auth/permissions';
import { ConfirmButton, Dialog, Empty, QueryState, TableWrap, useToast } from '../../ui';
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
 * edit form in a dialog; it calls `close` once saved.
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
  query: { isPending: boolean; error: { message: string } | null; data?: { data: R[] } };
  columns: Column<R>[];
  nameOf: (record: R) => string;
  form: (record: R | undefined, close: () => void) => ReactNode;
  onDelete: (record: R) => void;
  deleting: boolean;
  rowActions?: (record: R) => ReactNode;
  children?: ReactNode;
}) {
  const { may } = useSchool();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const close = () => setEditing(null);
  const allowed = (action: 'create' | 'edit' | 'delete') =>
    may(`${resource}.${action}` as Permission);
  const records = query.data?.data;
  const hasActions = Boolean(rowActions) || allowed('edit') || allowed('delete');

  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
        {allowed('create') && (
          <button type="button" onClick={() => setEditing('new')}>
            New {noun}
          </button>
        )}
      </div>
      <QueryState what={title.toLowerCase()} query={query} />
      {records?.length === 0 && <Empty>No {title.toLowerCase()} yet.</Empty>}
      {records && records.length > 0 && (
        <TableWrap className="card">
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={column.wide ? 'hide-narrow' : undefined}
                  >
                    {column.header}
                  </th>
                ))}
                {hasActions && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.wide ? 'hide-narrow' : undefined}>
                      {column.cell(record)}
                    </td>
                  ))}
                  {hasActions && (
                    <td>
                      <div className="actions">
                        {rowActions?.(record)}
                        {allowed('edit') && (
                          <button
                            type="button"
                            className="plain-button small"
                            onClick={() => setEditing(record)}
                          >
                            Edit<span className="visually-hidden"> {nameOf(record)}</span>
                          </button>
                        )}
                        {allowed('delete') && (
                          <ConfirmButton
                            label="Delete"
                            what={nameOf(record)}
                            question={`Delete ${nameOf(record)}?`}
                            disabled={deleting}
                            onConfirm={() => onDelete(record)}
                          />
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
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
