'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../trpc';
import { Empty, formatDate, humanize, plural, QueryState } from '../../../components/ui';
import { NotAllowed, useSchool } from '../school-context';
import { CompetitionForm } from './competition-form';

/** Competitions of the school, newest first, and a form to create one. */
export default function CompetitionsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const competitions = useQuery({
    ...trpc.competitions.list.queryOptions({ schoolId, per_page: 50 }),
    enabled: may('competitions.view'),
  });
  if (!may('competitions.view')) return <NotAllowed />;
  return (
    <>
      <div className="page-head">
        <h1>Competitions</h1>
        {may('competitions.create') && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New competition
          </button>
        )}
      </div>
      {creating && (
        <CompetitionForm
          onCancel={() => setCreating(false)}
          onSaved={(saved) => router.push(`/schools/${schoolId}/competitions/${saved.id}`)}
        />
      )}
      <QueryState what="competitions" query={competitions} />
      {competitions.data && competitions.data.data.length === 0 && (
        <Empty>No competitions yet.</Empty>
      )}
      {competitions.data && competitions.data.data.length > 0 && (
        <ul className="list">
          {competitions.data.data.map((c) => (
            <li key={c.id} className="card">
              <Link href={`/schools/${schoolId}/competitions/${c.id}`}>
                <strong>{c.name}</strong>
                <span className="muted">
                  {formatDate(c.date)} · {humanize(c.status)} ·{' '}
                  {plural(c.categories.length, 'category', 'categories')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
