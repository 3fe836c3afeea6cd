'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDaysTo, todayIn } from '@/server/kernel/fields/calendar';
import { MEDICAL_RECORD_TYPES } from '@/server/stud-herd/medical-schema';
import {
  Button,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  formatDate,
  Input,
  Label,
  Pager,
  QueryState,
  useListFilters,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { MedicalRecordForm, MedicalRecordList } from './medical-records';

type RecordType = (typeof MEDICAL_RECORD_TYPES)[number];

const PER_PAGE = 25;
const SOON_DAYS = 30;

/**
 * Every medical record of the herd, newest first: by horse, by type, and what falls due by a
 * day (at first, what falls due in the next 30 days, overdue included); 25 a page.
 */
export default function MedicalPage() {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const [adding, setAdding] = useState(false);
  const { filters, page, setPage, bind } = useListFilters({
    horse: '',
    type: '' as RecordType | '',
    soon: 'yes' as 'yes' | '',
    due_before: '',
  });
  const { horse, type, soon, due_before } = filters;
  const soonDate = addDaysTo(todayIn(stud.timezone), SOON_DAYS);
  const dueBefore = soon ? soonDate : due_before;
  const horses = useQuery({
    ...trpc.studHorses.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
  const records = useQuery({
    ...trpc.medicalRecords.list.queryOptions({
      studId,
      page,
      per_page: PER_PAGE,
      ...(horse ? { horse_id: horse } : {}),
      ...(type ? { type } : {}),
      ...(dueBefore ? { due_before: dueBefore } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('medical.view'),
  });
  if (!may('medical.view')) return <NotAllowed />;
  const soonBinding = bind('soon');
  const dueBinding = bind('due_before');
  const filtered = Boolean(horse || type || dueBefore);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Medical</h1>
        {may('medical.create') && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add record
          </Button>
        )}
      </div>
      <FilterBar>
        <FilterSelect
          id="medical-horse"
          label="Horse"
          allLabel="Every horse"
          options={(horses.data?.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
          {...bind('horse')}
        />
        <FilterSelect
          id="medical-type"
          label="Type"
          options={wordOptions(MEDICAL_RECORD_TYPES)}
          {...bind('type')}
        />
        <div className="flex items-center gap-2 pb-2">
          <input
            id="medical-soon"
            type="checkbox"
            className="size-5 accent-primary"
            checked={soon === 'yes'}
            onChange={(event) => soonBinding.onChange(event.target.checked ? 'yes' : '')}
          />
          <label htmlFor="medical-soon" className="mb-0 font-semibold">
            Due in the next {SOON_DAYS} days
          </label>
        </div>
        {!soon && (
          <div>
            <Label htmlFor="medical-due-before">Due on or before</Label>
            <Input
              id="medical-due-before"
              type="date"
              value={due_before}
              aria-describedby="medical-due-before-hint"
              onChange={(event) => dueBinding.onChange(event.target.value)}
            />
            <small id="medical-due-before-hint" className="text-muted-foreground">
              Empty: every record.
            </small>
          </div>
        )}
      </FilterBar>
      {soon && (
        <p className="text-muted-foreground">
          What falls due by {formatDate(soonDate)}, overdue included. Untick the box to see every
          record.
        </p>
      )}
      <QueryState what="the medical records" query={records} />
      {records.data && records.data.data.length === 0 && (
        <Empty>
          {soon
            ? `Nothing falls due in the next ${SOON_DAYS} days.`
            : filtered
              ? 'No medical record matches these filters.'
              : 'No medical records yet.'}
        </Empty>
      )}
      {records.data && records.data.data.length > 0 && (
        <>
          <h2 className="sr-only">Records</h2>
          <MedicalRecordList
            label="Medical records"
            records={records.data.data}
            showHorse
            busy={records.isFetching}
          />
          <Pager meta={records.data.meta} onPage={setPage} label="Medical pages" noun="records" />
        </>
      )}
      <Dialog
        title="Add a medical record"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(40rem,95vw)]"
      >
        <MedicalRecordForm
          horse={
            horse
              ? {
                  id: horse,
                  name: horses.data?.data.find((h) => h.id === horse)?.name ?? 'the horse chosen',
                }
              : undefined
          }
          onDone={() => setAdding(false)}
        />
      </Dialog>
    </>
  );
}
