'use client';

import { useState } from 'react';

/**
 * A paginated list's filters and page: choosing another value of a filter goes back to the
 * first page. `bind(name)` gives a filter control its `value` and `onChange`.
 */
export function useListFilters<F extends Record<string, string>>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const bind = <K extends keyof F & string>(name: K) => ({
    value: filters[name],
    onChange: (value: F[K]) => {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
  });
  return { filters, page, setPage, bind };
}
