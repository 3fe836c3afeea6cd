'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useState } from 'react';
import type { PregnancyCheck } from '@/server/stud-breeding/pregnancy-schema';
import {
  Badge,
  buttonVariants,
  Button,
  Card,
  CardTitle,
  cardClass,
  DataTable,
  dateColumn,
  DetailList,
  Dialog,
  Empty,
  formatDate,
  humanize,
  QueryState,
  type ColumnDef,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { NotAllowed, useStud } from '../../stud-context';
import { dayText, windowText } from '../pregnancy-ui';
import { CheckForm } from './check-form';

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

/** The checks in date order: a table from a tablet's width, cards on a phone. */
function CheckList({ checks }: { checks: PregnancyCheck[] }) {
  const columns: ColumnDef<PregnancyCheck>[] = [
    { ...dateColumn<PregnancyCheck>('date', 'Date'), meta: { rowHeader: true } },
    { id: 'day', header: 'Day', cell: ({ row }) => row.original.day },
    { id: 'method', header: 'Method', cell: ({ row }) => humanize(row.original.method) },
    { id: 'result', header: 'Result', cell: ({ row }) => humanize(row.original.result) },
    { id: 'heartbeat', header: 'Heartbeat', cell: ({ row }) => yesNo(row.original.heartbeat) },
    {
      id: 'sex',
      header: 'Foetal sex',
      cell: ({ row }) => (row.original.fetal_sex ? humanize(row.original.fetal_sex) : '—'),
    },
    {
      id: 'vet',
      header: 'Vet',
      cell: ({ row }) =>
        [row.original.vet_name, row.original.reported_by === 'owner_vet' && "(owner's vet)"]
          .filter(Boolean)
          .join(' ') || '—',
    },
    {
      id: 'notes',
      header: 'Notes',
      meta: { className: 'text-sm whitespace-pre-line' },
      cell: ({ row }) => row.original.notes,
    },
  ];
  return (
    <>
      <div className="hidden md:block">
        <DataTable label="Checks" columns={columns} data={checks} getRowId={(c) => c.id} />
      </div>
      <ul aria-label="Checks" className="m-0 list-none p-0 md:hidden">
        {checks.map((check) => (
          <li
            key={check.id}
            aria-label={`Check of ${formatDate(check.date)}`}
            className={cardClass}
          >
            <h3 className="m-0 text-base">
              Day {check.day}: {humanize(check.result, { midSentence: true })}
            </h3>
            <p className="m-0 mt-1 text-sm">
              {formatDate(check.date)} · {humanize(check.method)}
              {check.heartbeat !== null && (check.heartbeat ? ' · heartbeat' : ' · no heartbeat')}
              {check.fetal_sex && ` · ${check.fetal_sex}`}
            </p>
            {check.vet_name && <p className="m-0 mt-1 text-sm">{check.vet_name}</p>}
            {check.notes && (
              <p className="m-0 mt-1 text-sm whitespace-pre-line text-muted-foreground">
                {check.notes}
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The suggested check schedule: each day's date and purpose, marked once done. */
function Schedule({ pregnancyId }: { pregnancyId: string }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const schedule = useQuery(trpc.pregnancies.suggestedChecks.queryOptions({ studId, pregnancyId }));
  return (
    <Card className="mb-4">
      <CardTitle>Suggested checks</CardTitle>
      <QueryState what="the suggested checks" query={schedule} />
      {schedule.data && (
        <ul aria-label="Suggested checks" className="m-0 list-none p-0">
          {schedule.data.data.map((s) => (
            <li key={s.day} className="flex flex-wrap items-baseline gap-x-2 py-1">
              <span aria-hidden className={s.done ? 'text-success' : 'text-muted-foreground'}>
                {s.done ? '✓' : '○'}
              </span>
              <span className="font-medium">Day {s.day}</span>
              <span>{formatDate(s.date)}</span>
              <span className="text-muted-foreground">{s.purpose}</span>
              <span className="sr-only">{s.done ? 'done' : 'to do'}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * A pregnancy: its mare and stallion, status, day, due date and window; its checks, the form
 * to record one while it is open, and the suggested check schedule with what was done. A
 * confirmed pregnancy links to recording the birth.
 */
export default function PregnancyPage() {
  const { pregnancyId } = useParams<{ pregnancyId: string }>();
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [recording, setRecording] = useState(false);
  const allowed = may('breeding.view');
  const pregnancy = useQuery({
    ...trpc.pregnancies.get.queryOptions({ studId, pregnancyId }),
    enabled: allowed,
  });
  const checks = useQuery({
    ...trpc.pregnancies.checks.queryOptions({ studId, pregnancyId }),
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  if (!pregnancy.data) return <QueryState what="the pregnancy" query={pregnancy} />;
  const p = pregnancy.data.data;
  const open = p.status === 'checking' || p.status === 'confirmed';

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/pregnancies`}>← Pregnancies</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 break-words">
            {p.mare.name} × {p.stallion.name}
          </h1>
          <p className="m-0 text-muted-foreground">
            <Badge>{humanize(p.status)}</Badge> {dayText(p)}
            {p.twins && ' · twins'}
            {p.fetal_sex && ` · ${p.fetal_sex}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {open && may('breeding.create') && (
            <Button size="sm" onClick={() => setRecording(true)}>
              Record check
            </Button>
          )}
          {p.status === 'confirmed' && may('breeding.create') && (
            <Link
              className={buttonVariants({ size: 'sm', variant: 'outline' })}
              href={`/studs/${studId}/foaling?pregnancy=${p.id}`}
            >
              Record birth
            </Link>
          )}
        </div>
      </div>
      <Card className="my-4">
        <CardTitle>Dates</CardTitle>
        <DetailList>
          <dt>Base date</dt>
          <dd>{formatDate(p.base_date)}</dd>
          <dt>Due</dt>
          <dd>{formatDate(p.due_date)}</dd>
          <dt>Foaling window</dt>
          <dd>{windowText(p.due_window)}</dd>
          {p.ended_on && (
            <>
              <dt>Ended on</dt>
              <dd>{formatDate(p.ended_on)}</dd>
            </>
          )}
          {p.breeding_event_id && (
            <>
              <dt>Bred</dt>
              <dd>
                <Link href={`/studs/${studId}/breeding`}>Breeding events</Link>
              </dd>
            </>
          )}
          {p.notes && (
            <>
              <dt>Notes</dt>
              <dd className="whitespace-pre-line">{p.notes}</dd>
            </>
          )}
        </DetailList>
      </Card>
      <section aria-labelledby="checks-heading" className="mb-4">
        <h2 id="checks-heading">Checks</h2>
        <QueryState what="the checks" query={checks} />
        {checks.data?.data.length === 0 && <Empty>No check recorded yet.</Empty>}
        {checks.data && checks.data.data.length > 0 && <CheckList checks={checks.data.data} />}
      </section>
      <Schedule pregnancyId={p.id} />
      <Dialog
        title="Record check"
        open={recording}
        onClose={() => setRecording(false)}
        className="w-[min(40rem,95vw)]"
      >
        {recording && <CheckForm pregnancy={p} onDone={() => setRecording(false)} />}
      </Dialog>
    </>
  );
}
