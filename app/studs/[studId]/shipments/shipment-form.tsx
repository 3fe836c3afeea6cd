'use client';

import { useQuery } from '@tanstack/react-query';
import { todayIn } from '@/server/kernel/fields/calendar';
import { shipmentFields } from '@/server/stud-breeding/shipment-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  formatDate,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStud } from '../stud-context';

const f = shipmentFields.shape;
const d = f.destination.shape;

/** The API's shipment fields as the form's boxes hold them; the type follows the service. */
const shipmentForm = shipmentFields.omit({ type: true }).extend({
  reservation_id: blankAs(f.reservation_id),
  batch_id: blankAs(f.batch_id),
  doses: numberText(f.doses),
  collected_on: blankAs(f.collected_on),
  requested_for: blankAs(f.requested_for),
  container_return_due: blankAs(f.container_return_due),
  destination: f.destination.extend({ name: blankAs(d.name) }),
});

/** Reservations semen may be sent for: confirmed (the first shipment starts it) or under way. */
const SHIPPABLE = new Set(['confirmed', 'in_progress', 'pregnant']);

/**
 * "New shipment" for a reservation of a shipped service (`reservationId` to begin with): the
 * type follows its method (frozen semen from a batch of its stallion, or chilled semen with its
 * collection day), the doses (the terms' included by default) and where it goes. The server
 * checks the rest (422s beside the fields, a 409 for a reservation that is closed).
 */
export function ShipmentForm({
  reservationId = '',
  onDone,
}: {
  reservationId?: string;
  onDone: () => void;
}) {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const today = todayIn(stud.timezone);
  const reservations = useQuery({
    ...trpc.reservations.list.queryOptions({ studId, per_page: 100 }),
    enabled: may('reservations.view'),
  });
  const shippable = (reservations.data?.data ?? []).filter(
    (r) => r.service.delivery === 'shipped' && (SHIPPABLE.has(r.status) || r.id === reservationId),
  );
  const { form, onSubmit, pending } = useRecordForm(shipmentForm, {
    defaultValues: {
      reservation_id: reservationId,
      batch_id: '',
      doses: '',
      collected_on: '',
      requested_for: '',
      carrier: '',
      tracking_number: '',
      destination: { name: '', street: '', city: '', state: '', country: '', phone: '' },
      container_ref: '',
      container_return_due: '',
      notes: '',
    },
    save: (values) => {
      const { batch_id, collected_on, ...rest } = values;
      const of = shippable.find((r) => r.id === values.reservation_id);
      const frozen = of?.service.method === 'frozen_semen';
      return client.shipments.create.mutate({
        studId,
        ...rest,
        type: frozen ? 'frozen' : 'chilled',
        ...(frozen ? { batch_id } : { collected_on }),
      });
    },
    onSaved: async (_, { data }) => {
      // A shipment starts its reservation.
      await refresh([
        trpc.shipments.pathKey(),
        trpc.semenBatches.pathKey(),
        trpc.reservations.pathKey(),
      ]);
      toast('success', `A shipment for ${data.reservation.mare.name} was requested.`);
      onDone();
    },
  });
  const chosen = shippable.find((r) => r.id === form.watch('reservation_id'));
  const frozen = chosen?.service.method === 'frozen_semen';
  const batches = useQuery({
    ...trpc.semenBatches.list.queryOptions({
      studId,
      ...(chosen ? { stallion_id: chosen.stallion.id } : {}),
      available: 'true',
    }),
    enabled: frozen,
  });

  return (
    <form aria-label="New shipment" className="mt-3" noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="reservation_id"
        label="Reservation"
        hint={
          chosen
            ? `${chosen.mare.name} to ${chosen.stallion.name}, ${chosen.season}: ${frozen ? 'frozen' : 'chilled'} semen.`
            : 'A reservation of a shipped service.'
        }
        required
        options={[
          {
            value: '',
            label: reservations.isPending
              ? 'Loading…'
              : shippable.length === 0
                ? 'No reservation of a shipped service'
                : 'Choose a reservation',
          },
          ...shippable.map((r) => ({
            value: r.id,
            label: `${r.mare.name} × ${r.stallion.name} (${r.season})`,
          })),
        ]}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {frozen ? (
          <SelectInputField
            form={form}
            name="batch_id"
            label="Batch"
            hint="Its doses leave the batch when the shipment is prepared."
            required
            options={[
              { value: '', label: batches.isPending ? 'Loading…' : 'Choose a batch' },
              ...(batches.data?.data ?? []).map((b) => ({
                value: b.id,
                label: `${formatDate(b.collected_on)} (${b.doses_available} left)`,
              })),
            ]}
          />
        ) : (
          <TextInputField
            form={form}
            name="collected_on"
            label="Collected on"
            noun="Collection date"
            type="date"
            max={today}
          />
        )}
        <TextInputField
          form={form}
          name="doses"
          label="Doses"
          hint="The reservation's doses included when left empty."
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
        />
        <TextInputField
          form={form}
          name="requested_for"
          label="Wanted on"
          noun="Date wanted"
          type="date"
        />
        <TextInputField form={form} name="carrier" label="Carrier" autoComplete="off" />
      </div>
      <fieldset className="mb-3 min-w-0 border-0 p-0">
        <legend className="mb-2 font-semibold">Destination</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextInputField
            form={form}
            name="destination.name"
            label="Name"
            hint="The mare's yard or her vet."
            required
          />
          <TextInputField
            form={form}
            name="destination.phone"
            label="Phone"
            type="tel"
            autoComplete="off"
          />
          <TextInputField form={form} name="destination.street" label="Street" />
          <TextInputField form={form} name="destination.city" label="City" />
          <TextInputField form={form} name="destination.state" label="State or province" />
          <TextInputField form={form} name="destination.country" label="Country" />
        </div>
      </fieldset>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="container_ref"
          label="Container"
          hint="The dry shipper or box to come back."
          autoComplete="off"
        />
        <TextInputField
          form={form}
          name="container_return_due"
          label="Container back by"
          noun="Container return date"
          type="date"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Request shipment" pending={pending} onCancel={onDone} />
    </form>
  );
}
