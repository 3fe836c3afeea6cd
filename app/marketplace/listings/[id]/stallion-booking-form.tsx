'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { fieldMessage } from '@/server/kernel/validation';
import type { Listing } from '@/server/marketplace/listing-schema';
import {
  bookingMareInput,
  bookingServiceName,
  stallionBookingInput,
  type StallionBooking,
  type StallionBookingFields,
} from '@/server/marketplace/stallion-booking-schema';
import {
  applyServerErrors,
  blankAs,
  Button,
  errorMessage,
  fieldErrorsOf,
  FormActions,
  FormField,
  money,
  numberText,
  TextareaField,
  TextInputField,
  useZodForm,
  type ComboboxOption,
  type FormOf,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { useTRPC } from '../../../trpc';

/*
 * A mare owner's booking request through a stallion's listing (DESIGN-MODULES C.9): the mare,
 * a horse of the platform or described, and a message; the stud confirms or rejects it. A
 * refused field is said beside it, any other refusal (the mare already booked this season,
 * too many requests, the listing gone) above the buttons.
 */

type Offer = Listing['services'][number];

const MODES = ['describe', 'platform'] as const;
const MODE_LABELS: Record<(typeof MODES)[number], string> = {
  describe: 'Describe her',
  platform: 'A horse of the platform',
};

const mare = bookingMareInput.shape;

/** The request's fields as the form holds them: a picked horse, or the description's boxes. */
const bookingForm = z
  .object({
    mode: z.enum(MODES),
    horse: z.custom<ComboboxOption | null>(),
    mare: z.object({
      name: blankAs(mare.name),
      breed: mare.breed,
      birth_year: numberText(mare.birth_year),
      ueln: mare.ueln,
    }),
    message: stallionBookingInput.shape.message,
  })
  .superRefine((values, ctx) => {
    if (values.mode === 'platform' && !values.horse)
      ctx.addIssue({ code: 'custom', path: ['horse'], message: 'Choose your mare.' });
    if (values.mode === 'describe' && !values.mare.name)
      ctx.addIssue({
        code: 'custom',
        path: ['mare', 'name'],
        message: fieldMessage('field is required.'),
      });
  });
type BookingFormValues = z.input<typeof bookingForm>;
type BookingFormOutput = z.output<typeof bookingForm>;
type Form = FormOf<BookingFormValues>;

/** The fields the form shows, by the API's names; any other refusal is worded above. */
const SHOWN = ['mare.name', 'mare.breed', 'mare.birth_year', 'mare.ueln', 'message'];
const serverField = (path: string) => (path === 'mare.horse_identity_id' ? 'horse' : path);

function toBody(values: BookingFormOutput): Omit<StallionBookingFields, 'id' | 'service_id'> {
  const { mode, horse, mare: described, message } = values;
  return {
    mare: mode === 'platform' ? { horse_identity_id: horse!.value } : described,
    message,
  };
}

/** Words for a refusal that is not about a field of the form. */
function refusal(error: unknown): string {
  switch ((error as { data?: { code?: string } } | null)?.data?.code) {
    case 'TOO_MANY_REQUESTS':
      return `You have sent too many booking requests in the last hour. ${errorMessage(error)}`;
    case 'CONFLICT':
      return `The stud cannot take this request. ${errorMessage(error)}`;
    case 'NOT_FOUND':
      return 'This listing no longer takes bookings.';
    default:
      return errorMessage(error);
  }
}

/** The mare, described or picked, as two toggle buttons (radios) and the fields they show. */
function MareFields({ form }: { form: Form }) {
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <fieldset className="mb-2 min-w-0 border-0 p-0">
      <legend className="mb-1 font-semibold">Your mare</legend>
      <div className="mb-3 flex flex-wrap gap-1">
        {MODES.map((value) => (
          <label key={value} className="mb-0 font-normal">
            <input type="radio" className="peer sr-only" value={value} {...form.register('mode')} />
            <span className="inline-block cursor-pointer rounded-md border border-border bg-card px-3 py-2 peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring">
              {MODE_LABELS[value]}
            </span>
          </label>
        ))}
      </div>
      {mode === 'platform' ? (
        <FormField
          form={form}
          name="horse"
          label="Mare"
          hint="Search by name (3 letters or more), UELN or microchip"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="horse"
              render={({ field }) => (
                <IdentityPicker
                  id={control.id}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  invalid={control['aria-invalid']}
                  describedBy={control['aria-describedby']}
                />
              )}
            />
          )}
        </FormField>
      ) : (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextInputField form={form} name="mare.name" label="Name" required />
          <TextInputField form={form} name="mare.breed" label="Breed (optional)" />
          <TextInputField
            form={form}
            name="mare.birth_year"
            label="Year of birth"
            inputMode="numeric"
            hint="Needed unless the stud already knows her"
          />
          <TextInputField
            form={form}
            name="mare.ueln"
            label="UELN (optional)"
            hint="Her 15-character life number"
          />
        </div>
      )}
    </fieldset>
  );
}

/** What was asked, once the stud has it. */
function Requested({ booking, onClose }: { booking: StallionBooking; onClose: () => void }) {
  const { terms } = booking;
  return (
    <div role="status" className="mt-3">
      <p className="mt-0">
        Your request to book <strong>{booking.mare.name}</strong> to {booking.service.name} was sent
        to {booking.stud.name}.
      </p>
      <p>
        Stud fee {money(terms.stud_fee, terms.currency)}
        {terms.booking_fee > 0 &&
          `, of which ${money(terms.booking_fee, terms.currency)} on booking`}
        . {booking.stud.name} will confirm or reject it, and has your e-mail address to answer you.
      </p>
      <Button onClick={onClose}>Done</Button>
    </div>
  );
}

/** The booking request for one service of a stallion's listing. */
export function StallionBookingForm({
  listing,
  service,
  onClose,
}: {
  listing: Pick<Listing, 'id' | 'title'>;
  service: Offer;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const form = useZodForm(bookingForm, {
    defaultValues: {
      mode: 'describe',
      horse: null,
      mare: { name: '', breed: '', birth_year: '', ueln: '' },
      message: '',
    } as BookingFormValues,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const request = useMutation(
    trpc.stallionBooking.request.mutationOptions({
      onMutate: () => setFailure(null),
      onError: (error) => {
        applyServerErrors(form, error, serverField);
        const fields = Object.keys(fieldErrorsOf(error)).map(serverField);
        if (!fields.length || !fields.every((field) => [...SHOWN, 'horse'].includes(field)))
          setFailure(refusal(error));
      },
    }),
  );
  if (request.data) return <Requested booking={request.data.data} onClose={onClose} />;
  const offer = bookingServiceName({ ...service, stallion: service.stallion.name });
  return (
    <form
      noValidate
      className="mt-3"
      onSubmit={form.handleSubmit((values) =>
        request.mutate({ id: listing.id, service_id: service.id, ...toBody(values) }),
      )}
    >
      <p className="mt-0 text-muted-foreground">
        {offer}, through “{listing.title}”. The stud gets your name, your e-mail address and your
        mare, and confirms or rejects the booking.
      </p>
      <MareFields form={form} />
      <TextareaField form={form} name="message" label="Message (optional)" rows={4} />
      {failure && (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      )}
      <FormActions
        label="Send request"
        pendingLabel="Sending…"
        pending={request.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
