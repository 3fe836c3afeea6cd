'use client';

import Link from 'next/link';
import {
  actionsColumn,
  Badge,
  Card,
  CardTitle,
  type ColumnDef,
  DataTable,
  dateColumn,
  Empty,
  formatDate,
  humanize,
  money,
} from '../../../../components/ui';
import { conceptOf } from '../../payments/payment-labels';
import { receiptHref } from '../../payments/payments-table';
import { useSchool } from '../../school-context';
import type { Student } from './student-details';

type Payment = NonNullable<Student['payments']>[number];

/** The student's payments, for those who may see payments. */
export function StudentPayments({ payments, currency }: { payments: Payment[]; currency: string }) {
  const { schoolId } = useSchool();
  const columns: ColumnDef<Payment>[] = [
    dateColumn<Payment>('due_date', 'Due'),
    {
      id: 'concept',
      header: 'Concept',
      cell: ({ row: { original: p } }) => conceptOf(p),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row: { original: p } }) => money(p.amount, currency),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: p } }) => <Badge status={p.status}>{humanize(p.status)}</Badge>,
    },
    actionsColumn((p) =>
      p.status === 'paid' ? (
        <Link
          href={receiptHref(schoolId, p.id)}
          aria-label={`Receipt of ${conceptOf(p)}, due ${formatDate(p.due_date)}`}
        >
          Receipt
        </Link>
      ) : null,
    ),
  ];
  return (
    <Card aria-labelledby="payments-heading">
      <CardTitle id="payments-heading">Payments</CardTitle>
      {payments.length === 0 ? (
        <Empty>No payments.</Empty>
      ) : (
        <DataTable columns={columns} data={payments} getRowId={(p) => p.id} />
      )}
    </Card>
  );
}
