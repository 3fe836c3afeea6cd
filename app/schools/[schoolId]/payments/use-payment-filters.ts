'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import {
  PAYMENT_SORTS,
  REPORTED_STATUSES,
  type PaymentSort,
} from '@/server/payments/payment-schema';
import { useDebounced } from '../../../components/ui';

/** The status filter's choices: `unpaid` (pending and overdue: what an office chases) or one status. */
export const STATUS_CHOICES = ['unpaid', ...REPORTED_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

const DEFAULT_SORT: PaymentSort = 'due_date_desc';

/**
 * The payments list's search, status, sort and page, kept in the address (`?search=&status=
 * &sort=&page=`) so that a reload, a link or the back button from a receipt shows the same
 * list. The search box answers at once; the address, and so the request, follows once the
 * typing stops. Any change but the page goes back to the first page.
 */
export function usePaymentFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const status: StatusChoice | '' = STATUS_CHOICES.find((s) => s === params.get('status')) ?? '';
  const sort: PaymentSort = PAYMENT_SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_SORT;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed.trim());

  /** A new address with `changes` applied (an empty value drops the parameter). */
  function go(changes: Record<string, string>) {
    const next = new URLSearchParams(window.location.search);
    if (!('page' in changes)) next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const query = next.toString();
    // The native History API: Next keeps useSearchParams in step with it, without a server
    // round trip; replacing, so that Back leaves the page instead of undoing each keystroke.
    window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
  }

  // Only a settled search moves the address; the address changing elsewhere does not.
  useEffect(() => {
    if (settled !== search) go({ search: settled });
  }, [settled]);

  return {
    search,
    status,
    sort,
    page,
    /** What the search box shows. */
    typed,
    setTyped,
    setStatus: (value: StatusChoice | '') => go({ status: value }),
    setSort: (value: PaymentSort) => go({ sort: value === DEFAULT_SORT ? '' : value }),
    setPage: (value: number) => go({ page: value > 1 ? String(value) : '' }),
    filtered: search !== '' || status !== '',
  };
}

/** The API's `status` for a choice: `unpaid` is pending and overdue together. */
export const statusParam = (choice: StatusChoice) =>
  choice === 'unpaid' ? 'pending,overdue' : choice;
