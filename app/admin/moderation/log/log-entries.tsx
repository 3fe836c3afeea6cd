'use client';

import Link from 'next/link';
import type { ModerationLogEntry } from '@/server/marketplace/moderation-schema';
import { TableOrCards, type ColumnDef } from '../../../components/ui';
import { ACTION_LABELS, DecisionSummary, moderatorName, transitionText, When } from '../decision';

export const detailHref = (entry: ModerationLogEntry) =>
  `/admin/moderation/${entry.publication.id}`;

const columns: ColumnDef<ModerationLogEntry>[] = [
  {
    id: 'when',
    header: 'When',
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => <When iso={row.original.created_at} />,
  },
  { id: 'who', header: 'Moderator', cell: ({ row }) => moderatorName(row.original.admin) },
  {
    id: 'listing',
    header: 'Listing',
    meta: { className: 'break-words' },
    cell: ({ row }) => (
      <Link href={detailHref(row.original)}>{row.original.publication.title}</Link>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row: { original } }) => (
      <>
        <strong>{ACTION_LABELS[original.action]}</strong>
        <span className="block text-sm text-muted-foreground">{transitionText(original)}</span>
      </>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    meta: { className: 'min-w-48 break-words' },
    cell: ({ row }) => row.original.reason ?? <span className="text-muted-foreground">—</span>,
  },
];

/** A page of the log: a table on wide screens, a card a decision on phones. */
export function LogEntries({ entries, busy }: { entries: ModerationLogEntry[]; busy: boolean }) {
  return (
    <TableOrCards
      label="Moderation decisions, newest first"
      columns={columns}
      data={entries}
      busy={busy}
      cardLabel={(entry) => `${ACTION_LABELS[entry.action]}: ${entry.publication.title}`}
      card={(entry) => (
        <DecisionSummary
          entry={entry}
          listing={<Link href={detailHref(entry)}>{entry.publication.title}</Link>}
        />
      )}
    />
  );
}
