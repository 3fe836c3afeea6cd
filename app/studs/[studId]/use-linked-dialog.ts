'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';

/**
 * A form dialog that a link can open for a record, `?<param>=<id>` (the reservation page's
 * "Record breeding", a pregnancy's "Record birth"). `opened` is null while closed, the linked
 * id, or '' when opened from the page itself; closing drops the parameter, so that a reload
 * does not open the form again.
 */
export function useLinkedDialog(param: string) {
  const router = useRouter();
  const pathname = usePathname();
  const linked = useSearchParams().get(param) ?? '';
  const [opened, setOpened] = useState<string | null>(linked || null);
  const close = () => {
    setOpened(null);
    if (linked) router.replace(pathname);
  };
  return { opened, open: setOpened, close };
}
