'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import type { OrganizationKind } from '@/server/kernel/auth/permissions';
import { AccountBar } from './account-bar';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const all = [...organizations.schools, ...organizations.studs];
  const current = all.find((o) => o.kind === kind && o.id === id);
  const base = current?.href ?? '';
  const lower = noun.toLowerCase();

  return (
    <>
      <AccountBar />
      {current && (
        <div className="school-bar">
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
              Your role: <strong>{current.role}</strong>
            </span>
          </div>
          <button
            type="button"
            className="menu-toggle small"
            aria-expanded={menuOpen}
            aria-controls="organization-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <nav
            id="organization-nav"
            aria-label={noun}
            className={menuOpen ? 'school-nav open' : 'school-nav'}
          >
            <ul>
              {navigation
                .filter((section) => !section.permission || can(current.role, section.permission))
                .map((section) => {
                  const href = base + section.path;
                  const here = section.path === '' ? pathname === base : pathname.startsWith(href);
                  return (
                    <li key={section.path}>
                      <Link
                        href={href}
                        aria-current={here ? 'page' : undefined}
                        onClick={() => setMenuOpen(false)}
                      >
                        {section.label}
                      </Link>
                    </li>
                  );
                })}
            </ul>
          </nav>
        </div>
      )}
      <main>
        {organizations.isPending && <p aria-busy="true">Loading…</p>}
        {organizations.error && organizations.error.data?.code !== 'UNAUTHORIZED' && (
          <p className="card error" role="alert">
            Could not load your organizations: {organizations.error.message}
          </p>
        )}
        {!organizations.isPending && !organizations.error && !current && (
          <p className="card error" role="alert">
            This {lower} does not exist or you are not one of its members.
          </p>
        )}
        {current && children(current)}
      </main>
    </>
  );
}
