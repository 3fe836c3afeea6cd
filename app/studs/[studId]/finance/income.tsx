'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import { INCOME_CATEGORIES, incomeFields, type Income } from '@/server/stud-finance/ledger-schema';
import {
  actionsColumn,
  blankAs,
  Button,
  ConfirmButton,
  dateColumn,
  Dialog,
  FilterBar,
  FilterSelect,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  numberText,
  Pager,
  SelectInputField,
  TextInputField,
  useListFilters,
  useRecordForm,
  useRefresh,
  useToast,
  useWriteOutcome,
  type ColumnDef,
  TableOrCards,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { sentence } from '../horses/herd-ui';
import { ClientPicker, HerdHorsePicker, StudPickerField } from '../horses/pickers';
import { ListStates } from '../services/breeding-ui';
import { useStud } from '../stud-context';
import { useFinanceKeys, useMoney } from './finance-ui';

type Category = (typeof INCOME_CATEGORIES)[number];

const i = incomeFields.shape;

const incomeForm = incomeFields.extend({
  date: blankAs(i.date),
  amount: numberText(i.amount),
  description: blankAs(i.description, null),
  client_id: blankAs(i.client_id, null),
  horse_id: blankAs(i.horse_id, null),
});

/** A manual income entry (prize money, a horse sold for cash), new or changed. */
function IncomeForm({ entry, onDone }: { entry?: Income; onDone: () => void }) {
  const { stud, studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const format = useMoney();
  const { form, onSubmit, pending } = useRecordForm(incomeForm, {
    defaultValues: {
      date: entry?.date ?? todayIn(stud.timezone),
      category: entry?.category ?? 'other',
      amount: entry ? String(entry.amount) : '',
      description: entry?.description ?? '',
      client_id: entry?.client_id ?? '',
      horse_id: entry?.horse_id ?? '',
    },
    save: (values) =>
      entry
        ? client.studIncome.update.mutate({ studId, incomeId: entry.id, ...values })
        : client.studIncome.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh(keys);
      toast('success', `Income of ${format(data.amount)} on ${formatDate(data.date)} was saved.`);
      onDone();
    },
  });
  return (
    <form
      aria-label={entry ? 'Edit income' : 'Add income'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="date" label="Date" type="date" required />
        <SelectInputField
          form={form}
          name="category"
          label="Category"
          options={wordOptions(INCOME_CATEGORIES)}
        />
      </div>
      <TextInputField
        form={form}
        name="amount"
        label={`Amount (${stud.currency})`}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        required
      />
      <TextInputField form={form} name="description" label="Description" />
      <StudPickerField
        form={form}
        name="client_id"
        label="Client (optional)"
        picker={ClientPicker}
        initial={
          entry?.client ? { value: entry.client.id, label: entry.client.display_name } : null
        }
      />
      <StudPickerField
        form={form}
        name="horse_id"
        label="Horse (optional)"
        picker={HerdHorsePicker}
        initial={entry?.horse ? { value: entry.horse.id, label: entry.horse.name } : null}
      />
      <FormErrorSummary form={form} />
      <FormActions
        label={entry ? 'Save income' : 'Add income'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * The income entries, newest first, by category: those a payment wrote are read-only and
 * show their receipt; the others may be changed or deleted as the role allows.
 */
export function IncomeTab() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const keys = useFinanceKeys();
  const { onSuccess, onError } = useWriteOutcome();
  const [editing, setEditing] = useState<Income | 'new' | null>(null);
  const { filters, page, setPage, bind } = useListFilters({ category: '' as Category | '' });
  const income = useQuery({
    ...trpc.studIncome.list.queryOptions({
      studId,
      page,
      ...(filters.category ? { category: filters.category } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.studIncome.remove.mutationOptions({
      onSuccess: onSuccess(keys, 'The income entry was deleted.'),
      onError,
    }),
  );
  const rows = income.data?.data;
  const add = may('finance.create') && (
    <Button size="sm" onClick={() => setEditing('new')}>
      Add income
    </Button>
  );
  const whatOf = (e: Income) =>
    `${humanize(e.category, { midSentence: true })} of ${formatDate(e.date)}`;
  const linksOf = (e: Income) =>
    [e.client?.display_name, e.horse?.name].filter(Boolean).join(' · ') || null;
  const actions = (e: Income) =>
    e.payment_id ? (
      <span className="text-sm text-muted-foreground">Receipt {e.receipt_number}</span>
    ) : (
      <div className="flex flex-wrap gap-2">
        {may('finance.edit') && (
          <Button variant="outline" size="sm" onClick={() => setEditing(e)}>
            Edit<span className="sr-only"> {whatOf(e)}</span>
          </Button>
        )}
        {may('finance.delete') && (
          <ConfirmButton
            label="Delete"
            what={whatOf(e)}
            question={`Delete ${whatOf(e)}?`}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate({ studId, incomeId: e.id })}
          />
        )}
      </div>
    );
  const columns: ColumnDef<Income>[] = [
    {
      ...dateColumn<Income>('date', 'Date'),
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
    },
    { id: 'category', header: 'Category', cell: ({ row }) => humanize(row.original.category) },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row }) => (
        <>
          {row.original.description ?? '—'}
          {linksOf(row.original) && (
            <span className="block text-sm text-muted-foreground">{linksOf(row.original)}</span>
          )}
        </>
      ),
    },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
    actionsColumn(actions),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="m-0 text-lg">Income</h2>
        {add}
      </div>
      <FilterBar className="mt-2">
        <FilterSelect
          id="income-category"
          label="Category"
          allLabel="Any category"
          options={wordOptions(INCOME_CATEGORIES)}
          {...bind('category')}
        />
      </FilterBar>
      <ListStates
        what="the income"
        query={income}
        filtered={Boolean(filters.category)}
        none="No income in this category."
        empty="No income yet: payments book theirs, or add an entry."
        add={add}
      />
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Income"
          columns={columns}
          data={rows}
          busy={income.isFetching}
          cardLabel={(e) => sentence(whatOf(e))}
          card={(e) => (
            <>
              <h3 className="m-0 text-lg break-words">
                {format(e.amount)} · {humanize(e.category)}
              </h3>
              <p className="m-0 mt-1 text-sm">{formatDate(e.date)}</p>
              {e.description && <p className="m-0 mt-1 break-words">{e.description}</p>}
              {linksOf(e) && (
                <p className="m-0 mt-1 text-sm break-words text-muted-foreground">{linksOf(e)}</p>
              )}
              <div className="mt-2">{actions(e)}</div>
            </>
          )}
        />
      )}
      {income.data && (
        <Pager meta={income.data.meta} onPage={setPage} label="Income pages" noun="entries" />
      )}
      <Dialog
        title={editing === 'new' ? 'Add income' : 'Edit income'}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <IncomeForm
            entry={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
    </>
  );
}
