'use client';

import { useQuery } from '@tanstack/react-query';
import { reservationFields } from '@/server/stud-breeding/reservation-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  humanize,
  SelectInputField,
  TextareaField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { CheckboxField } from '../horses/herd-ui';
import { ClientPicker, StudPickerField } from '../horses/pickers';
import { serviceName } from '../services/service-terms';
import { useStud } from '../stud-context';
import { pairing } from './reservation-ui';

const { shape } = reservationFields;

/**
 * The API's reservation fields as the form's boxes hold them: a blank client is left out, so
 * that the mare's owner is the client. Returns and the request's source are not booked here.
 */
const reservationForm = reservationFields.omit({ return_of_id: true, source: true }).extend({
  service_id: blankAs(shape.service_id),
  mare_id: blankAs(shape.mare_id),
  client_id: blankAs(shape.client_id),
});

/**
 * A new reservation: an active service (of `season` first), a mare of the herd, her owner or
 * another client, confirmed at once or not. The server's 422s land beside their fields, its
 * 409s (the mare already booked, the book full) in a toast.
 */
export function ReservationForm({ season, onDone }: { season: string; onDone: () => void }) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const services = useQuery(trpc.studServices.list.queryOptions({ studId, active: 'true' }));
  const mares = useQuery(trpc.studHorses.list.queryOptions({ studId, role: 'mare' }));
  const offered = [...(services.data?.data ?? [])].sort(
    (a, b) => Number(b.season === season) - Number(a.season === season),
  );
  const { form, onSubmit, pending } = useRecordForm(reservationForm, {
    defaultValues: { service_id: '', mare_id: '', client_id: '', confirm: false, notes: '' },
    save: (values) => client.reservations.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh([trpc.reservations.pathKey(), trpc.stallions.pathKey()]);
      toast(
        'success',
        `${pairing(data)} (${data.season}) was ${humanize(data.status, { midSentence: true })}.`,
      );
      onDone();
    },
  });
  const loading = (query: { isPending: boolean }) => (query.isPending ? 'Loading…' : 'Choose…');
  return (
    <form aria-label="New reservation" className="mt-3" noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="service_id"
        label="Service"
        required
        hint={
          services.data && offered.length === 0
            ? 'No active service: offer one on the Services page first.'
            : 'Its stallion, season, fees and terms are the reservation’s.'
        }
        options={[
          { value: '', label: loading(services) },
          ...offered.map((s) => ({
            value: s.id,
            label: `${s.stallion.name}: ${serviceName(s).toLowerCase()} (${s.season})`,
          })),
        ]}
      />
      <SelectInputField
        form={form}
        name="mare_id"
        label="Mare"
        required
        options={[
          { value: '', label: loading(mares) },
          ...(mares.data?.data ?? []).map((m) => ({
            value: m.id,
            label: m.owner_client ? `${m.name} (${m.owner_client.display_name})` : m.name,
          })),
        ]}
      />
      <StudPickerField
        form={form}
        name="client_id"
        label="Client"
        hint="Empty: the mare’s owner (none for the stud’s own mare)."
        picker={ClientPicker}
      />
      <CheckboxField
        form={form}
        name="confirm"
        label="Confirm now"
        hint="Books the stallion at once, while his book for the season has room."
      />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Add reservation" pending={pending} onCancel={onDone} />
    </form>
  );
}
