'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import { PAYMENT_METHODS } from '@/server/stud-finance/payment-schema';
import {
  EXPENSE_CATEGORIES,
  expenseFields,
  type Expense,
} from '@/server/stud-finance/ledger-schema';
import {
  actionsColumn,
  blankAs,
  Button,
  ConfirmButton,
  dateColumn,
  Dialog,
  FilterBar,
  FilterSearch,
  FilterSelect,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  numberText,
  Pager,
  SelectInputField,
  TextInputField,
  useDebounced,
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
import { mediaContentUrl, sentence } from '../horses/herd-ui';
import { HerdHorsePicker, StudPickerField } from '../horses/pickers';
import { ListStates } from '../services/breeding-ui';
import { AttachFile } from '../attach-file';
import { useStud } from '../stud-context';
import { useFinanceKeys, useMoney } from './finance-ui';

type Category = (typeof EXPENSE_CATEGORIES)[number];

const e = expenseFields.shape;

const expenseForm = expenseFields.extend({
  date: blankAs(e.date),
  amount: numberText(e.amount),
  supplier: blankAs(e.supplier, null),
  description: blankAs(e.description, null),
  horse_id: blankAs(e.horse_id, null),
  payment_method: blankAs(e.payment_method, null),
});

/** An expense, new or changed: what, from whom, for which horse, paid how. */
function ExpenseForm({ expense, onDone }: { expense?: Expense; onDone: () => void }) {
  const { stud, studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const format = useMoney();
  const { form, onSubmit, pending } = useRecordForm(expenseForm, {
    defaultValues: {
      date: expense?.date ?? todayIn(stud.timezone),
      category: expense?.category ?? 'feed',
      amount: expense ? String(expense.amount) : '',
      supplier: expense?.supplier ?? '',
      description: expense?.description ?? '',
      horse_id: expense?.horse_id ?? '',
      payment_method: expense?.payment_method ?? '',
    },
    save: (values) =>
      expense
        ? client.studExpenses.update.mutate({ studId, expenseId: expense.id, ...values })
        : client.studExpenses.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh(keys);
      toast(
        'success',
        `The expense of ${format(data.amount)} on ${formatDate(data.date)} was saved.`,
      );
      onDone();
    },
  });
  return (
    <form
      aria-label={expense ? 'Edit expense' : 'Add expense'}
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
          options={wordOptions(EXPENSE_CATEGORIES)}
        />
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
        <SelectInputField
          form={form}
          name="payment_method"
          label="Paid by"
          noun="Payment method"
          options={[{ value: '', label: 'Not said' }, ...wordOptions(PAYMENT_METHODS)]}
        />
      </div>
      <TextInputField form={form} name="supplier" label="Supplier" />
      <TextInputField form={form} name="description" label="Description" />
      <StudPickerField
        form={form}
        name="horse_id"
        label="Horse (optional)"
        picker={HerdHorsePicker}
        initial={expense?.horse ? { value: expense.horse.id, label: expense.horse.name } : null}
      />
      <FormErrorSummary form={form} />
      <FormActions
        label={expense ? 'Save expense' : 'Add expense'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * The expenses, newest first, by category or a word of the supplier or description; each
 * with its receipts; add, change (and attach a receipt) or delete as the role allows.
 */
export function ExpensesTab() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const keys = useFinanceKeys();
  const refresh = useRefresh();
  const { onSuccess, onError } = useWriteOutcome();
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const { filters, page, setPage, bind } = useListFilters({
    category: '' as Category | '',
    search: '',
  });
  const search = useDebounced(filters.search.trim());
  const expenses = useQuery({
    ...trpc.studExpenses.list.queryOptions({
      studId,
      page,
      ...(filters.category ? { category: filters.category } : {}),
      ...(search ? { search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.studExpenses.remove.mutationOptions({
      onSuccess: onSuccess(keys, 'The expense was deleted.'),
      onError,
    }),
  );
  const rows = expenses.data?.data;
  // The open expense as the list has it now, so that a receipt just attached shows.
  const open =
    editing && editing !== 'new' ? (rows?.find((x) => x.id === editing.id) ?? editing) : null;
  const add = may('finance.create') && (
    <Button size="sm" onClick={() => setEditing('new')}>
      Add expense
    </Button>
  );
  const whatOf = (x: Expense) =>
    `${humanize(x.category, { midSentence: true })} of ${formatDate(x.date)}`;
  const detailOf = (x: Expense) =>
    [
      x.supplier,
      x.description,
      x.horse?.name,
      x.payment_method && humanize(x.payment_method),
      x.medical_record_id && 'from a medical record',
    ]
      .filter(Boolean)
      .join(' · ') || null;
  const receipts = (x: Expense) =>
    x.receipts.length > 0 && (
      <ul className="m-0 list-none p-0 text-sm" aria-label={`Receipts of ${whatOf(x)}`}>
        {x.receipts.map((file) => (
          <li key={file.id}>
            <a href={mediaContentUrl(studId, file.id)} target="_blank" rel="noreferrer">
              {file.filename}
            </a>
          </li>
        ))}
      </ul>
    );
  const actions = (x: Expense) => (
    <div className="flex flex-wrap gap-2">
      {may('finance.edit') && (
        <Button variant="outline" size="sm" onClick={() => setEditing(x)}>
          Edit<span className="sr-only"> {whatOf(x)}</span>
        </Button>
      )}
      {may('finance.delete') && (
        <ConfirmButton
          label="Delete"
          what={whatOf(x)}
          question={`Delete ${whatOf(x)}?`}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ studId, expenseId: x.id })}
        />
      )}
    </div>
  );
  const columns: ColumnDef<Expense>[] = [
    {
      ...dateColumn<Expense>('date', 'Date'),
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
    },
    { id: 'category', header: 'Category', cell: ({ row }) => humanize(row.original.category) },
    { id: 'detail', header: 'Details', cell: ({ row }) => detailOf(row.original) ?? '—' },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
    { id: 'receipts', header: 'Receipts', cell: ({ row }) => receipts(row.original) || '—' },
    actionsColumn(actions),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="m-0 text-lg">Expenses</h2>
        {add}
      </div>
      <FilterBar className="mt-2">
        <FilterSelect
          id="expenses-category"
          label="Category"
          allLabel="Any category"
          options={wordOptions(EXPENSE_CATEGORIES)}
          {...bind('category')}
        />
        <FilterSearch id="expenses-search" label="Supplier or description" {...bind('search')} />
      </FilterBar>
      <ListStates
        what="the expenses"
        query={expenses}
        filtered={Boolean(filters.category || search)}
        none="No expense matches these filters."
        empty="No expense recorded yet."
        add={add}
      />
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Expenses"
          columns={columns}
          data={rows}
          busy={expenses.isFetching}
          cardLabel={(x) => sentence(whatOf(x))}
          card={(x) => (
            <>
              <h3 className="m-0 text-lg break-words">
                {format(x.amount)} · {humanize(x.category)}
              </h3>
              <p className="m-0 mt-1 text-sm">{formatDate(x.date)}</p>
              {detailOf(x) && <p className="m-0 mt-1 break-words">{detailOf(x)}</p>}
              <div className="mt-1">{receipts(x)}</div>
              <div className="mt-2">{actions(x)}</div>
            </>
          )}
        />
      )}
      {expenses.data && (
        <Pager meta={expenses.data.meta} onPage={setPage} label="Expense pages" noun="expenses" />
      )}
      <Dialog
        title={editing === 'new' ? 'Add expense' : 'Edit expense'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        className="w-[min(40rem,95vw)]"
      >
        {editing === 'new' && <ExpenseForm onDone={() => setEditing(null)} />}
        {open && <ExpenseForm expense={open} onDone={() => setEditing(null)} />}
        {open && may('finance.edit') && (
          <AttachFile
            subject={{ type: 'expense', id: open.id }}
            what="a receipt"
            attachedTo="the expense"
            onAttached={() => refresh(keys)}
          />
        )}
        {open && open.receipts.length > 0 && <div className="mt-2">{receipts(open)}</div>}
      </Dialog>
    </>
  );
}
