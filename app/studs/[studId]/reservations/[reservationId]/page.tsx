'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useState } from 'react';
import {
  CLOSE_OUTCOMES,
  closeFields,
  reasonFields,
  reservationUpdateFields,
  type ReservationDetail,
} from '@/server/stud-breeding/reservation-schema';
import {
  blankAs,
  Button,
  buttonVariants,
  Card,
  CardTitle,
  DetailList,
  Dialog,
  FormActions,
  FormErrorSummary,
  formatDate,
  formatDateTime,
  humanize,
  QueryState,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
  useWriteOutcome,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { ClientPicker, StudPickerField } from '../../horses/pickers';
import { OwedCard } from '../../finance/owed-card';
import { NotAllowed, useStud } from '../../stud-context';
import { pairing, StatusBadge, termRows } from '../reservation-ui';

type Action = 'reject' | 'cancel' | 'close' | 'edit';

/** While the mare is booked and not yet closed, she may be bred or sent semen. */
const BREEDABLE = ['confirmed', 'in_progress', 'pregnant'];

/**
 * A reservation: its state with the actions it allows (confirm, reject or cancel with a
 * reason, close with an outcome), its terms as booked, what happened (the timeline), and the
 * ways to record its breeding and shipments.
 */
export default function ReservationPage() {
  const { reservationId } = useParams<{ reservationId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const [action, setAction] = useState<Action | null>(null);
  const reservation = useQuery({
    ...trpc.reservations.get.queryOptions({ studId, reservationId }),
    enabled: may('reservations.view'),
  });
  const confirm = useMutation(
    trpc.reservations.confirm.mutationOptions({
      onSuccess: onSuccess(
        [trpc.reservations.pathKey(), trpc.stallions.pathKey()],
        'The reservation was confirmed.',
      ),
      onError,
    }),
  );
  if (!may('reservations.view')) return <NotAllowed />;
  if (!reservation.data) return <QueryState what="the reservation" query={reservation} />;
  const r = reservation.data.data;
  const edit = may('reservations.edit');
  const close = () => setAction(null);
  const breedable = BREEDABLE.includes(r.status) && may('breeding.create');

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/reservations`}>← Season</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 break-words">{pairing(r)}</h1>
          <p className="m-0 flex flex-wrap items-center gap-2 text-muted-foreground">
            <StatusBadge status={r.status} />
            <span>Season {r.season}</span>
            {r.outcome && <span>{humanize(r.outcome)}</span>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {edit && r.status === 'requested' && (
            <Button
              size="sm"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate({ studId, reservationId: r.id })}
            >
              Confirm
            </Button>
          )}
          {edit && r.status === 'requested' && (
            <Button size="sm" variant="destructive" onClick={() => setAction('reject')}>
              Reject
            </Button>
          )}
          {edit && (r.status === 'requested' || r.status === 'confirmed') && (
            <Button size="sm" variant="destructive" onClick={() => setAction('cancel')}>
              Cancel reservation
            </Button>
          )}
          {edit && (r.status === 'in_progress' || r.status === 'pregnant') && (
            <Button size="sm" variant="outline" onClick={() => setAction('close')}>
              Close as failed
            </Button>
          )}
          {edit && (
            <Button size="sm" variant="outline" onClick={() => setAction('edit')}>
              Edit
            </Button>
          )}
        </div>
      </div>
      {breedable && (
        <p className="mt-3 flex flex-wrap gap-2">
          <Link
            className={buttonVariants({ size: 'sm', variant: 'outline' })}
            href={`/studs/${studId}/breeding?reservation=${r.id}`}
          >
            Record breeding
          </Link>
          {r.terms.delivery === 'shipped' && (
            <Link
              className={buttonVariants({ size: 'sm', variant: 'outline' })}
              href={`/studs/${studId}/shipments?reservation=${r.id}`}
            >
              New shipment
            </Link>
          )}
        </p>
      )}
      <div className="mt-3 grid gap-x-3 lg:grid-cols-2">
        <Card aria-labelledby="reservation-details">
          <CardTitle id="reservation-details">Booking</CardTitle>
          <DetailList className="break-words">
            <dt>Client</dt>
            <dd>{r.client?.display_name ?? 'None: the stud’s own mare'}</dd>
            <dt>Requested</dt>
            <dd>{r.source === 'owner_request' ? 'By the owner' : 'By the stud'}</dd>
            {r.return_of_id && (
              <>
                <dt>Return of</dt>
                <dd>
                  <Link href={`/studs/${studId}/reservations/${r.return_of_id}`}>
                    A failed reservation
                  </Link>
                </dd>
              </>
            )}
            {r.return_privilege && (
              <>
                <dt>Return</dt>
                <dd>The guarantee grants a return: book one with this reservation.</dd>
              </>
            )}
            {r.reason && (
              <>
                <dt>Reason</dt>
                <dd>{r.reason}</dd>
              </>
            )}
            <dt>Notes</dt>
            <dd className="whitespace-pre-line">{r.notes ?? '—'}</dd>
          </DetailList>
        </Card>
        <Card aria-labelledby="reservation-terms">
          <CardTitle id="reservation-terms">Terms</CardTitle>
          <DetailList className="break-words">
            {termRows(r.terms, stud.currency).map(([term, value]) => (
              <div key={term} className="contents">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </DetailList>
        </Card>
      </div>
      {r.client && <OwedCard filter={{ reservation_id: r.id }} whose="this reservation" />}
      <Timeline reservation={r} />
      <Dialog
        title={
          action === 'reject'
            ? 'Reject the reservation'
            : action === 'cancel'
              ? 'Cancel the reservation'
              : action === 'close'
                ? 'Close the reservation as failed'
                : 'Edit the reservation'
        }
        open={action !== null}
        onClose={close}
        className="w-[min(36rem,95vw)]"
      >
        {(action === 'reject' || action === 'cancel') && (
          <ReasonForm reservation={r} action={action} onDone={close} />
        )}
        {action === 'close' && <CloseForm reservation={r} onDone={close} />}
        {action === 'edit' && <EditForm reservation={r} onDone={close} />}
      </Dialog>
    </>
  );
}

/** What happened, oldest first: a day, or a moment in the stud's time zone. */
function Timeline({ reservation }: { reservation: ReservationDetail }) {
  const { stud } = useStud();
  const when = (at: string) =>
    at.length === 10 ? formatDate(at) : formatDateTime(at, stud.timezone);
  return (
    <Card aria-labelledby="reservation-timeline">
      <CardTitle id="reservation-timeline">Timeline</CardTitle>
      <ol className="m-0 grid list-none gap-2 p-0">
        {reservation.timeline.map((entry) => (
          <li
            key={`${entry.kind}-${entry.record_id}-${entry.at}`}
            className="grid gap-x-3 sm:grid-cols-[11rem_1fr]"
          >
            <span className="text-muted-foreground">{when(entry.at)}</span>
            <span className="break-words">{entry.label}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The refresh after an action: the reservation, the board and the stallions' books. */
function useReservationSaved(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const toast = useToast();
  return async (message: string) => {
    await refresh([trpc.reservations.pathKey(), trpc.stallions.pathKey()]);
    toast('success', message);
    onDone();
  };
}

function ReasonForm({
  reservation,
  action,
  onDone,
}: {
  reservation: ReservationDetail;
  action: 'reject' | 'cancel';
  onDone: () => void;
}) {
  const { studId } = useStud();
  const client = useTRPCClient();
  const saved = useReservationSaved(onDone);
  const { form, onSubmit, pending } = useRecordForm(reasonFields, {
    defaultValues: { reason: '' },
    save: (values) =>
      client.reservations[action].mutate({ studId, reservationId: reservation.id, ...values }),
    onSaved: () => saved(`The reservation was ${action === 'reject' ? 'rejected' : 'cancelled'}.`),
  });
  return (
    <form
      aria-label={action === 'reject' ? 'Reject the reservation' : 'Cancel the reservation'}
      noValidate
      onSubmit={onSubmit}
    >
      <TextInputField form={form} name="reason" label="Reason" required autoComplete="off" />
      <FormErrorSummary form={form} />
      <FormActions
        label={action === 'reject' ? 'Reject' : 'Cancel reservation'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}

function CloseForm({
  reservation,
  onDone,
}: {
  reservation: ReservationDetail;
  onDone: () => void;
}) {
  const { studId } = useStud();
  const client = useTRPCClient();
  const saved = useReservationSaved(onDone);
  const { form, onSubmit, pending } = useRecordForm(closeFields, {
    defaultValues: { outcome: 'no_pregnancy' },
    save: (values) =>
      client.reservations.close.mutate({ studId, reservationId: reservation.id, ...values }),
    onSaved: (_, { data }) =>
      saved(
        data.return_privilege
          ? 'The reservation failed; its guarantee grants a return.'
          : 'The reservation failed.',
      ),
  });
  return (
    <form aria-label="Close the reservation" noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="outcome"
        label="Outcome"
        options={CLOSE_OUTCOMES.map((value) => ({ value, label: humanize(value) }))}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Close as failed" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** The notes, and the client while the reservation is requested or confirmed. */
const editForm = reservationUpdateFields.extend({
  client_id: blankAs(reservationUpdateFields.shape.client_id),
});

function EditForm({ reservation, onDone }: { reservation: ReservationDetail; onDone: () => void }) {
  const { studId, may } = useStud();
  const client = useTRPCClient();
  const saved = useReservationSaved(onDone);
  const clientEditable =
    (reservation.status === 'requested' || reservation.status === 'confirmed') &&
    may('clients.view');
  const { form, onSubmit, pending } = useRecordForm(editForm, {
    defaultValues: { client_id: reservation.client?.id ?? '', notes: reservation.notes ?? '' },
    save: (values) =>
      client.reservations.update.mutate({
        studId,
        reservationId: reservation.id,
        notes: values.notes,
        ...(clientEditable && values.client_id ? { client_id: values.client_id } : {}),
      }),
    onSaved: () => saved('The reservation was saved.'),
  });
  return (
    <form aria-label="Edit the reservation" noValidate onSubmit={onSubmit}>
      {clientEditable && (
        <StudPickerField
          form={form}
          name="client_id"
          label="Client"
          hint="Type part of a name or e-mail."
          picker={ClientPicker}
          initial={
            reservation.client
              ? { value: reservation.client.id, label: reservation.client.display_name }
              : null
          }
        />
      )}
      <TextareaField form={form} name="notes" label="Notes" rows={4} />
      <FormErrorSummary form={form} />
      <FormActions label="Save" pending={pending} onCancel={onDone} />
    </form>
  );
}
