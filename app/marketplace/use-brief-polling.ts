'use client';

import { useEffect, useState } from 'react';

const POLL_MS = 3_000;
const POLL_FOR_MS = 30_000;

/**
 * A query's `refetchInterval` while the page waits for the payment service's webhook (a
 * payment or a payout account confirmed): every 3 s while `waiting`, for 30 s from the
 * page's opening; then `gaveUp` says it is still waiting and the page stops asking.
 */
export function useBriefPolling(waiting: boolean) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOver(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  return {
    refetchInterval: waiting && !over ? POLL_MS : (false as const),
    gaveUp: waiting && over,
  };
}
