'use client';

import {
  actionsColumn,
  Button,
  cardClass,
  DataTable,
  humanize,
  statusColumn,
  type ColumnDef,
} from '../../components/ui';
import type { Organization } from './edit-organization-form';

const wide = { className: 'max-sm:hidden' };

/** A page of organizations, each with its "Edit" button. */
export function OrganizationsTable({
  organizations,
  busy,
  onEdit,
}: {
  organizations: Organization[];
  busy: boolean;
  onEdit: (organization: Organization) => void;
}) {
  const columns: ColumnDef<Organization>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: org } }) => (
        <>
          {org.name}
          {org.verified && <span className="text-muted-foreground"> (verified)</span>}
        </>
      ),
    },
    { id: 'type', header: 'Type', cell: ({ row }) => humanize(row.original.type) },
    { accessorKey: 'timezone', header: 'Time zone', meta: wide },
    { accessorKey: 'currency', header: 'Currency', meta: wide },
    statusColumn(),
    actionsColumn((org) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit ${org.name}`}
        onClick={() => onEdit(org)}
      >
        Edit
      </Button>
    )),
  ];
  return (
    <DataTable
      className={cardClass}
      label="Organizations"
      columns={columns}
      data={organizations}
      getRowId={(org) => org.id}
      busy={busy}
    />
  );
}
