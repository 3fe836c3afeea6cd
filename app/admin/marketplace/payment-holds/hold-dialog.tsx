'use client';

import { HOLD_OUTCOMES, holdResolveInput, type HeldOrder } from '@/server/marketplace/order-schema';
import {
  Dialog,
  FormActions,
  FormErrorSummary,
  TextareaField,
  useZodForm,
} from '../../../components/ui';
import { Failure, useDialogVariant, useStepForm } from '../../../marketplace/orders/order-bits';
import { useTRPC, useTRPCClient } from '../../../trpc';

export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

const WORDS: Record<
  HoldOutcome,
  { title: string; description: string; label: string; done: (number: string) => string }
> = {
  accept: {
    title: 'Accept the payment of order',
    description: 'The order’s parts become paid and their sellers are told to go on.',
    label: 'Accept payment',
    done: (number) => `The payment of order ${number} was accepted.`,
  },
  refund: {
    title: 'Refund order',
    description:
      'The whole payment goes back to the buyer through the payment service and the order is cancelled; its items go back on sale.',
    label: 'Refund',
    done: (number) => `Order ${number} was refunded and cancelled.`,
  },
};

/** A held order and the decision its button asked for. */
export type HoldChoice = { order: HeldOrder; outcome: HoldOutcome };

/**
 * The administrator's decision on a held payment, the outcome chosen by the button that opened
 * it, with an optional note. Kept open on a refusal (409: another administrator decided first)
 * while the list behind it is refreshed.
 */
export function HoldDialog({
  choice,
  onClose,
}: {
  choice: HoldChoice | null;
  onClose: () => void;
}) {
  const variant = useDialogVariant();
  return (
    <Dialog
      title={choice ? `${WORDS[choice.outcome].title} ${choice.order.number}` : ''}
      description={choice && WORDS[choice.outcome].description}
      open={choice !== null}
      onClose={onClose}
      variant={variant}
    >
      {choice && <HoldForm {...choice} onClose={onClose} />}
    </Dialog>
  );
}

function HoldForm({
  order,
  outcome,
  onClose,
}: {
  order: HeldOrder;
  outcome: HoldOutcome;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const form = useZodForm(holdResolveInput, {
    defaultValues: { orderId: order.id, outcome, note: '' },
  });
  const { failure, pending, submit } = useStepForm(form, {
    save: (values: Parameters<typeof client.admin.marketplacePaymentHolds.resolve.mutate>[0]) =>
      client.admin.marketplacePaymentHolds.resolve.mutate(values),
    keys: [trpc.admin.marketplacePaymentHolds.pathKey()],
    done: WORDS[outcome].done(order.number),
    onDone: onClose,
  });
  return (
    <form noValidate className="mt-3" onSubmit={form.handleSubmit(submit)}>
      <TextareaField
        form={form}
        name="note"
        label="Note (optional)"
        hint="Kept in the order’s status history, which the buyer and the sellers see."
        rows={3}
      />
      <FormErrorSummary form={form} />
      <Failure message={failure} />
      <FormActions
        label={WORDS[outcome].label}
        pending={pending}
        pendingLabel="Sending…"
        onCancel={onClose}
        cancelLabel="Back"
      />
    </form>
  );
}
