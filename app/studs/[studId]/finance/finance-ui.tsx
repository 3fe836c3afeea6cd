'use client';

import type { ReactNode } from 'react';
import { Badge, Button, DropdownMenu, DropdownMenuItem, money } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/*
 * What the finance tabs share: amounts in the stud's currency, the queries a write changes,
 * and a row's actions as buttons on a wide screen and as one menu on a phone.
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
    return (
      <Badge status="overdue">
        overdue {receivable.days_overdue} {receivable.days_overdue === 1 ? 'day' : 'days'}
      </Badge>
    );
  return <Badge status={receivable.status}>{receivable.status.replace(/_/g, ' ')}</Badge>;
}

export type RowAction = { label: string; onSelect: () => void; destructive?: boolean };

/**
 * A row's actions: buttons in a table row, one "Actions" menu in a phone's card, so that
 * nothing falls outside a 375 px screen. `what` names the record for screen readers.
 */
export function RowActions({
  actions,
  what,
  menu,
}: {
  actions: RowAction[];
  what: string;
  menu: boolean;
}): ReactNode {
  if (actions.length === 0) return null;
  if (menu)
    return (
      <DropdownMenu
        label={
          <>
            Actions<span className="sr-only"> for {what}</span>
          </>
        }
      >
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.label}
            className={action.destructive ? 'text-destructive' : undefined}
            onSelect={action.onSelect}
          >
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenu>
    );
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.label}
          variant="outline"
          size="sm"
          className={action.destructive ? 'text-destructive' : undefined}
          onClick={action.onSelect}
        >
          {action.label}
          <span className="sr-only"> {what}</span>
        </Button>
      ))}
    </div>
  );
}
