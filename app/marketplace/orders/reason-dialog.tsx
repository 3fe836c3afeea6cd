'use client';

import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { reasonInput } from '@/server/marketplace/order-schema';
import {
  Dialog,
  FormActions,
  FormErrorSummary,
  TextareaField,
  useZodForm,
} from '../../components/ui';
import { Failure, useDialogVariant, useStepForm } from './order-bits';

type ReasonStep = {
  /** The dialog's title. */
  title: string;
  description: ReactNode;
  /** The submit button's words. */
  label: string;
  /** The dismiss button's words. */
  keepLabel?: string;
  /** Sends the reason: the transition's request. */
  save: (reason: string) => Promise<unknown>;
  keys: readonly QueryKey[];
  /** The toast once done. */
  done: string;
};

/**
 * A transition that needs its reason (the buyer's cancellation or dispute, the seller's
 * cancellation): the reason's field, checked by the server's `reasonInput`.
 */
export function ReasonDialog({
  open,
  onClose,
  ...step
}: ReasonStep & { open: boolean; onClose: () => void }) {
  const variant = useDialogVariant();
  return (
    <Dialog
      title={step.title}
      description={step.description}
      open={open}
      onClose={onClose}
      variant={variant}
    >
      <ReasonForm {...step} onClose={onClose} />
    </Dialog>
  );
}

function ReasonForm({
  label,
  keepLabel = 'Back',
  save,
  keys,
  done,
  onClose,
}: ReasonStep & { onClose: () => void }) {
  const form = useZodForm(reasonInput, { defaultValues: { reason: '' } });
  const { failure, pending, submit } = useStepForm(form, {
    save: (values: { reason: string }) => save(values.reason),
    keys,
    done,
    onDone: onClose,
  });
  return (
    <form noValidate className="mt-3" onSubmit={form.handleSubmit(submit)}>
      <TextareaField form={form} name="reason" label="Reason" rows={4} required />
      <FormErrorSummary form={form} />
      <Failure message={failure} />
      <FormActions
        label={label}
        pending={pending}
        pendingLabel="Sending…"
        onCancel={onClose}
        cancelLabel={keepLabel}
      />
    </form>
  );
}
