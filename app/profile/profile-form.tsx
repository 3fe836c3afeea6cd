'use client';

import { useQueryClient } from '@tanstack/react-query';
import { profileInput, type Profile } from '@/server/notifications/notification-schema';
import {
  FormActions,
  FormErrorSummary,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../components/ui';
import { useTRPC, useTRPCClient } from '../trpc';

/** Name, phone, picture and a few words; the e-mail is the identity provider's. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(profileInput, {
    defaultValues: {
      display_name: profile.display_name,
      phone: profile.phone ?? '',
      avatar: profile.avatar ?? '',
      bio: profile.bio ?? '',
    },
    save: (values) => client.profile.update.mutate(values),
    onSaved: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() }),
      ]);
      toast('success', 'Your profile was saved.');
    },
  });
  return (
    <form aria-label="Profile" noValidate onSubmit={onSubmit}>
      <p className="text-muted-foreground">
        E-mail: <strong>{profile.email ?? '—'}</strong> (from your sign-in provider)
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="display_name" label="Name" required />
        <TextInputField form={form} name="phone" label="Phone" type="tel" />
        <TextInputField
          form={form}
          name="avatar"
          label="Picture (https address)"
          type="url"
          hint="Leave empty for none."
        />
      </div>
      <TextareaField form={form} name="bio" label="About you" />
      <FormErrorSummary form={form} />
      <FormActions label="Save profile" pending={pending} />
    </form>
  );
}
