'use client';

import { z } from 'zod';
import { trackingInput, trackingUpdateInput, type Sale } from '@/server/marketplace/order-schema';
import {
  Dialog,
  FormActions,
  FormErrorSummary,
  TextInputField,
  useZodForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { Failure, useDialogVariant, useStepForm } from '../../orders/order-bits';

/** Updating asks the tracking number that shipping leaves optional (the server's two schemas). */
const updateForm = trackingUpdateInput.omit({ id: true });

type Mode = 'ship' | 'update';

const WORDS: Record<Mode, { title: string; label: string; done: (number: string) => string }> = {
  ship: { title: 'Ship', label: 'Ship', done: (number) => `${number} is shipped.` },
  update: {
    title: 'Update tracking',
    label: 'Update tracking',
    done: (number) => `The tracking of ${number} was updated.`,
  },
};

/**
 * "Ship" (paid or processing → shipped) and "Update tracking" (of a shipped sale): carrier,
 * tracking number and tracking URL; the buyer is e-mailed the tracking.
 */
export function TrackingDialog({
  sale,
  mode,
  onClose,
}: {
  sale: Sale;
  mode: Mode | null;
  onClose: () => void;
}) {
  const variant = useDialogVariant();
  return (
    <Dialog
      title={mode ? `${WORDS[mode].title} ${sale.number}` : ''}
      description="The buyer is e-mailed the carrier and the tracking."
      open={mode !== null}
      onClose={onClose}
      variant={variant}
    >
      {mode && <TrackingForm sale={sale} mode={mode} onClose={onClose} />}
    </Dialog>
  );
}

function TrackingForm({ sale, mode, onClose }: { sale: Sale; mode: Mode; onClose: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const form = useZodForm(mode === 'ship' ? trackingInput : updateForm, {
    defaultValues: {
      carrier: sale.tracking?.carrier ?? '',
      tracking_number: sale.tracking?.number ?? '',
      tracking_url: sale.tracking?.url ?? '',
    },
  });
  const { failure, pending, submit } = useStepForm(form, {
    save: (values: z.output<typeof trackingInput>) =>
      mode === 'ship'
        ? client.sales.ship.mutate({ id: sale.id, ...values })
        : client.sales.tracking.mutate({
            id: sale.id,
            ...(values as z.output<typeof updateForm>),
          }),
    keys: [trpc.sales.pathKey()],
    done: WORDS[mode].done(sale.number),
    onDone: onClose,
  });
  return (
    <form noValidate className="mt-3" onSubmit={form.handleSubmit(submit)}>
      <TextInputField form={form} name="carrier" label="Carrier" autoComplete="off" required />
      <TextInputField
        form={form}
        name="tracking_number"
        label="Tracking number"
        hint={mode === 'ship' ? 'Optional' : undefined}
        autoComplete="off"
        required={mode === 'update'}
      />
      <TextInputField
        form={form}
        name="tracking_url"
        label="Tracking URL"
        hint="Optional: the carrier’s page that follows this parcel"
        type="url"
        inputMode="url"
        autoComplete="off"
      />
      <FormErrorSummary form={form} />
      <Failure message={failure} />
      <FormActions label={WORDS[mode].label} pending={pending} onCancel={onClose} />
    </form>
  );
}
