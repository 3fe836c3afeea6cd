'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@/server/kernel/auth/permissions';
import type { TenantView } from '@/server/kernel/modules';

const TenantContext = createContext<TenantView | null>(null);

/** The permission table and navigation of one tenant kind, as the server's modules build them. */
export function TenantProvider({ view, children }: { view: TenantView; children: ReactNode }) {
  return <TenantContext.Provider value={view}>{children}</TenantContext.Provider>;
}

/** The tenant kind of the page: its roles, its navigation and what a role may do. */
export function useTenant() {
  const view = useContext(TenantContext);
  if (!view) throw new Error('useTenant() outside a TenantProvider');
  return {
    ...view,
    can: (role: Role, permission: string) =>
      view.grants[role]?.includes(permission as never) ?? false,
  };
}
