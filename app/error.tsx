'use client';

import Link from 'next/link';
import { Button } from './components/ui';

/** A page that failed while rendering: say so, offer to try again or to leave. */
export default function PageError({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1>Something went wrong</h1>
      <p role="alert">This page could not be shown. Try again, or go back to your home page.</p>
      <p className="flex flex-wrap items-center justify-center gap-3">
        <Button onClick={() => reset()}>Try again</Button>
        <Link href="/" className="font-semibold underline">
          Go to your home page
        </Link>
      </p>
    </main>
  );
}
