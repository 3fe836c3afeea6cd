'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberInput, ROLES } from '@/server/schools/member-schema';
import {
  applyServerErrors,
  cardClass,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useErrorToast,
  useToast,
  useZodForm,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

/** Inviting someone by e-mail with a role; they join when they next sign in. */
export function InviteForm() {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const form = useZodForm(memberInput, { defaultValues: { email: '', role: 'viewer' } });
  const invite = useMutation(
    trpc.members.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
        toast('success', `${result.data.email} was invited.`);
        form.reset({ ...form.getValues(), email: '' });
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
      aria-label="Invite a member"
      noValidate
      onSubmit={form.handleSubmit((values) => invite.mutate({ schoolId, ...values }))}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="email" label="E-mail" type="email" required />
        <SelectInputField form={form} name="role" label="Role" options={ROLES} />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Invite" pending={invite.isPending} pendingLabel="Inviting…" />
    </form>
  );
}
