'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useParams } from 'next/navigation';
import type { AppRouter } from '@/server/router';
import {
  Button,
  DataTable,
  formatDate,
  formatDateTime,
  plural,
  QueryState,
  type ColumnDef,
} from '../../../../../components/ui';
import { useTRPC } from '../../../../../trpc';
import { NotAllowed, useSchool } from '../../../school-context';

type Entry =
  inferRouterOutputs<AppRouter>['competitionEntries']['printList']['data']['categories'][string][number];

const columns: ColumnDef<Entry>[] = [
  { id: 'order', header: '#', cell: ({ row }) => row.original.order_number ?? '—' },
  { accessorKey: 'student_name', header: 'Rider' },
  { id: 'age', header: 'Age', cell: ({ row }) => row.original.student_age ?? '—' },
  { id: 'horse', header: 'Horse', cell: ({ row }) => row.original.horse_name ?? '—' },
  { id: 'result', header: 'Result', cell: ({ row }) => row.original.result?.ribbon_label ?? '' },
];

/** The departure list laid out for paper: one table per category (see the print rules in globals.css). */
export default function PrintListPage() {
  const { competitionId } = useParams<{ competitionId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.competitionEntries.printList.queryOptions({ schoolId, competitionId }),
    enabled: may('competitions.view'),
  });
  if (!may('competitions.view')) return <NotAllowed />;
  if (!list.data) return <QueryState what="the print list" query={list} />;
  const { competition, categories, total_entries, generated_at } = list.data.data;
  return (
    <article className="print-list">
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        <span className="text-muted-foreground">{plural(total_entries, 'entry', 'entries')}</span>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <h1>{competition.name}</h1>
      <p>
        {formatDate(competition.date)}
        {competition.location && ` · ${competition.location}`}
      </p>
      {Object.entries(categories).map(([category, entries]) => (
        <section key={category} className="print-category" aria-label={category}>
          <h2>{category}</h2>
          {entries.length === 0 ? (
            <p className="text-muted-foreground">No entries.</p>
          ) : (
            <DataTable columns={columns} data={entries} />
          )}
        </section>
      ))}
      <p className="text-muted-foreground">
        Generated {formatDateTime(generated_at, school.timezone)}
      </p>
    </article>
  );
}
