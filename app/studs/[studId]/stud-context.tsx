'use client';

import { createContext, useContext } from 'react';
import type { Permission } from '@/server/kernel/auth/permissions';
import type { OrganizationLink } from '../../organizations';
import { useTenant } from '../../tenant-context';

const StudContext = createContext<OrganizationLink | null>(null);

export const StudProvider = StudContext.Provider;

/** The stud of the page and what the signed-in member may do in it. */
export function useStud() {
  const stud = useContext(StudContext);
  const tenant = useTenant();
  if (!stud) throw new Error('useStud() outside a stud page');
  return {
    stud,
    studId: stud.id,
    may: (permission: Permission<'stud'>) => tenant.can(stud.role, permission),
  };
}

/** A note for screens a role may not use (the server refuses them too). */
export function NotAllowed() {
  return (
    <p className="card error" role="alert">
      Your role in this stud does not give access to this page.
    </p>
  );
}
