'use client';

import { useQuery } from '@tanstack/react-query';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  BREEDING_KINDS,
  breedingEventFields,
  SEMEN_KINDS,
} from '@/server/stud-breeding/breeding-event-schema';
import type { Shipment } from '@/server/stud-breeding/shipment-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { sentence } from '../horses/herd-ui';
import { HerdHorsePicker, StudPickerField } from '../horses/pickers';
import { StallionSelectField } from '../services/stallion-field';
import { useStud } from '../stud-context';

const f = breedingEventFields.shape;

/** The API's event fields as the form's boxes hold them: blanks left out, numbers as text. */
const eventForm = breedingEventFields.extend({
  reservation_id: blankAs(f.reservation_id),
  mare_id: blankAs(f.mare_id),
  stallion_id: blankAs(f.stallion_id),
  date: blankAs(f.date),
  semen: blankAs(f.semen),
  batch_id: blankAs(f.batch_id),
  shipment_id: blankAs(f.shipment_id),
  doses_used: numberText(f.doses_used),
  ovulation_on: blankAs(f.ovulation_on),
});

/** A shipment as a choice: "Frozen, 2 doses, delivered 27 Nov 2026". */
function shipmentText(s: Shipment) {
  const on = s.delivered_on ?? s.shipped_on;
  return sentence(`${s.type}, ${s.doses} doses, ${s.status}${on ? ` ${formatDate(on)}` : ''}`);
}

/** Reservations a mare may be bred under: confirmed (the first event starts it) or under way. */
const BREEDABLE = new Set(['confirmed', 'in_progress']);

/**
 * "Record breeding": under a reservation (its mare and stallion), or of the stud's own mare
 * and stallion. An insemination asks for the semen, and frozen semen used on site for the
 * batch whose doses it takes. The server checks the rest (422s beside the fields, a 409 for a
 * mare in foal or a batch short of doses).
 */
