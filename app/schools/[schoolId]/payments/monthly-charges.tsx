'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, CardTitle, useErrorToast, useToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { fieldErrorsOf, money, TextField } from '../../../ui';
import { todayIn, useSchool } from '../school-context';

/** The month's tuition for every active enrollment: a preview first, then the charges. */
export function MonthlyCharges() {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(todayIn(school.timezone).slice(0, 7));
  const preview = useMutation(
    trpc.payments.generateMonthly.mutationOptions({
      onError: showError,
    }),
  );
  const generate = useMutation(
    trpc.payments.generateMonthly.mutationOptions({
      onSuccess: async (result) => {
        preview.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        toast('success', `${result.data.created} charges created.`);
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(preview.error ?? generate.error);
  const planned = preview.data?.data;
  return (
    <Card aria-labelledby="monthly-heading">
      <CardTitle id="monthly-heading">Monthly charges</CardTitle>
      <form
        className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-2 [&_.field]:mb-0"
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate({ schoolId, month, dry_run: true });
        }}
      >
        <TextField
          label="Month"
          name="month"
          type="month"
          value={month}
          errors={errors}
          onChange={(e) => {
            setMonth(e.target.value);
            preview.reset();
          }}
        />
        <Button type="submit" variant="outline" disabled={preview.isPending}>
          Generate charges…
        </Button>
      </form>
      {planned && (
        <div
          role="group"
          aria-label="Confirm monthly charges"
          className="flex flex-wrap items-center gap-2"
        >
          <span>
            {planned.created === 0
              ? `Nothing to charge for ${month}${planned.skipped ? ` (${planned.skipped} already charged)` : ''}.`
              : `${planned.created} charges will be created for ${month}, ${money(planned.total_amount, school.currency)} in total${planned.skipped ? `; ${planned.skipped} students already charged` : ''}.`}
          </span>
          {planned.created > 0 && (
            <Button
              size="sm"
              disabled={generate.isPending}
              onClick={() => generate.mutate({ schoolId, month })}
            >
              Create {planned.created} charges
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => preview.reset()}>
            Cancel
          </Button>
        </div>
      )}
    </Card>
  );
}
