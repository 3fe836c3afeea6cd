'use client';

import { createContext, useContext } from 'react';
import type { Permission, Role } from '@/server/kernel/auth/permissions';
import { useTenant } from '../../tenant-context';

export type SchoolInfo = {
  id: string;
  name: string;
  role: Role;
  timezone: string;
  currency: string;
};

const SchoolContext = createContext<SchoolInfo | null>(null);

export const SchoolProvider = SchoolContext.Provider;

/** The school of the page and what the signed-in member may do in it. */
export function useSchool() {
  const school = useContext(SchoolContext);
  const tenant = useTenant();
  if (!school) throw new Error('useSchool() outside a school page');
  return {
    school,
    schoolId: school.id,
    may: (permission: Permission<'school'>) => tenant.can(school.role, permission),
  };
}

/** Today's date (`YYYY-MM-DD`) in the school's time zone. */
export function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A note for screens a role may not use (the server refuses them too). */
export function NotAllowed() {
  return (
    <p className="card error" role="alert">
      Your role in this school does not give access to this page.
    </p>
  );
}