export function BreedingForm({
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
  const open = (reservations.data?.data ?? []).filter(
    (r) => BREEDABLE.has(r.status) || r.id === reservationId,
  );
  const reservationShipped = (id: string | null | undefined) =>
    open.find((r) => r.id === id)?.service.delivery === 'shipped';
  const { form, onSubmit, pending } = useRecordForm(eventForm, {
    defaultValues: {
      reservation_id: reservationId,
      mare_id: '',
      stallion_id: '',
      date: today,
      kind: 'insemination',
      semen: '',
      batch_id: '',
      shipment_id: '',
      doses_used: '',
      ovulation_on: '',
      performed_by: '',
      notes: '',
    },
    save: (values) => {
      const { mare_id, stallion_id, semen, batch_id, shipment_id, doses_used, ...rest } = values;
      const shipped = reservationShipped(values.reservation_id);
      return client.breedingEvents.create.mutate({
        studId,
        ...rest,
        ...(values.reservation_id ? {} : { mare_id, stallion_id }),
        ...(values.kind === 'insemination'
          ? {
              semen,
              doses_used,
              ...(shipped ? { shipment_id } : semen === 'frozen' ? { batch_id } : {}),
            }
          : {}),
      });
    },
    onSaved: async (_, { data }) => {
      // A breeding starts its reservation, opens a pregnancy with its tasks, may take doses.
      await refresh([
        trpc.breedingEvents.pathKey(),
        trpc.pregnancies.pathKey(),
        trpc.reservations.pathKey(),
        trpc.studTasks.pathKey(),
        trpc.semenBatches.pathKey(),
        trpc.studHorses.pathKey(),
      ]);
      toast('success', `${data.mare.name}'s breeding to ${data.stallion.name} was recorded.`);
      onDone();
    },
  });
  const chosen = open.find((r) => r.id === form.watch('reservation_id'));
  const kind = form.watch('kind');
  const semen = form.watch('semen');
  // Shipped semen is used by the mare's vet: its doses come from a shipment, not a batch.
  const shipped = reservationShipped(chosen?.id);
  const shipments = useQuery({
    ...trpc.shipments.list.queryOptions({ studId, reservation_id: chosen?.id ?? '' }),
    enabled: kind === 'insemination' && shipped,
  });
  const sent = (shipments.data?.data ?? []).filter(
    (s) => s.status === 'shipped' || s.status === 'delivered',
  );
  const stallionId = chosen?.stallion.id ?? String(form.watch('stallion_id') ?? '');
  const batches = useQuery({
    ...trpc.semenBatches.list.queryOptions({
      studId,
      ...(stallionId ? { stallion_id: stallionId } : {}),
      available: 'true',
    }),
    enabled: kind === 'insemination' && semen === 'frozen' && Boolean(stallionId),
  });

  return (
    <form aria-label="Record breeding" className="mt-3" noValidate onSubmit={onSubmit}>
      {may('reservations.view') && (
        <SelectInputField
          form={form}
          name="reservation_id"
          label="Reservation"
          hint={
            chosen
              ? `${chosen.mare.name} to ${chosen.stallion.name}, ${chosen.season} (${humanize(chosen.service.method, { midSentence: true })}, ${humanize(chosen.service.delivery, { midSentence: true })}).`
              : "None: the stud's own mare and stallion."
          }
          options={[
            { value: '', label: reservations.isPending ? 'Loading…' : 'None' },
            ...open.map((r) => ({
              value: r.id,
              label: `${r.mare.name} × ${r.stallion.name} (${r.season}, ${humanize(r.status, { midSentence: true })})`,
            })),
          ]}
        />
      )}
      {!chosen && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <StudPickerField form={form} name="mare_id" label="Mare" picker={HerdHorsePicker} />
          <StallionSelectField form={form} name="stallion_id" current={null} />
        </div>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="date" label="Date" type="date" max={today} required />
        <TextInputField
          form={form}
          name="ovulation_on"
          label="Ovulation on"
          noun="Ovulation date"
          hint="The pregnancy counts its days from it when given."
          type="date"
          max={today}
        />
        <SelectInputField
          form={form}
          name="kind"
          label="Kind"
          required
          options={BREEDING_KINDS.map((k) => ({ value: k, label: humanize(k) }))}
        />
        {kind === 'insemination' && (
          <SelectInputField
            form={form}
            name="semen"
            label="Semen"
            required
            options={[
              { value: '', label: 'Choose…' },
              ...SEMEN_KINDS.map((s) => ({ value: s, label: humanize(s) })),
            ]}
          />
        )}
        {kind === 'insemination' && shipped && (
          <SelectInputField
            form={form}
            name="shipment_id"
            label="Shipment"
            hint="The shipment whose semen was used (shipped or delivered)."
            options={[
              { value: '', label: shipments.isFetching ? 'Loading…' : 'Choose…' },
              ...sent.map((s) => ({ value: s.id, label: shipmentText(s) })),
            ]}
          />
        )}
        {kind === 'insemination' && !shipped && semen === 'frozen' && (
          <SelectInputField
            form={form}
            name="batch_id"
            label="Batch"
            hint="Frozen semen used on site: its doses leave the batch. None for shipped semen."
            options={[
              { value: '', label: batches.isFetching ? 'Loading…' : 'None' },
              ...(batches.data?.data ?? []).map((b) => ({
                value: b.id,
                label: `${formatDate(b.collected_on)} (${b.doses_available} doses left)`,
              })),
            ]}
          />
        )}
        {kind === 'insemination' && (
          <TextInputField
            form={form}
            name="doses_used"
            label="Doses used"
            hint="1 unless given."
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
          />
        )}
        <TextInputField
          form={form}
          name="performed_by"
          label="Performed by"
          noun="Name of who bred her"
          hint="The vet or hand who bred her."
          autoComplete="off"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Record breeding" pending={pending} onCancel={onDone} />
    </form>
  );
}
