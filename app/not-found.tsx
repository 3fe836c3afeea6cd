import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found · Equestrian Platform' };

/** Any address the app does not know: our own page, with a way back, not the framework's. */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden>
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist, or it was moved or deleted.</p>
      <p>
        <Link href="/" className="font-semibold underline">
          Go to your home page
        </Link>
      </p>
    </main>
  );
}
