'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, usePathname, useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { AccountBar } from '../../account-bar';
import { useTenant } from '../../tenant-context';
import { useTRPC } from '../../trpc';
import { useRedirectOnUnauthorized } from '../../use-signed-in';
import { SchoolProvider } from './school-context';

/** The frame of every school page: account bar, school switcher and the role's navigation. */
export default function SchoolLayout({ children }: { children: ReactNode }) {
  const { schoolId } = useParams<{ schoolId: string }>();
  const pathname = usePathname();
  const router = useRouter();
  const trpc = useTRPC();
  // The school pages of the modules (server/modules.ts) and what the role may do.
  const { navigation: SECTIONS, can } = useTenant();
  const schools = useQuery(trpc.schools.list.queryOptions({}));
  useRedirectOnUnauthorized(schools.error);
  const [menuOpen, setMenuOpen] = useState(false);
  const school = schools.data?.data.find((candidate) => candidate.id === schoolId);
  const base = `/schools/${schoolId}`;

  return (
    <>
      <AccountBar />
      {school && (
        <div className="school-bar">
          <div className="school-switch">
            {schools.data!.data.length > 1 ? (
              <>
                <label htmlFor="school-switcher" className="visually-hidden">
                  School
                </label>
                <select
                  id="school-switcher"
                  value={school.id}
                  onChange={(event) => router.push(`/schools/${event.target.value}`)}
                >
                  {schools.data!.data.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <strong>{school.name}</strong>
            )}
            <span className="muted">
              Your role: <strong>{school.role}</strong>
            </span>
          </div>
          <button
            type="button"
            className="menu-toggle small"
            aria-expanded={menuOpen}
            aria-controls="school-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <nav
            id="school-nav"
            aria-label="School"
            className={menuOpen ? 'school-nav open' : 'school-nav'}
          >
            <ul>
              {SECTIONS.filter(
                (section) => !section.permission || can(school.role, section.permission),
              ).map((section) => {
                const href = base + section.path;
                const current = section.path === '' ? pathname === base : pathname.startsWith(href);
                return (
                  <li key={section.path}>
                    <Link
                      href={href}
                      aria-current={current ? 'page' : undefined}
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
        {schools.isPending && <p aria-busy="true">Loading…</p>}
        {schools.error && schools.error.data?.code !== 'UNAUTHORIZED' && (
          <p className="card error" role="alert">
            Could not load your schools: {schools.error.message}
          </p>
        )}
        {schools.data && !school && (
          <p className="card error" role="alert">
            This school does not exist or you are not one of its members.
          </p>
        )}
        {school && <SchoolProvider value={school}>{children}</SchoolProvider>}
      </main>
    </>
  );
}
