'use client';

import Link from 'next/link';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  cardClass,
  DataTable,
  formatDateTime,
  humanize,
  type ColumnDef,
} from '../../components/ui';

// As it arrives: `before` and `after` may be left out of the JSON.
type AdminAction = inferRouterOutputs<AppRouter>['admin']['overview']['auditLog']['data'][number];

const wide = { className: 'max-sm:hidden' };

/** Where a subject has a page of its own in the console. */
const SUBJECT_PAGES: Record<string, (id: string) => string> = {
  user: (id) => `/admin/users/${id}`,
  horse_identity: (id) => `/admin/pedigree/${id}`,
};

function Subject({ entry }: { entry: AdminAction }) {
  const page = entry.subject_id && SUBJECT_PAGES[entry.subject_type];
  return (
    <>
      {humanize(entry.subject_type)}
      {entry.subject_id && (
        <span className="block font-mono text-xs break-all text-muted-foreground">
          {page ? <Link href={page(entry.subject_id)}>{entry.subject_id}</Link> : entry.subject_id}
        </span>
      )}
    </>
  );
}

/** Before and after, folded: most rows are read by their action alone. */
function Changes({ entry }: { entry: AdminAction }) {
  const sides = (
    [
      ['Before', entry.before],
      ['After', entry.after],
    ] as [string, unknown][]
  ).filter(([, value]) => value !== null && value !== undefined);
  if (sides.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <details>
      <summary className="cursor-pointer text-primary">
        {sides.map(([label]) => label).join(' / ')}
        <span className="sr-only"> of {entry.action}</span>
      </summary>
      {/* A fixed width: on a phone the table scrolls sideways rather than squeeze the JSON. */}
      {sides.map(([label, value]) => (
        <div key={label}>
          <strong className="text-sm">{label}</strong>
          <pre className="m-0 mb-2 w-72 rounded bg-background p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] sm:w-96">
            {JSON.stringify(value, null, 2)}
          </pre>
        </div>
      ))}
    </details>
  );
}

const columns: ColumnDef<AdminAction>[] = [
  {
    id: 'when',
    header: 'When',
    cell: ({ row }) => formatDateTime(row.original.created_at),
  },
  {
    id: 'who',
    header: 'Who',
    meta: wide,
    cell: ({ row: { original: entry } }) =>
      entry.actor ? (
        <Link href={`/admin/users/${entry.actor.id}`}>
          {entry.actor.email ?? entry.actor.display_name}
        </Link>
      ) : (
        'The system'
      ),
  },
  {
    id: 'action',
    header: 'Action',
    // Its name as the "Action" filter takes it (`admin.users.update`): the log is searched by it.
    cell: ({ row }) => <code className="whitespace-nowrap">{row.original.action}</code>,
  },
  { id: 'subject', header: 'Subject', cell: ({ row }) => <Subject entry={row.original} /> },
  { id: 'changes', header: 'Changes', cell: ({ row }) => <Changes entry={row.original} /> },
];

/** A page of the audit log, newest first. */
export function AuditLogTable({ entries, busy }: { entries: AdminAction[]; busy: boolean }) {
  return (
    <DataTable
      className={cardClass}
      label="Admin actions, newest first"
      columns={columns}
      data={entries}
      getRowId={(entry) => entry.id}
      busy={busy}
    />
  );
}
