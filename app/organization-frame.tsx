'use client';

import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import type { OrganizationKind } from '@/server/kernel/auth/permissions';
import { humanize, QueryState } from './components/ui';
import { SideNavFrame } from './side-nav-frame';
import { useOrganizations, type OrganizationLink } from './organizations';
import { useTenant } from './tenant-context';
import { useRedirectOnUnauthorized } from './use-signed-in';

/**
 * The frame of every page of one organization (a school, a stud): account bar, the switcher
 * over every organization of the user (G.14) and the role's navigation of the tenant kind.
 * `children` gets the organization once it is known to be the user's.
 */
export function OrganizationFrame({
  kind,
  id,
  noun,
  children,
}: {
  kind: OrganizationKind;
  id: string;
  /** `School`, `Stud`: the navigation's name. */
  noun: string;
  children: (organization: OrganizationLink) => ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const { navigation, can } = useTenant();
  const organizations = useOrganizations();
  useRedirectOnUnauthorized(organizations.error);
  const all = [...organizations.schools, ...organizations.studs];
  const current = all.find((o) => o.kind === kind && o.id === id);
  const base = current?.href ?? '';
  const lower = noun.toLowerCase();

  const head = current && (
    <div className="school-switch">
      {all.length > 1 ? (
        <>
          <label htmlFor="organization-switcher" className="visually-hidden">
            Organization
          </label>
          <select
            id="organization-switcher"
            value={current.href}
            onChange={(event) => router.push(event.target.value)}
          >
            {(
              [
                ['Schools', organizations.schools],
                ['Studs', organizations.studs],
              ] as const
            )
              .filter(([, list]) => list.length > 0)
              .map(([label, list]) => (
                <optgroup key={label} label={label}>
                  {list.map((option) => (
                    <option key={option.href} value={option.href}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
        </>
      ) : (
        <strong>{current.name}</strong>
      )}
      <span className="muted">
        Your role: <strong>{humanize(current.role)}</strong>
      </span>
    </div>
  );
  const links =
    current &&
    navigation
      .filter((section) => !section.permission || can(current.role, section.permission))
      .map((section) => {
        const href = base + section.path;
        return {
          href,
          label: section.label,
          current: section.path === '' ? pathname === base : pathname.startsWith(href),
        };
      });

  // Until the organization is known (loading, or failed until tried again) the navigation,
  // which follows the member's role, keeps its place with grey bars. Once it is, its pages
  // stay, whatever a refresh of the lists says; a 401 sends the browser to sign in (above).
  const settled = !organizations.isPending && !organizations.error;
  const failed = organizations.error?.data?.code === 'UNAUTHORIZED' ? null : organizations.error;
  return (
    <SideNavFrame label={noun} head={head} links={links ?? (settled ? [] : null)}>
      {!current && (
        <QueryState
          what="your organizations"
          query={{
            isPending: organizations.isPending,
            error: failed,
            refetch: organizations.refetch,
          }}
        />
      )}
      {settled && !current && (
        <p className="card error" role="alert">
          This {lower} does not exist or you are not one of its members.
        </p>
      )}
      {current && children(current)}
    </SideNavFrame>
  );
}
