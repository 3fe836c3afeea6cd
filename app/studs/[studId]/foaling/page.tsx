'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Birth } from '@/server/stud-breeding/birth-schema';
import type { Pregnancy } from '@/server/stud-breeding/pregnancy-schema';
import {
  actionsColumn,
  Badge,
  Button,
  dateColumn,
  Dialog,
  Empty,
  formatDate,
  humanize,
  QueryState,
  type ColumnDef,
  TableOrCards,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { windowText } from '../pregnancies/pregnancy-ui';
import { NotAllowed, useStud } from '../stud-context';
import { BirthForm } from './birth-form';
import { useLinkedDialog } from '../use-linked-dialog';

/** The foaling window: "Due 25 Sept 2026 (5 Sept 2026 to 25 Oct 2026)". */
const dueText = (p: Pregnancy) => `Due ${formatDate(p.due_date)} (${windowText(p.due_window)})`;

/** The birth's foals, each a link to its page in the herd; a birth without foals says so. */
function FoalLinks({ birth }: { birth: Birth }) {
  const { studId } = useStud();
  if (birth.foals.length === 0) return <>No foal</>;
  return (
    <ul className="m-0 list-none p-0">
      {birth.foals.map((foal) => (
        <li key={foal.horse_id} className="break-words">
          <Link href={`/studs/${studId}/horses/${foal.horse_id}`}>{foal.name}</Link> ({foal.sex}
          {foal.stands_and_nurses ? '' : ', did not stand and nurse'})
        </li>
      ))}
    </ul>
  );
}

/** The mares due to foal, soonest first, each with "Record birth". */
function ExpectedFoalings({ onRecord }: { onRecord: (pregnancyId: string) => void }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const pregnancies = useQuery(trpc.pregnancies.list.queryOptions({ studId, status: 'confirmed' }));
  const rows = [...(pregnancies.data?.data ?? [])].sort((a, b) =>
    a.due_date.localeCompare(b.due_date),
  );
  const record = (p: Pregnancy) =>
    may('breeding.create') && (
      <Button size="sm" onClick={() => onRecord(p.id)}>
        Record birth<span className="sr-only"> of {p.mare.name}</span>
      </Button>
    );
  const columns: ColumnDef<Pregnancy>[] = [
    { ...dateColumn<Pregnancy>('due_date', 'Due'), meta: { rowHeader: true } },
    { id: 'window', header: 'Window', cell: ({ row }) => windowText(row.original.due_window) },
    { id: 'mare', header: 'Mare', cell: ({ row }) => row.original.mare.name },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    { id: 'day', header: 'Day', cell: ({ row }) => row.original.day ?? '—' },
    actionsColumn((p) => record(p)),
  ];
  return (
    <section aria-labelledby="expected-foalings" className="mb-6">
      <h2 id="expected-foalings">Expected foalings</h2>
      <QueryState what="the expected foalings" query={pregnancies} />
      {pregnancies.data && rows.length === 0 && (
        <Empty>No confirmed pregnancy: mares appear here once a scan confirms them.</Empty>
      )}
      {rows.length > 0 && (
        <TableOrCards
          label="Expected foalings"
          columns={columns}
          data={rows}
          busy={pregnancies.isFetching}
          cardLabel={(p) => `${p.mare.name}, ${dueText(p)}`}
          card={(p) => (
            <>
              <h3 className="m-0 text-lg break-words">
                {p.mare.name} × {p.stallion.name}
              </h3>
              <p className="m-0 mt-1 text-sm">
                {dueText(p)}
                {p.day !== null && ` · day ${p.day}`}
              </p>
              <div className="mt-2">{record(p)}</div>
            </>
          )}
        />
      )}
    </section>
  );
}

/** The births recorded, newest first, with links to the foals. */
function RecentBirths() {
  const { studId } = useStud();
  const trpc = useTRPC();
  const births = useQuery(trpc.births.list.queryOptions({ studId }));
  const rows = births.data?.data;
  const columns: ColumnDef<Birth>[] = [
    { ...dateColumn<Birth>('born_on', 'Born on'), meta: { rowHeader: true } },
    { id: 'mare', header: 'Mare', cell: ({ row }) => row.original.mare.name },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: ({ row }) => <Badge>{humanize(row.original.outcome)}</Badge>,
    },
    { id: 'foals', header: 'Foals', cell: ({ row }) => <FoalLinks birth={row.original} /> },
    { id: 'vet', header: 'Vet', cell: ({ row }) => row.original.vet_name ?? '—' },
  ];
  return (
    <section aria-labelledby="recent-births">
      <h2 id="recent-births">Births</h2>
      <QueryState what="the births" query={births} />
      {rows?.length === 0 && <Empty>No birth recorded yet.</Empty>}
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Births"
          columns={columns}
          data={rows}
          busy={births.isFetching}
          cardLabel={(birth) => `${birth.mare.name}, ${formatDate(birth.born_on)}`}
          card={(birth) => (
            <>
              <h3 className="m-0 text-lg break-words">
                {birth.mare.name} × {birth.stallion.name}
              </h3>
              <p className="m-0 mt-1 text-sm">
                {formatDate(birth.born_on)} · <Badge>{humanize(birth.outcome)}</Badge>
                {birth.vet_name && ` · ${birth.vet_name}`}
              </p>
              <div className="mt-1 text-sm">
                <FoalLinks birth={birth} />
              </div>
            </>
          )}
        />
      )}
    </section>
  );
}

/**
 * Foaling: the mares due (confirmed pregnancies by due date, with their window) and the
 * births recorded. "Record birth" opens the form, prefilled with `?pregnancy=<id>` (as the
 * pregnancy page links it); after saving it links to the foals' pages.
 */
export default function FoalingPage() {
  const { may } = useStud();
  const { opened: recording, open: setRecording, close } = useLinkedDialog('pregnancy');
  if (!may('breeding.view')) return <NotAllowed />;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Foaling</h1>
        {may('breeding.create') && (
          <Button size="sm" onClick={() => setRecording('')}>
            Record birth
          </Button>
        )}
      </div>
      <ExpectedFoalings onRecord={setRecording} />
      <RecentBirths />
      <Dialog
        title="Record birth"
        open={recording !== null && Boolean(may('breeding.create'))}
        onClose={close}
        className="w-[min(40rem,95vw)]"
      >
        {recording !== null && <BirthForm key={recording} pregnancyId={recording} onDone={close} />}
      </Dialog>
    </>
  );
}
