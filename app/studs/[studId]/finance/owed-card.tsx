'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card, CardTitle, formatDate, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import { ReceivableStatus, useMoney } from './finance-ui';

/**
 * What a client, or a reservation, owes and has paid: their receivables (the first 25, the
 * soonest due first) with what is still outstanding, for members who read finance. Payments
 * are recorded on the Finance page.
 */
export function OwedCard({
  filter,
  whose,
}: {
  filter: { client_id: string } | { reservation_id: string };
  /** "María García" or "this reservation", in the texts. */
  whose: string;
}) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const owed = useQuery({
    ...trpc.studReceivables.list.queryOptions({ studId, ...filter, per_page: 25 }),
    enabled: may('finance.view'),
  });
  if (!may('finance.view')) return null;
  const rows = owed.data?.data ?? [];
  const outstanding = rows.reduce((sum, r) => sum + Math.round(r.outstanding * 100), 0) / 100;
  return (
    <Card aria-labelledby="owed-heading">
      <CardTitle id="owed-heading">Money</CardTitle>
      <QueryState what="the receivables" query={owed} />
      {owed.data && rows.length === 0 && (
        <p className="m-0 text-muted-foreground">Nothing is owed for {whose}.</p>
      )}
      {rows.length > 0 && (
        <>
          <p className="m-0 mb-2">
            Outstanding: <strong>{format(outstanding)}</strong>
          </p>
          <ul aria-label={`Receivables of ${whose}`} className="m-0 list-none p-0">
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-baseline justify-between gap-2 border-t border-border py-2"
              >
                <span className="min-w-0 break-words">
                  {r.description}
                  <span className="block text-sm text-muted-foreground">
                    Due {formatDate(r.due_date)} · {format(r.paid_amount)} paid of{' '}
                    {format(r.amount)}
                  </span>
                </span>
                <ReceivableStatus receivable={r} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="m-0 mt-2 flex flex-wrap gap-x-4">
        <Link href={`/studs/${studId}/finance`}>Record a payment on the Finance page</Link>
        {'client_id' in filter && (
          <Link href={`/studs/${studId}/clients/${filter.client_id}/statement`}>
            Statement to print
          </Link>
        )}
      </p>
    </Card>
  );
}
