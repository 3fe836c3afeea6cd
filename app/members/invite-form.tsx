'use client';

import { useQueryClient } from '@tanstack/react-query';
import { memberSchemasFor } from '@/server/organizations/member-schema';
import {
  cardClass,
  FormActions,
  FormErrorSummary,
  humanize,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../components/ui';
import type { MembersApi } from './members-api';

/** Inviting someone by e-mail with a role; they join when they next sign in. */
export function InviteForm({ api }: { api: MembersApi }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(memberSchemasFor(api.roles).input, {
    defaultValues: { email: '', role: 'viewer' },
    save: api.invite,
    onSaved: async (_, result) => {
      await queryClient.invalidateQueries({ queryKey: api.queryKey });
      toast('success', `${result.data.email} was invited.`);
      form.reset({ ...form.getValues(), email: '' });
    },
  });
  return (
    <form className={cardClass} aria-label="Invite a member" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="email" label="E-mail" type="email" required />
        <SelectInputField
          form={form}
          name="role"
          label="Role"
          options={api.roles.map((role) => ({ value: role, label: humanize(role) }))}
        />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Invite" pending={pending} pendingLabel="Inviting…" />
    </form>
  );
}
