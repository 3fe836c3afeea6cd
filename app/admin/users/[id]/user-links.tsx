'use client';

import type { AdminUserDetail } from '@/server/admin/user-schema';
import {
  Badge,
  Card,
  CardTitle,
  DataTable,
  Empty,
  humanize,
  statusColumn,
  type ColumnDef,
} from '../../../components/ui';

type Membership = AdminUserDetail['memberships'][number];
type PortalLink = AdminUserDetail['portal_links'][number];

const membershipColumns: ColumnDef<Membership>[] = [
  {
    id: 'organization',
    header: 'Organization',
    meta: { rowHeader: true },
    cell: ({ row: { original: m } }) => (
      <>
        {m.organization.name}
        {m.organization.verified && <span className="text-muted-foreground"> (verified)</span>}
      </>
    ),
  },
  { id: 'type', header: 'Type', cell: ({ row }) => humanize(row.original.organization.type) },
  { id: 'role', header: 'Role', cell: ({ row }) => humanize(row.original.role) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge status={row.original.organization.status}>
        {humanize(row.original.organization.status)}
      </Badge>
    ),
  },
];

const portalColumns: ColumnDef<PortalLink>[] = [
  {
    id: 'school',
    header: 'School',
    meta: { rowHeader: true },
    cell: ({ row }) => row.original.school.name,
  },
  {
    id: 'relationship',
    header: 'Follows as',
    cell: ({ row }) => humanize(row.original.relationship),
  },
  statusColumn(),
];

/** The schools and studs the user belongs to, with their role in each. */
export function UserMemberships({ memberships }: { memberships: Membership[] }) {
  return (
    <Card aria-labelledby="memberships-heading">
      <CardTitle id="memberships-heading">Memberships</CardTitle>
      {memberships.length === 0 ? (
        <Empty>Not a member of any school or stud.</Empty>
      ) : (
        <DataTable
          label="Memberships"
          columns={membershipColumns}
          data={memberships}
          getRowId={(m) => m.organization.id}
        />
      )}
    </Card>
  );
}

/** The riders the user follows in the family portal, by school. */
export function UserPortalLinks({ links }: { links: PortalLink[] }) {
  return (
    <Card aria-labelledby="portal-heading">
      <CardTitle id="portal-heading">Family portal</CardTitle>
      {links.length === 0 ? (
        <Empty>Follows no riders.</Empty>
      ) : (
        <DataTable
          label="Portal links"
          columns={portalColumns}
          data={links}
          getRowId={(l) => l.id}
        />
      )}
    </Card>
  );
}
