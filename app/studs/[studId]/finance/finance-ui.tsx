'use client';

import { Badge, humanize, money, plural } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/*
 * What the finance tabs share: amounts in the stud's currency, the queries a write changes
 * and a receivable's state.
 */

/** An amount in the stud's currency. */
export function useMoney() {
  const { stud } = useStud();
  return (amount: number) => money(amount, stud.currency);
}

/**
 * Every query a money write may change: a payment moves its receivable, writes an income
 * entry, and the dashboard and reports add them up.
 */
export function useFinanceKeys() {
  const trpc = useTRPC();
  return [
    trpc.studReceivables.pathKey(),
    trpc.studPayments.pathKey(),
    trpc.studIncome.pathKey(),
    trpc.studExpenses.pathKey(),
    trpc.studDashboard.pathKey(),
    trpc.studReports.pathKey(),
  ];
}

/** A receivable's state: overdue (red) rather than pending once its due date has passed. */
export function ReceivableStatus({
  receivable,
}: {
  receivable: { status: string; overdue: boolean; days_overdue: number };
}) {
  if (receivable.overdue)
    return <Badge status="overdue">Overdue {plural(receivable.days_overdue, 'day')}</Badge>;
  return <Badge status={receivable.status}>{humanize(receivable.status)}</Badge>;
}
