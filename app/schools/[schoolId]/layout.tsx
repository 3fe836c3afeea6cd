'use client';

import { useParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { OrganizationFrame } from '../../organization-frame';
import { SchoolProvider } from './school-context';

/** The frame of every school page: account bar, organization switcher and navigation. */
export default function SchoolLayout({ children }: { children: ReactNode }) {
  const { schoolId } = useParams<{ schoolId: string }>();
  return (
    <OrganizationFrame kind="school" id={schoolId} noun="School">
      {(school) => <SchoolProvider value={school}>{children}</SchoolProvider>}
    </OrganizationFrame>
  );
}
