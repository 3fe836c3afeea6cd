'use client';

import { useId } from 'react';
import { get } from 'react-hook-form';
import {
  DISPUTE_OUTCOMES,
  disputeResolveInput,
  type Sale,
} from '@/server/marketplace/order-schema';
import {
  Card,
  CardTitle,
  FormActions,
  FormErrorSummary,
  TextareaField,
  useZodForm,
} from '../../../components/ui';
import { Failure, useStepForm } from '../../../marketplace/orders/order-bits';
import { useTRPC, useTRPCClient } from '../../../trpc';

const OUTCOME_WORDS: Record<(typeof DISPUTE_OUTCOMES)[number], { label: string; hint: string }> = {
  release: {
    label: 'Release the payout to the seller',
    hint: 'The sub-order is completed; the seller is paid after the payout delay.',
  },
  refund: {
    label: 'Refund the buyer',
    hint: 'The sub-order is refunded and the seller’s payout reversed.',
  },
};

/** The administrator's decision on a disputed sub-order: release or refund, and a note. */
export function ResolveForm({ sale }: { sale: Sale }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const id = useId();
  const form = useZodForm(disputeResolveInput, {
    defaultValues: { subOrderId: sale.id, note: '' },
  });
  const { failure, pending, submit } = useStepForm(form, {
    save: (values: Parameters<typeof client.admin.marketplaceDisputes.resolve.mutate>[0]) =>
      client.admin.marketplaceDisputes.resolve.mutate(values),
    keys: [trpc.admin.marketplaceDisputes.pathKey()],
    done: `The dispute about ${sale.number} was resolved.`,
    onDone: () => {},
  });
  const outcomeError = (get(form.formState.errors, 'outcome') as { message?: string } | undefined)
    ?.message;
  return (
    <Card aria-labelledby="resolve-heading">
      <CardTitle id="resolve-heading">Decision</CardTitle>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <fieldset
          className="m-0 mb-4 border-0 p-0"
          aria-describedby={outcomeError ? `${id}-error` : undefined}
        >
          <legend className="mb-1 font-semibold">Outcome</legend>
          {DISPUTE_OUTCOMES.map((outcome) => (
            <div key={outcome} className="mb-2 flex items-start gap-2">
              <input
                id={`${id}-${outcome}`}
                type="radio"
                value={outcome}
                className="mt-1 size-5 shrink-0"
                aria-describedby={`${id}-${outcome}-hint`}
                aria-invalid={outcomeError ? true : undefined}
                {...form.register('outcome')}
              />
              <label htmlFor={`${id}-${outcome}`}>
                {OUTCOME_WORDS[outcome].label}
                <small
                  id={`${id}-${outcome}-hint`}
                  className="block font-normal text-muted-foreground"
                >
                  {OUTCOME_WORDS[outcome].hint}
                </small>
              </label>
            </div>
          ))}
          {outcomeError && (
            <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
              {outcomeError}
            </p>
          )}
        </fieldset>
        <TextareaField
          form={form}
          name="note"
          label="Note (optional)"
          hint="Kept in the history and sent to the buyer with the decision."
          rows={3}
        />
        <FormErrorSummary form={form} />
        <Failure message={failure} />
        <FormActions label="Resolve" pendingLabel="Resolving…" pending={pending} />
      </form>
    </Card>
  );
}
