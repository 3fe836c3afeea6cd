'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { amountField, paymentFields } from '@/server/payments/payment-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  Input,
  Label,
  money,
  numberText,
  SelectInputField,
  TextInputField,
  useToast,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { todayIn, useSchool } from '../school-context';
import { CONCEPT_LABELS } from './payment-labels';

const CONCEPTS = (['other', 'tuition', 'enrollment_fee'] as const).map((value) => ({
  value,
  label: CONCEPT_LABELS[value],
}));

const { shape } = paymentFields;
const chargeForm = paymentFields.pick({ concept: true, description: true, due_date: true }).extend({
  student_id: blankAs(shape.student_id),
  amount: numberText(amountField),
  // Left blank, the server takes the due date's month.
  period: blankAs(shape.period),
});

/** One charge for one student (a pending payment), besides the monthly tuition. */
export function ChargeForm({ onDone }: { onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { form, onSubmit, pending } = useRecordForm(chargeForm, {
    defaultValues: {
      student_id: '',
      concept: 'other',
      description: '',
      amount: '',
      due_date: todayIn(school.timezone),
      period: '',
    },
    save: ({ period, ...input }) =>
      client.payments.create.mutate({
        schoolId,
        ...input,
        ...(input.concept === 'tuition' ? { period } : {}),
      }),
    onSaved: async (_, result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
      ]);
      toast(
        'success',
        `Charged ${result.data.student.full_name} ${money(result.data.amount, result.data.currency)}.`,
      );
      onDone();
    },
  });
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      per_page: 50,
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const found = students.data?.data ?? [];
  const tuition = form.watch('concept') === 'tuition';
  return (
    <form noValidate aria-label="New charge" onSubmit={onSubmit}>
      <div className="mb-4">
        <Label htmlFor={searchId}>Find a student</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <SelectInputField
        form={form}
        name="student_id"
        label="Student"
        required
        options={[
          {
            value: '',
            label: students.isPending
              ? 'Loading…'
              : found.length === 0
                ? 'No student found'
                : 'Choose a student',
          },
          ...found.map((s) => ({ value: s.id, label: s.full_name })),
        ]}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField form={form} name="concept" label="Concept" options={CONCEPTS} />
        <TextInputField
          form={form}
          name="amount"
          label="Amount"
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          required
        />
      </div>
      <TextInputField form={form} name="description" label="Description" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="due_date"
          label="Due on"
          noun="Due date"
          type="date"
          required
        />
        {tuition && (
          <TextInputField
            form={form}
            name="period"
            label="Period"
            type="month"
            hint="The month this tuition is for; by default the due date's."
          />
        )}
      </div>
      <FormErrorSummary form={form} />
      <FormActions
        label="Create charge"
        pending={pending}
        disabled={!form.watch('student_id')}
        onCancel={onDone}
        cancelLabel="Close"
      />
    </form>
  );
}
