'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monthlyChargeFields } from '@/server/payments/payment-schema';
import {
  applyServerErrors,
  Button,
  Card,
  CardTitle,
  money,
  plural,
  TextInputField,
  useErrorToast,
  useToast,
  useZodForm,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { todayIn, useSchool } from '../school-context';
import { periodLabel } from './payment-labels';

/** The month's tuition for every active enrollment: a preview first, then the charges. */
export function MonthlyCharges() {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const form = useZodForm(monthlyChargeFields.pick({ month: true }), {
    defaultValues: { month: todayIn(school.timezone).slice(0, 7) },
  });
  const onError = (error: unknown) => {
    applyServerErrors(form, error);
    showError(error);
  };
  const preview = useMutation(trpc.payments.generateMonthly.mutationOptions({ onError }));
  const generate = useMutation(
    trpc.payments.generateMonthly.mutationOptions({
      onSuccess: async (result) => {
        preview.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        toast('success', `${plural(result.data.created, 'charge')} created.`);
      },
      onError,
    }),
  );
  // A preview stands only for the month it was asked for; another month chosen needs its own.
  const month = form.watch('month');
  const planned = preview.variables?.month === month ? preview.data?.data : undefined;
  return (
    <Card aria-labelledby="monthly-heading">
      <CardTitle id="monthly-heading">Monthly charges</CardTitle>
      <form
        className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-2"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          preview.mutate({ schoolId, month: values.month, dry_run: true }),
        )}
      >
        <TextInputField form={form} name="month" label="Month" type="month" className="mb-0" />
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
              ? `Nothing to charge for ${periodLabel(month)}${planned.skipped ? ` (${planned.skipped} already charged)` : ''}.`
              : `${plural(planned.created, 'charge')} will be created for ${periodLabel(month)}, ${money(planned.total_amount, school.currency)} in total${planned.skipped ? `; ${plural(planned.skipped, 'student')} already charged` : ''}.`}
          </span>
          {planned.created > 0 && (
            <Button
              size="sm"
              disabled={generate.isPending}
              onClick={() => generate.mutate({ schoolId, month })}
            >
              Create {plural(planned.created, 'charge')}
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
