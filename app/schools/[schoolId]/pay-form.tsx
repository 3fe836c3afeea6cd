'use client';

import { useEffect, type ReactNode } from 'react';
import { z } from 'zod';
import { calendarDateField, optionalText } from '@/server/kernel/fields/record-fields';
import {
  applyServerErrors,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useZodForm,
} from '../../components/ui';
import { methodLabel } from './payments/payment-labels';
import { todayIn, useSchool } from './school-context';

export type PayValues = {
  payment_method: string;
  paid_date: string;
  receipt_number: string | null;
};

/** What both payment routes take when a payment is registered (their shared field schemas). */
const payForm = z.object({
  payment_method: z.string().min(1),
  paid_date: calendarDateField,
  receipt_number: optionalText(100),
});

/**
 * Registering a payment (school or competition): method, date paid (today in the school's
 * time zone by default) and an optional receipt number. The page owns the mutation; its 422
 * (`error`) is shown beside the fields.
 */
export function PayForm({
  summary,
  methods,
  pending,
  error,
  onSubmit,
  onDone,
}: {
  summary: ReactNode;
  methods: readonly string[];
  pending: boolean;
  error: unknown;
  onSubmit: (values: PayValues) => void;
  onDone: () => void;
}) {
  const { school } = useSchool();
  const form = useZodForm(payForm, {
    defaultValues: {
      payment_method: methods[0]!,
      paid_date: todayIn(school.timezone),
      receipt_number: '',
    },
  });
  useEffect(() => {
    if (error) applyServerErrors(form, error);
  }, [error, form]);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSubmit({ ...values, receipt_number: values.receipt_number ?? null }),
      )}
    >
      <p>{summary}</p>
      <SelectInputField
        form={form}
        name="payment_method"
        label="Payment method"
        options={methods.map((method) => ({ value: method, label: methodLabel(method) }))}
      />
      <TextInputField
        form={form}
        name="paid_date"
        label="Paid on"
        noun="Payment date"
        type="date"
      />
      <TextInputField
        form={form}
        name="receipt_number"
        label="Receipt number"
        hint="Leave empty to number it automatically."
      />
      <FormErrorSummary form={form} />
      <FormActions
        label="Confirm payment"
        pending={pending}
        onCancel={onDone}
        cancelLabel="Close"
      />
    </form>
  );
}
