'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Sends the browser to the sign-in page when an API answer says the session is gone. */
export function useRedirectOnUnauthorized(error: unknown) {
  const router = useRouter();
  const code = (error as { data?: { code?: string } } | null)?.data?.code;
  useEffect(() => {
    if (code === 'UNAUTHORIZED') router.replace('/signin');
  }, [code, router]);
}
