'use client';

import { useParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { OrganizationFrame } from '../../organization-frame';
import { StudProvider } from './stud-context';

/** The frame of every stud page: account bar, organization switcher and navigation. */
export default function StudLayout({ children }: { children: ReactNode }) {
  const { studId } = useParams<{ studId: string }>();
  return (
    <OrganizationFrame kind="stud" id={studId} noun="Stud">
      {(stud) => <StudProvider value={stud}>{children}</StudProvider>}
    </OrganizationFrame>
  );
}
