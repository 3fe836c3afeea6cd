'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useState } from 'react';
import type { AppRouter } from '@/server/router';
import { entryUpdateFields, WAITLIST_STATUSES } from '@/server/waitlist/entry-schema';
import {
  Badge,
  DAY_NAMES,
  DataTable,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  FormActions,
  FormErrorSummary,
  humanize,
  Pager,
  QueryState,
  RowActions,
  SelectInputField,
  TextareaField,
  useErrorToast,
  useListFilters,
  useRecordForm,
  type ColumnDef,
  type RowAction,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { NotAllowed, useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';
import { ConvertForm, scheduleLabel } from './convert-form';
import { ListSwitch } from './list-switch';

type Entry = inferRouterOutputs<AppRouter>['waitlist']['list']['data'][number];
type Status = (typeof WAITLIST_STATUSES)[number] | '';

const SETTLED: readonly Entry['status'][] = ['enrolled', 'withdrawn', 'declined'];

const preferencesOf = (e: Entry) =>
  [
    e.preferences.class_name,
    e.preferences.level && humanize(e.preferences.level),
    e.preferences.days_of_week.map((d) => DAY_NAMES[d]).join(', '),
    e.preferences.time_from && `${e.preferences.time_from}–${e.preferences.time_to ?? ''}`,
  ]
    .filter(Boolean)
    .join(' · ') || 'Any class';

/**
 * The school's waiting list, oldest first: who to call next, where each entry stands, who
 * fits a schedule with a free place, and converting an entry into a student.
 */
export default function WaitlistPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [editing, setEditing] = useState<Entry | null>(null);
  const [converting, setConverting] = useState<Entry | null>(null);
  const [scheduleId, setScheduleId] = useState('');
  const { filters, page, setPage, bind } = useListFilters({ status: 'waiting' as Status });
  const entries = useQuery({
    ...trpc.waitlist.list.queryOptions({
      schoolId,
      page,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('waitlist.view') && !scheduleId,
  });
  const schedules = useQuery({
    ...trpc.schedules.list.queryOptions({ schoolId }),
    enabled: may('waitlist.view'),
  });
  const matches = useQuery({
    ...trpc.waitlist.matches.queryOptions({ schoolId, scheduleId }),
    enabled: may('waitlist.view') && scheduleId !== '',
  });
  const mayConvert = may('waitlist.edit') && may('students.create');
  const remove = useMutation(trpc.waitlist.remove.mutationOptions({ onError: showError }));
  if (!may('waitlist.view')) return <NotAllowed />;
  // Converting is the step the list is kept for: first, so a phone's card keeps it in view.
  const actionsOf = (e: Entry): RowAction[] => [
    ...(mayConvert && !SETTLED.includes(e.status)
      ? [{ label: 'Convert', onSelect: () => setConverting(e) }]
      : []),
    ...(may('waitlist.edit') ? [{ label: 'Update', onSelect: () => setEditing(e) }] : []),
    ...(may('waitlist.delete')
      ? [
          {
            label: 'Erase',
            destructive: true,
            confirm: `Erase ${e.reference} and its personal data?`,
            disabled: remove.isPending,
            onSelect: () =>
              remove.mutate(
                { schoolId, entryId: e.id },
                { onSuccess: afterWrite(trpc.waitlist.pathKey(), `${e.reference} was erased.`) },
              ),
          },
        ]
      : []),
  ];
  const columns: ColumnDef<Entry>[] = [
    { id: 'position', header: '#', cell: ({ row: { original: e } }) => e.position ?? '—' },
    {
      id: 'rider',
      header: 'Rider',
      cell: ({ row: { original: e } }) => (
        <>
          <strong>
            {e.rider.first_name} {e.rider.last_name}
          </strong>
          <span className="block text-sm text-muted-foreground">
            {e.reference} · {e.rider.level ? humanize(e.rider.level) : 'Level not given'}
          </span>
        </>
      ),
    },
    {
      id: 'contact',
      header: 'Contact',
      cell: ({ row: { original: e } }) => (
        <>
          {e.registrant.name}
          <span className="block text-sm">
            <a href={`mailto:${e.registrant.email}`}>{e.registrant.email}</a>
            {e.registrant.phone && ` · ${e.registrant.phone}`}
          </span>
        </>
      ),
      meta: { className: 'hidden sm:table-cell' },
    },
    {
      id: 'preferences',
      header: 'Wants',
      cell: ({ row: { original: e } }) => preferencesOf(e),
      meta: { className: 'hidden sm:table-cell' },
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: e } }) => <Badge status={e.status}>{humanize(e.status)}</Badge>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: e } }) => <RowActions what={e.reference} actions={actionsOf(e)} />,
    },
  ];
  const shown = scheduleId ? matches : entries;
  const rows = scheduleId ? matches.data?.data : entries.data?.data;
  return (
    <>
      <h1>Waiting list</h1>
      <p className="text-muted-foreground">
        Families join from the school&apos;s public page:{' '}
        <Link href={`/waitlist/${schoolId}`}>/waitlist/{schoolId}</Link>
      </p>
      <ListSwitch />
      <FilterBar>
        {!scheduleId && (
          <FilterSelect
            id="waitlist-status"
            label="Status"
            options={wordOptions(WAITLIST_STATUSES)}
            {...bind('status')}
          />
        )}
        <FilterSelect
          id="waitlist-schedule"
          label="Fits the schedule"
          allLabel="Any schedule"
          options={(schedules.data?.data ?? []).map((s) => ({
            value: s.id,
            label: scheduleLabel(s),
          }))}
          value={scheduleId}
          onChange={setScheduleId}
        />
      </FilterBar>
      {!shown.data && <QueryState what="the waiting list" query={shown} />}
      {rows?.length === 0 && (
        <Empty>{scheduleId ? 'Nobody waiting fits this schedule.' : 'Nobody on the list.'}</Empty>
      )}
      {rows && rows.length > 0 && (
        <DataTable
          className="rounded-lg border border-border bg-card p-4"
          columns={columns}
          data={rows}
          getRowId={(e) => e.id}
        />
      )}
      {!scheduleId && entries.data && (
        <Pager meta={entries.data.meta} onPage={setPage} noun="entries" />
      )}
      <Dialog
        title={`Convert ${converting?.reference ?? ''}`}
        open={converting !== null}
        onClose={() => setConverting(null)}
      >
        {converting && (
          <ConvertForm
            entry={converting}
            scheduleId={scheduleId}
            onDone={() => setConverting(null)}
          />
        )}
      </Dialog>
      <Dialog
        title={`Update ${editing?.reference ?? ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && <EntryForm entry={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}

function EntryForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(entryUpdateFields.omit({ student_id: true }), {
    defaultValues: { status: entry.status, staff_notes: entry.staff_notes ?? '' },
    save: (input) => client.waitlist.update.mutate({ schoolId, entryId: entry.id, ...input }),
    onSaved: () => afterWrite(trpc.waitlist.pathKey(), `${entry.reference} was updated.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      {entry.message && (
        <blockquote className="border-l-4 border-border pl-3">{entry.message}</blockquote>
      )}
      <SelectInputField
        form={form}
        name="status"
        label="Status"
        options={wordOptions(WAITLIST_STATUSES)}
      />
      <TextareaField form={form} name="staff_notes" label="Staff notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Save" pending={pending} onCancel={onDone} />
    </form>
  );
}
