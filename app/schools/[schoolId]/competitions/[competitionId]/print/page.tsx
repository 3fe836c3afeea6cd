'use client';

import { useQuery } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { useTRPC } from '../../../../../trpc';
import { QueryState } from '../../../../../ui';
import { NotAllowed, useSchool } from '../../../school-context';

/** The departure list laid out for paper: one table per category (see the print rules in globals.css). */
export default function PrintListPage() {
  const { competitionId } = useParams<{ competitionId: string }>();
  const { schoolId, may } = useSchool();
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
      <div className="page-head no-print">
        <span className="muted">{total_entries} entries</span>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h1>{competition.name}</h1>
      <p>
        {competition.date}
        {competition.location && ` · ${competition.location}`}
      </p>
      {Object.entries(categories).map(([category, entries]) => (
        <section key={category} className="print-category" aria-label={category}>
          <h2>{category}</h2>
          {entries.length === 0 ? (
            <p className="muted">No entries.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Rider</th>
                  <th scope="col">Age</th>
                  <th scope="col">Horse</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={`${e.order_number ?? 'x'}-${i}`}>
                    <td>{e.order_number ?? '—'}</td>
                    <td>{e.student_name}</td>
                    <td>{e.student_age ?? '—'}</td>
                    <td>{e.horse_name ?? '—'}</td>
                    <td>{e.result?.ribbon_label ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <p className="muted">Generated {new Date(generated_at).toLocaleString()}</p>
    </article>
  );
}
