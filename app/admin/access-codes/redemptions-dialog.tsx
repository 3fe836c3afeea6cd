'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { AccessCode, Redemption } from '@/server/admin/access-code-schema';
import {
  DataTable,
  Dialog,
  Empty,
  formatDateTime,
  humanize,
  Pager,
  QueryState,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { hintOf } from './access-codes-table';

const columns: ColumnDef<Redemption>[] = [
  {
    id: 'who',
    header: 'Who',
    cell: ({ row: { original: r } }) =>
      r.user ? (
        <Link href={`/admin/users/${r.user.id}`}>{r.user.email ?? r.user.display_name}</Link>
      ) : (
        'A deleted user'
      ),
  },
  {
    id: 'when',
    header: 'When',
    cell: ({ row }) => formatDateTime(row.original.created_at),
  },
  {
    id: 'organization',
    header: 'Organization',
    cell: ({ row: { original: r } }) =>
      r.organization ? `${r.organization.name} (${humanize(r.organization.type)})` : '—',
  },
];

/** Who redeemed a code, when, and the organization each redemption made. */
export function RedemptionsDialog({
  code,
  onClose,
}: {
  code: AccessCode | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={code ? `Redemptions of ${hintOf(code)}` : 'Redemptions'}
      open={code !== null}
      onClose={onClose}
      className="w-[min(44rem,95vw)]"
    >
      {code && <Redemptions code={code} />}
    </Dialog>
  );
}

function Redemptions({ code }: { code: AccessCode }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.admin.accessCodes.redemptions.queryOptions({ id: code.id, page, per_page: 20 }),
    placeholderData: keepPreviousData,
  });
  if (!list.data) return <QueryState what="the redemptions" query={list} />;
  return (
    <>
      <p>
        {code.redemptions_count} of {code.max_redemptions} uses taken.
      </p>
      {list.data.data.length === 0 ? (
        <Empty>Nobody has redeemed this code yet.</Empty>
      ) : (
        <DataTable
          label={`Redemptions of ${hintOf(code)}`}
          columns={columns}
          data={list.data.data}
          getRowId={(r) => r.id}
          busy={list.isFetching}
        />
      )}
      <Pager meta={list.data.meta} onPage={setPage} label="Redemption pages" />
    </>
  );
}
