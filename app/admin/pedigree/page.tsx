'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { HORSE_SEXES, IDENTITY_STATUSES, identityFields } from '@/server/pedigree/identity-schema';
import {
  Button,
  cardClass,
  DataTable,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  FormActions,
  FormErrorSummary,
  humanize,
  numberText,
  Pager,
  QueryState,
  SelectInputField,
  statusColumn,
  TextInputField,
  useListFilters,
  useRecordForm,
  useToast,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC, useTRPCClient } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { wordOptions } from '@/app/components/ui';
import type { Identity } from '@/server/pedigree/identity-schema';

type Status = (typeof IDENTITY_STATUSES)[number] | '';

/** The platform's horses: find one by name or number, filter by status, record a new one. */
export default function AdminPedigreePage() {
  return (
    <AdminShell title="Pedigree">
      <Identities />
    </AdminShell>
  );
}

function Identities() {
  const trpc = useTRPC();
  const [creating, setCreating] = useState(false);
  const { filters, page, setPage, bind } = useListFilters({ search: '', status: '' as Status });
  const identities = useQuery({
    ...trpc.admin.pedigree.list.queryOptions({
      page,
      per_page: 20,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnDef<Identity>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: horse } }) => (
        <Link href={`/admin/pedigree/${horse.id}`}>{horse.name}</Link>
      ),
    },
    { id: 'born', header: 'Born', cell: ({ row }) => row.original.birth_year },
    { id: 'sex', header: 'Sex', cell: ({ row }) => humanize(row.original.sex) },
    { id: 'ueln', header: 'UELN', cell: ({ row }) => row.original.ueln ?? '—' },
    statusColumn(),
  ];
  return (
    <>
      {creating ? (
        <CreateIdentityForm onDone={() => setCreating(false)} />
      ) : (
        <Button className="mb-3" onClick={() => setCreating(true)}>
          New horse
        </Button>
      )}
      <FilterBar>
        <FilterSearch
          id="identity-search"
          label="Search horses"
          hint="Name prefix, UELN, microchip or registration number"
          {...bind('search')}
        />
        <FilterSelect
          id="identity-status"
          label="Status"
          options={wordOptions(IDENTITY_STATUSES)}
          {...bind('status')}
        />
      </FilterBar>
      {!identities.data && <QueryState what="the horses" query={identities} />}
      {identities.data && identities.data.data.length === 0 && <Empty>No horse matches.</Empty>}
      {identities.data && identities.data.data.length > 0 && (
        <DataTable
          className={cardClass}
          label="Horses of the platform"
          columns={columns}
          data={identities.data.data}
          getRowId={(horse) => horse.id}
          busy={identities.isFetching}
        />
      )}
      {identities.data && <Pager meta={identities.data.meta} onPage={setPage} noun="horses" />}
    </>
  );
}

const createForm = identityFields.extend({
  birth_year: numberText(identityFields.shape.birth_year, null),
});

/** A horse recorded by an administrator: verified from the start. */
function CreateIdentityForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(createForm, {
    defaultValues: { name: '', sex: 'unknown', birth_year: '', ueln: '', microchip: '' },
    save: (values) => client.admin.pedigree.create.mutate(values),
    onSaved: async (_values, result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pedigree.pathKey() });
      toast('success', `${result.data.name} was recorded.`);
      onDone();
    },
  });
  return (
    <form
      className={cardClass}
      aria-label="New horse of the platform"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <SelectInputField form={form} name="sex" label="Sex" options={wordOptions(HORSE_SEXES)} />
        <TextInputField form={form} name="birth_year" label="Birth year" inputMode="numeric" />
        <TextInputField form={form} name="ueln" label="UELN" autoComplete="off" />
        <TextInputField form={form} name="microchip" label="Microchip" autoComplete="off" />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Record horse" pending={pending} onCancel={onDone} />
    </form>
  );
}
