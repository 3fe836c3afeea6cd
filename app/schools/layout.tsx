import type { ReactNode } from 'react';
import { registry } from '@/server/modules';
import { TenantProvider } from '../tenant-context';

/** Every school page gets the school navigation and permission table of the modules. */
export default function SchoolsLayout({ children }: { children: ReactNode }) {
  return <TenantProvider view={registry.tenantView('school')}>{children}</TenantProvider>;
}
