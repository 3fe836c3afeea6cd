'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrorsOf, FormErrorSummary, SelectField, TextField } from '../../ui';
import { todayIn, useSchool } from './school-context';

export type PayValues = {
  payment_method: string;
  paid_date: string;
  receipt_number: string | null;
};

/**
 * Registering a payment (school or competition): method, date paid (today in the school's
 * time zone by default) and an optional receipt number. The page owns the mutation.
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
  const [method, setMethod] = useState(methods[0]!);
  const [paidDate, setPaidDate] = useState(todayIn(school.timezone));
  const [receipt, setReceipt] = useState('');
  const errors = fieldErrorsOf(error);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ payment_method: method, paid_date: paidDate, receipt_number: receipt || null });
  }
  return (
    <form onSubmit={submit}>
      <p>{summary}</p>
      <SelectField
        label="Payment method"
        name="payment_method"
        options={methods}
        value={method}
        errors={errors}
        onChange={(e) => setMethod(e.target.value)}
      />
      <TextField
        label="Paid on"
        name="paid_date"
        type="date"
        value={paidDate}
        errors={errors}
        onChange={(e) => setPaidDate(e.target.value)}
      />
      <TextField
        label="Receipt number"
        name="receipt_number"
        hint="Leave empty to number it automatically."
        value={receipt}
        errors={errors}
        onChange={(e) => setReceipt(e.target.value)}
      />
      <FormErrorSummary error={error} />
      <div className="actions">
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Confirm payment'}
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
