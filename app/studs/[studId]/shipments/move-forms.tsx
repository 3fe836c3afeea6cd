'use client';

import { todayIn } from '@/server/kernel/fields/calendar';
import { shipmentStatusFields, type Shipment } from '@/server/stud-breeding/shipment-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStud } from '../stud-context';

const s = shipmentStatusFields.shape;

const shipForm = shipmentStatusFields.pick({ carrier: true, tracking_number: true }).extend({
  shipped_on: blankAs(s.shipped_on),
});

const cancelForm = shipmentStatusFields.pick({ cancelled_reason: true });

/** The move's write and what follows it: the lists refreshed, a toast, the dialog closed. */
function useMove(shipment: Shipment, said: string, onDone: () => void) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  return {
    save: (values: Record<string, unknown>, status: 'shipped' | 'cancelled') =>
      client.shipments.move.mutate({ studId, shipmentId: shipment.id, status, ...values }),
    onSaved: async () => {
      await refresh([trpc.shipments.pathKey(), trpc.semenBatches.pathKey()]);
      toast('success', said);
      onDone();
    },
  };
}

/** "Ship": the day it leaves (today unless said), the carrier and the tracking number. */
export function ShipForm({ shipment, onDone }: { shipment: Shipment; onDone: () => void }) {
  const { stud } = useStud();
  const today = todayIn(stud.timezone);
  const move = useMove(
    shipment,
    `The shipment for ${shipment.reservation.mare.name} is on its way.`,
    onDone,
  );
  const { form, onSubmit, pending } = useRecordForm(shipForm, {
    defaultValues: {
      shipped_on: today,
      carrier: shipment.carrier ?? '',
      tracking_number: shipment.tracking_number ?? '',
    },
    save: (values) => move.save(values, 'shipped'),
    onSaved: move.onSaved,
  });
  return (
    <form aria-label="Ship" className="mt-3" noValidate onSubmit={onSubmit}>
      <TextInputField
        form={form}
        name="shipped_on"
        label="Shipped on"
        noun="Shipping date"
        type="date"
        max={today}
      />
      <TextInputField form={form} name="carrier" label="Carrier" autoComplete="off" />
      <TextInputField
        form={form}
        name="tracking_number"
        label="Tracking number"
        autoComplete="off"
      />
      <FormErrorSummary form={form} />
      <FormActions label="Mark shipped" pending={pending} onCancel={onDone} />
    </form>
  );
}

/**
 * "Cancel", with the reason; a prepared frozen shipment's doses go back to the batch.
 */
export function CancelForm({ shipment, onDone }: { shipment: Shipment; onDone: () => void }) {
  const move = useMove(
    shipment,
    `The shipment for ${shipment.reservation.mare.name} was cancelled.`,
    onDone,
  );
  const { form, onSubmit, pending } = useRecordForm(cancelForm, {
    defaultValues: { cancelled_reason: '' },
    save: (values) => move.save(values, 'cancelled'),
    onSaved: move.onSaved,
  });
  return (
    <form aria-label="Cancel the shipment" className="mt-3" noValidate onSubmit={onSubmit}>
      <TextareaField
        form={form}
        name="cancelled_reason"
        label="Why"
        noun="Reason"
        hint={
          shipment.status === 'prepared' && shipment.type === 'frozen'
            ? 'Its doses go back to the batch.'
            : undefined
        }
        rows={3}
        required
      />
      <FormErrorSummary form={form} />
      <FormActions
        label="Cancel shipment"
        pending={pending}
        onCancel={onDone}
        cancelLabel="Keep it"
      />
    </form>
  );
}
