import type { ReactNode } from 'react';
import { registry } from '@/server/modules';
import { TenantProvider } from '../tenant-context';

/** Every stud page gets the stud navigation and permission table of the modules. */
export default function StudsLayout({ children }: { children: ReactNode }) {
  return <TenantProvider view={registry.tenantView('stud')}>{children}</TenantProvider>;
}
