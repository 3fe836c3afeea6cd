'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/** Grey bars where content will be. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('h-4 animate-pulse rounded bg-border', className)} />;
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
    const { refetch } = query;
    return (
      <div className="my-2 flex flex-wrap items-center gap-3">
        <p className="m-0 text-destructive" role="alert">
          Could not load {what}: {query.error.message}
        </p>
        {refetch && (
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            Try again
          </Button>
        )}
      </div>
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
