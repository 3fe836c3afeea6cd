'use client';

import { todayIn } from '@/server/kernel/fields/calendar';
import { PAYMENT_METHODS, paymentFields } from '@/server/stud-finance/payment-schema';
import {
  RECEIVABLE_KINDS,
  receivableDetailFields,
  receivableFields,
  type Receivable,
} from '@/server/stud-finance/receivable-schema';
import {
  blankAs,
  type FormOf,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { useTRPCClient } from '../../../trpc';
import { ClientPicker, StudPickerField } from '../horses/pickers';
import { useStud } from '../stud-context';
import { useFinanceKeys, useMoney } from './finance-ui';

const r = receivableFields.shape;
const p = paymentFields.shape;

/** A manual receivable as the form's boxes hold it, checked by the API's schema. */
const newReceivableForm = receivableFields.omit({ reservation_id: true }).extend({
  client_id: blankAs(r.client_id),
  amount: numberText(r.amount),
  due_date: blankAs(r.due_date),
});

const editReceivableForm = receivableDetailFields.extend({
  amount: numberText(r.amount),
  due_date: blankAs(r.due_date),
});

const paymentForm = paymentFields.extend({
  amount: numberText(p.amount),
  paid_date: blankAs(p.paid_date),
  receipt_number: blankAs(p.receipt_number),
});

type DetailValues = {
  description: string;
  amount: unknown;
  due_date?: unknown;
  notes?: string | null;
};

/** "New receivable": what a client owes the stud, written by hand (a vet bill, boarding). */
export function NewReceivableForm({ onDone }: { onDone: () => void }) {
  const { stud, studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(newReceivableForm, {
    defaultValues: {
      client_id: '',
      kind: 'other',
      description: '',
      amount: '',
      due_date: todayIn(stud.timezone),
      notes: '',
    },
    save: (values) => client.studReceivables.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh(keys);
      toast('success', `${data.client.display_name} owes ${data.description}.`);
      onDone();
    },
  });
  return (
    <form aria-label="New receivable" className="mt-3" noValidate onSubmit={onSubmit}>
      <StudPickerField form={form} name="client_id" label="Client" picker={ClientPicker} />
      <SelectInputField
        form={form}
        name="kind"
        label="Kind"
        options={wordOptions(RECEIVABLE_KINDS)}
      />
      <ReceivableDetails form={form} currency={stud.currency} />
      <FormErrorSummary form={form} />
      <FormActions label="Add receivable" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** Changes to a receivable: its words, amount (never below what was paid) and due date. */
export function EditReceivableForm({
  receivable,
  onDone,
}: {
  receivable: Receivable;
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const format = useMoney();
  const { form, onSubmit, pending } = useRecordForm(editReceivableForm, {
    defaultValues: {
      description: receivable.description,
      amount: String(receivable.amount),
      due_date: receivable.due_date,
      notes: receivable.notes ?? '',
    },
    save: (values) =>
      client.studReceivables.update.mutate({ studId, receivableId: receivable.id, ...values }),
    onSaved: async () => {
      await refresh(keys);
      toast('success', `The receivable of ${receivable.client.display_name} was saved.`);
      onDone();
    },
  });
  return (
    <form aria-label="Edit receivable" className="mt-3" noValidate onSubmit={onSubmit}>
      <p className="mt-0">
        {receivable.client.display_name}
        {receivable.paid_amount > 0 && ` · ${format(receivable.paid_amount)} paid so far`}
      </p>
      <ReceivableDetails form={form} currency={stud.currency} />
      <FormErrorSummary form={form} />
      <FormActions label="Save receivable" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** The fields a new receivable and a changed one share. */
function ReceivableDetails<T extends DetailValues>({
  form: anyForm,
  currency,
}: {
  form: FormOf<T>;
  currency: string;
}) {
  const form = anyForm as unknown as FormOf<DetailValues>;
  return (
    <>
      <TextInputField form={form} name="description" label="Description" required />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="amount"
          label={`Amount (${currency})`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          required
        />
        <TextInputField form={form} name="due_date" label="Due on" noun="Due date" type="date" />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={2} />
    </>
  );
}

/**
 * "Record payment" for an open receivable: the amount (what is outstanding unless said), the
 * method, the day (today unless said, never later) and the receipt number (the next one
 * unless given). The server's 422s (more than outstanding, a receipt number taken) go beside
 * their fields.
 */
export function PaymentForm({
  receivable,
  onDone,
}: {
  receivable: Receivable;
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const format = useMoney();
  const today = todayIn(stud.timezone);
  const { form, onSubmit, pending } = useRecordForm(paymentForm, {
    defaultValues: {
      receivable_id: receivable.id,
      amount: String(receivable.outstanding),
      paid_date: today,
      payment_method: 'transfer',
      receipt_number: '',
      notes: '',
    },
    save: (values) => client.studPayments.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh(keys);
      toast('success', `${format(data.amount)} received: receipt ${data.receipt_number}.`);
      onDone();
    },
  });
  return (
    <form aria-label="Record payment" className="mt-3" noValidate onSubmit={onSubmit}>
      <p className="mt-0">
        {receivable.client.display_name}: {receivable.description}.{' '}
        <strong>{format(receivable.outstanding)}</strong> outstanding of {format(receivable.amount)}
        .
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="amount"
          label={`Amount (${stud.currency})`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max={receivable.outstanding}
          required
        />
        <SelectInputField
          form={form}
          name="payment_method"
          label="Method"
          options={wordOptions(PAYMENT_METHODS)}
        />
        <TextInputField
          form={form}
          name="paid_date"
          label="Paid on"
          noun="Payment date"
          type="date"
          max={today}
        />
        <TextInputField
          form={form}
          name="receipt_number"
          label="Receipt number"
          hint="Left empty, the next number of the stud."
          autoComplete="off"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={2} />
      <FormErrorSummary form={form} />
      <FormActions label="Record payment" pending={pending} onCancel={onDone} />
    </form>
  );
}
