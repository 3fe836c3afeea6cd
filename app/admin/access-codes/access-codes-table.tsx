'use client';

import { useMutation } from '@tanstack/react-query';
import type { AccessCode } from '@/server/admin/access-code-schema';
import {
  actionsColumn,
  Button,
  cardClass,
  ConfirmButton,
  DataTable,
  formatDateTime,
  humanize,
  statusColumn,
  useWriteOutcome,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC } from '../../trpc';

const wide = { className: 'max-sm:hidden' };

/** How a code is named on the page: its last four characters, as the admin last saw them. */
export const hintOf = (code: AccessCode) => `…${code.code_hint}`;

/** A code works until the end of the day it was given: that moment, to the minute. */
const until = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** A page of codes; each can be disabled (after a confirmation) or enabled again. */
export function AccessCodesTable({
  codes,
  busy,
  onRedemptions,
}: {
  codes: AccessCode[];
  busy: boolean;
  onRedemptions: (code: AccessCode) => void;
}) {
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const update = useMutation(
    trpc.admin.accessCodes.update.mutationOptions({
      onSuccess: write.onSuccess(
        [trpc.admin.accessCodes.pathKey()],
        ({ data }: { data: AccessCode }) =>
          `The code ${hintOf(data)} is ${data.status === 'active' ? 'enabled' : 'disabled'}.`,
      ),
      onError: write.onError,
    }),
  );
  const columns: ColumnDef<AccessCode>[] = [
    {
      id: 'code',
      header: 'Code',
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <span className="font-mono whitespace-nowrap">{hintOf(row.original)}</span>
      ),
    },
    {
      id: 'organization_type',
      header: 'Creates',
      cell: ({ row }) => humanize(row.original.organization_type),
    },
    {
      id: 'uses',
      header: 'Uses',
      cell: ({ row: { original: code } }) => `${code.redemptions_count} / ${code.max_redemptions}`,
    },
    { id: 'expires', header: 'Expires', cell: ({ row }) => until(row.original.expires_at) },
    statusColumn((code) => (code.auto_verify ? 'auto-verify' : null)),
    { id: 'note', header: 'Note', meta: wide, cell: ({ row }) => row.original.note ?? '—' },
    actionsColumn((code) => (
      <span className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onRedemptions(code)}>
          Redemptions<span className="sr-only"> of {hintOf(code)}</span>
        </Button>
        {code.status === 'active' ? (
          <ConfirmButton
            label="Disable"
            what={hintOf(code)}
            question={`Disable ${hintOf(code)}? It can no longer be redeemed.`}
            disabled={update.isPending}
            onConfirm={() => update.mutate({ id: code.id, status: 'disabled' })}
          />
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: code.id, status: 'active' })}
          >
            Enable<span className="sr-only"> {hintOf(code)}</span>
          </Button>
        )}
      </span>
    )),
  ];
  return (
    <DataTable
      className={cardClass}
      label="Access codes"
      columns={columns}
      data={codes}
      getRowId={(code) => code.id}
      busy={busy}
    />
  );
}
