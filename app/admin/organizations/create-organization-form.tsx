'use client';

import { useMutation } from '@tanstack/react-query';
import { createOrganizationInput, ORGANIZATION_TYPES } from '@/server/admin/organization-schema';
import {
  applyServerErrors,
  blankAs,
  cardClass,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useErrorToast,
  useToast,
  useZodForm,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { wordOptions } from '@/app/components/ui';
import { useInvalidateOrganizations } from './use-invalidate-organizations';

const { timezone, currency, owner_email } = createOrganizationInput.shape;
const createForm = createOrganizationInput.extend({
  timezone: blankAs(timezone),
  currency: blankAs(currency),
  owner_email: blankAs(owner_email),
});

/** A new school or stud, with its first owner invited by e-mail. */
export function CreateOrganizationForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const invalidate = useInvalidateOrganizations();
  const form = useZodForm(createForm, {
    defaultValues: { name: '', type: 'school', timezone: '', currency: '', owner_email: '' },
  });
  const create = useMutation(
    trpc.admin.organizations.create.mutationOptions({
      onSuccess: async (result) => {
        await invalidate();
        toast('success', `${result.data.name} was created.`);
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        showError(error);
      },
    }),
  );
  return (
    <form
      className={cardClass}
      aria-label="New organization"
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <SelectInputField
          form={form}
          name="type"
          label="Type"
          options={wordOptions(ORGANIZATION_TYPES)}
        />
        <TextInputField
          form={form}
          name="timezone"
          label="Time zone"
          hint="e.g. Europe/Madrid; the platform's by default."
        />
        <TextInputField
          form={form}
          name="currency"
          label="Currency"
          hint="3-letter code, e.g. EUR; USD by default."
          maxLength={3}
        />
        <TextInputField
          form={form}
          name="owner_email"
          label="Owner's e-mail"
          type="email"
          hint="Invited as the first owner."
        />
      </div>
      <FormErrorSummary form={form} />
      <FormActions
        label="Create organization"
        pending={create.isPending}
        pendingLabel="Creating…"
        onCancel={onDone}
      />
    </form>
  );
}
