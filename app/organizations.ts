'use client';

import { useQuery } from '@tanstack/react-query';
import type { OrganizationKind } from '@/server/kernel/auth/permissions';
import type { OrganizationListItem } from '@/server/organizations/organization-schema';
import { useTRPC } from './trpc';

export type OrganizationLink = OrganizationListItem & { kind: OrganizationKind; href: string };

/**
 * Every organization of the signed-in user, schools then studs (G.14): for the home page and
 * the switcher of every organization page.
 */
export function useOrganizations() {
  const trpc = useTRPC();
  const schools = useQuery(trpc.schools.list.queryOptions({}));
  const studs = useQuery(trpc.studs.list.queryOptions({}));
  const links = (kind: OrganizationKind, collection: string, rows?: OrganizationListItem[]) =>
    (rows ?? []).map((row) => ({ ...row, kind, href: `/${collection}/${row.id}` }));
  return {
    schools: links('school', 'schools', schools.data?.data),
    studs: links('stud', 'studs', studs.data?.data),
    isPending: schools.isPending || studs.isPending,
    error: schools.error ?? studs.error,
    refetch: () => Promise.all([schools.refetch(), studs.refetch()]),
  };
}
