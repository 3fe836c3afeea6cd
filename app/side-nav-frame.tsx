'use client';

import Link from 'next/link';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { AccountBar } from './account-bar';
import { Skeleton } from './components/ui';

export type SideLink = { href: string; label: string; current: boolean };

/**
 * The frame of an area with many sections (a school, a stud, the administration): the
 * account bar, then the navigation as a sidebar from a laptop's width and as a drawer behind
 * "Menu" below it, beside a fluid content column. `links` is null while they are not known
 * yet: the sidebar keeps its place with grey bars instead of vanishing.
 */
export function SideNavFrame({
  label,
  head,
  links,
  children,
}: {
  /** The navigation's accessible name: `School`, `Stud`, `Administration`. */
  label: string;
  /** Above the links: the organization's name and switcher, the user's role. */
  head?: ReactNode;
  links: SideLink[] | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  return (
    <>
      <AccountBar />
      <div className="app-shell">
        <aside className="app-side">
          <div className="app-side-head">
            <div className="min-w-0 flex-1">{head}</div>
            <button
              type="button"
              className="menu-toggle small"
              aria-expanded={open}
              aria-controls={navId}
              onClick={() => setOpen((was) => !was)}
            >
              Menu
            </button>
          </div>
          {open && (
            <button
              type="button"
              aria-label="Close the menu"
              tabIndex={-1}
              className="side-backdrop"
              onClick={() => setOpen(false)}
            />
          )}
          <nav id={navId} aria-label={label} className={open ? 'side-nav open' : 'side-nav'}>
            {links ? (
              <ul>
                {links.map((link) => (
                  <li key={link.href}>
                    <Link
                      className="side-link"
                      href={link.href}
                      aria-current={link.current ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <div aria-busy="true" className="grid gap-3 p-2">
                <Skeleton className="w-3/4" />
                <Skeleton className="w-1/2" />
                <Skeleton className="w-2/3" />
              </div>
            )}
          </nav>
        </aside>
        <main className="app-main">{children}</main>
      </div>
    </>
  );
}
