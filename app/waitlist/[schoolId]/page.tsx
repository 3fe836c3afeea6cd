'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';
import { CLASS_LEVELS, STUDENT_LEVELS } from '@/db/schema/school-values';
import { registrationFields, WAITLIST_RELATIONSHIPS } from '@/server/waitlist/entry-schema';
import {
  applyServerErrors,
  blankAs,
  Card,
  DAY_NAMES,
  errorMessage,
  FormActions,
  FormErrorSummary,
  QueryState,
  SelectInputField,
  TextareaField,
  TextInputField,
  useZodForm,
} from '../../components/ui';
import { wordOptions } from '@/app/components/ui';
import { ConsentField } from '../../sign/consent-field';
import { useTRPC } from '../../trpc';

const RELATIONSHIP_LABELS = {
  parent: 'Parent or guardian',
  self: 'The rider',
  other: 'Someone else',
};
const { rider, preferences } = registrationFields.shape;

// The form's boxes: blank optional fields left out, weekdays as checkboxes, consent a box.
const joinForm = registrationFields.extend({
  rider: rider.extend({
    birth_date: blankAs(rider.shape.birth_date, null),
    level: blankAs(rider.shape.level, null),
  }),
  preferences: preferences.unwrap().extend({
    class_id: blankAs(preferences.unwrap().shape.class_id, null),
    level: blankAs(preferences.unwrap().shape.level, null),
    time_from: blankAs(preferences.unwrap().shape.time_from, null),
    time_to: blankAs(preferences.unwrap().shape.time_to, null),
    days_of_week: z.array(z.coerce.number()).optional(),
  }),
});

/**
 * A school's public waiting list (DESIGN-MODULES A.4): anyone registers a rider's interest,
 * without an account; phone-first, every error beside its field, a confirmation with the
 * reference.
 */
export default function JoinWaitlistPage() {
  const { schoolId } = useParams<{ schoolId: string }>();
  const trpc = useTRPC();
  const school = useQuery({
    ...trpc.publicWaitlist.school.queryOptions({ schoolId }),
    retry: false,
  });
  const [reference, setReference] = useState<string | null>(null);
  const form = useZodForm(joinForm, {
    defaultValues: {
      registrant: { name: '', email: '', phone: '' },
      relationship: 'parent',
      rider: { first_name: '', last_name: '', birth_date: '', level: '' },
      preferences: {
        class_id: '',
        discipline: '',
        level: '',
        days_of_week: [],
        time_from: '',
        time_to: '',
      },
      message: '',
      consent: false as unknown as true,
    },
  });
  const register = useMutation(
    trpc.publicWaitlist.register.mutationOptions({
      onSuccess: (answer) => setReference(answer.data.reference),
      onError: (error) => applyServerErrors(form, error),
    }),
  );
  const s = school.data?.data;
  // A refusal of no field (the list closed meanwhile, too many tries) is said above the button.
  const refused = register.error && Object.keys(form.formState.errors).length === 0;
  return (
    <main className="mx-auto max-w-xl p-4">
      {!s && <QueryState what="the school" query={school} />}
      {s && (
        <>
          <h1>Join the waiting list of {s.name}</h1>
          {!s.waitlist_open && <p role="alert">The waiting list of {s.name} is closed for now.</p>}
          {reference && (
            <Card role="status">
              <p className="text-xl font-bold">You are on the waiting list.</p>
              <p>
                Your reference is <strong className="font-mono">{reference}</strong>. We sent a
                confirmation to your e-mail, with a link to withdraw at any time.
              </p>
            </Card>
          )}
          {s.waitlist_open && !reference && (
            <form
              noValidate
              onSubmit={form.handleSubmit((values) => register.mutate({ schoolId, ...values }))}
            >
              <fieldset>
                <legend className="font-bold">You</legend>
                <TextInputField
                  form={form}
                  name="registrant.name"
                  label="Your name"
                  required
                  autoComplete="name"
                />
                <TextInputField
                  form={form}
                  name="registrant.email"
                  label="E-mail"
                  type="email"
                  required
                  autoComplete="email"
                />
                <TextInputField
                  form={form}
                  name="registrant.phone"
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="tel"
                />
                <SelectInputField
                  form={form}
                  name="relationship"
                  label="You are"
                  noun="Relationship to the rider"
                  options={WAITLIST_RELATIONSHIPS.map((value) => ({
                    value,
                    label: RELATIONSHIP_LABELS[value],
                  }))}
                />
              </fieldset>
              <fieldset>
                <legend className="font-bold">The rider</legend>
                <TextInputField form={form} name="rider.first_name" label="First name" required />
                <TextInputField form={form} name="rider.last_name" label="Last name" required />
                <TextInputField
                  form={form}
                  name="rider.birth_date"
                  label="Birth date (optional)"
                  type="date"
                />
                <SelectInputField
                  form={form}
                  name="rider.level"
                  label="Riding level (optional)"
                  options={[{ value: '', label: 'Not sure' }, ...wordOptions(STUDENT_LEVELS)]}
                />
              </fieldset>
              <fieldset>
                <legend className="font-bold">Preferences (optional)</legend>
                <SelectInputField
                  form={form}
                  name="preferences.class_id"
                  label="Class"
                  options={[
                    { value: '', label: 'Any class' },
                    ...s.classes.map((c) => ({ value: c.id, label: c.name })),
                  ]}
                />
                <SelectInputField
                  form={form}
                  name="preferences.level"
                  label="Class level"
                  options={[{ value: '', label: 'Any level' }, ...wordOptions(CLASS_LEVELS)]}
                />
                <fieldset className="my-2">
                  <legend>Days that suit you</legend>
                  <div className="flex flex-wrap gap-3">
                    {DAY_NAMES.map((day, index) => (
                      <label key={day} className="flex items-center gap-1 font-normal">
                        <input
                          type="checkbox"
                          value={index}
                          {...form.register('preferences.days_of_week')}
                        />
                        {day}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="grid grid-cols-2 gap-x-4">
                  <TextInputField
                    form={form}
                    name="preferences.time_from"
                    label="From"
                    noun="Earliest time"
                    type="time"
                  />
                  <TextInputField
                    form={form}
                    name="preferences.time_to"
                    label="To"
                    noun="Latest time"
                    type="time"
                  />
                </div>
              </fieldset>
              <TextareaField form={form} name="message" label="Message (optional)" rows={3} />
              <ConsentField
                form={form}
                name="consent"
                text={`I agree that ${s.name} keeps these details to contact me about a place, and deletes them when I withdraw.`}
              />
              <FormErrorSummary form={form} />
              {refused && (
                <p className="text-destructive" role="alert">
                  {errorMessage(register.error)}
                </p>
              )}
              <FormActions
                label="Join the waiting list"
                pending={register.isPending}
                pendingLabel="Sending…"
              />
            </form>
          )}
        </>
      )}
    </main>
  );
}
