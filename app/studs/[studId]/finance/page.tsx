'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { NotAllowed, useStud } from '../stud-context';
import { ExpensesTab } from './expenses';
import { IncomeTab } from './income';
import { PaymentsTab } from './payments';
import { ReceivablesTab } from './receivables';

const TABS = [
  { value: 'receivables', label: 'Receivables' },
  { value: 'payments', label: 'Payments' },
  { value: 'income', label: 'Income' },
  { value: 'expenses', label: 'Expenses' },
] as const;

type Tab = (typeof TABS)[number]['value'];

/**
 * The stud's money in four tabs: what clients owe (with the ageing and "Record payment"), the
 * payments received, the income and the expenses. The tab is in the address (`?tab=`), so
 * that a reload or a link (a receipt's "← Finance") lands on it.
 */
export default function FinancePage() {
  const { may } = useStud();
  const router = useRouter();
  const pathname = usePathname();
  const asked = useSearchParams().get('tab');
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : 'receivables';
  if (!may('finance.view')) return <NotAllowed />;
  return (
    <>
      <h1>Finance</h1>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          router.replace(value === 'receivables' ? pathname : `${pathname}?tab=${value}`, {
            scroll: false,
          })
        }
      >
        <TabsList aria-label="Finance">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="receivables">
          <ReceivablesTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="income">
          <IncomeTab />
        </TabsContent>
        <TabsContent value="expenses">
          <ExpensesTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
