'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, useErrorToast, useToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { fieldErrorsOf, FormErrorSummary, money, SelectField, TextField } from '../../../ui';
import { todayIn, useSchool } from '../school-context';

const CONCEPTS = [
  { value: 'other', label: 'other' },
  { value: 'tuition', label: 'tuition' },
  { value: 'enrollment_fee', label: 'enrollment fee' },
] as const;

/** One charge for one student (a pending payment), besides the monthly tuition. */
export function ChargeForm({ onDone }: { onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [studentId, setStudentId] = useState('');
  const [concept, setConcept] = useState<(typeof CONCEPTS)[number]['value']>('other');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState(todayIn(school.timezone));
  const [period, setPeriod] = useState('');
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      per_page: 50,
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation(
    trpc.payments.create.mutationOptions({
      onSuccess: async (result) => {
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
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const found = students.data?.data ?? [];
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      schoolId,
      student_id: studentId,
      concept,
      description: description || null,
      amount: Number(amount),
      due_date: dueDate,
      ...(concept === 'tuition' && period ? { period } : {}),
    });
  }
  return (
    <form onSubmit={submit} aria-label="New charge">
      <TextField
        label="Find a student"
        name="search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField
        label="Student"
        name="student_id"
        required
        errors={errors}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
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
        <SelectField
          label="Concept"
          name="concept"
          options={CONCEPTS}
          value={concept}
          errors={errors}
          onChange={(e) => setConcept(e.target.value as (typeof CONCEPTS)[number]['value'])}
        />
        <TextField
          label="Amount"
          name="amount"
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          required
          value={amount}
          errors={errors}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <TextField
        label="Description"
        name="description"
        value={description}
        errors={errors}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Due on"
          name="due_date"
          type="date"
          required
          value={dueDate}
          errors={errors}
          onChange={(e) => setDueDate(e.target.value)}
        />
        {concept === 'tuition' && (
          <TextField
            label="Period"
            name="period"
            type="month"
            hint="The month this tuition is for; by default the due date's."
            value={period}
            errors={errors}
            onChange={(e) => setPeriod(e.target.value)}
          />
        )}
      </div>
      <FormErrorSummary error={create.error} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={create.isPending || !studentId}>
          {create.isPending ? 'Saving…' : 'Create charge'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}
