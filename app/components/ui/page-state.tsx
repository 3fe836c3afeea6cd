'use client';

import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { errorMessage } from './errors';

/** Grey bars where content will be. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('h-4 animate-pulse rounded bg-border', className)} />;
}

/**
 * A request that failed, in a person's words ("Could not load payments. Could not reach the
 * server. Check your connection and try again."), with a way to try again: `retry` runs the
 * request again, the button saying so until it answers.
 */
export function ErrorState({
  failed,
  error,
  retry,
}: {
  /** What could not be done: "Could not load payments". */
  failed: string;
  error: unknown;
  retry?: () => unknown;
}) {
  const [retrying, setRetrying] = useState(false);
  const tryAgain = async () => {
    setRetrying(true);
    try {
      await retry?.();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className="my-2 flex flex-wrap items-center gap-3">
      <p className="m-0 text-destructive" role="alert">
        {failed}. {errorMessage(error)}
      </p>
      {retry && (
        // Not `disabled` while waiting: the button keeps the keyboard's focus.
        <Button
          size="sm"
          variant="outline"
          aria-disabled={retrying}
          onClick={() => !retrying && void tryAgain()}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      )}
    </div>
  );
}

/**
 * Loading and error states of a query, worded for what it loads: a skeleton while loading,
 * the error with a way to try again. Nothing once it has data.
 */
export function QueryState({
  what,
  query,
}: {
  what: string;
  query: { isPending: boolean; error: { message: string } | null; refetch?: () => unknown };
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" className="my-2">
        <p className="text-muted-foreground">Loading {what}…</p>
        <Skeleton className="mb-2 w-3/4" />
        <Skeleton className="w-1/2" />
      </div>
    );
  }
  if (query.error) {
    return (
      <ErrorState failed={`Could not load ${what}`} error={query.error} retry={query.refetch} />
    );
  }
  return null;
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="mb-3 rounded-lg border border-border bg-card p-4 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/** Previous/next for a paginated list; nothing when it fits on one page. */
export function Pager({
  meta,
  onPage,
  label = 'Pages',
  noun,
}: {
  meta: { current_page: number; last_page: number; total?: number };
  onPage: (page: number) => void;
  label?: string;
  /** Shows the total after the page, e.g. "(120 students)". */
  noun?: string;
}) {
  if (meta.last_page <= 1) return null;
  return (
    <nav className="my-3 flex flex-wrap items-center gap-x-4 gap-y-2" aria-label={label}>
      <Button
        variant="outline"
        size="sm"
        disabled={meta.current_page <= 1}
        onClick={() => onPage(meta.current_page - 1)}
      >
        Previous
      </Button>
      <span>
        Page {meta.current_page} of {meta.last_page}
        {noun && meta.total !== undefined && ` (${meta.total} ${noun})`}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={meta.current_page >= meta.last_page}
        onClick={() => onPage(meta.current_page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
