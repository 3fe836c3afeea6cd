'use client';

import { useQueryClient } from '@tanstack/react-query';
import { organizationProfileInput } from '@/server/organizations/schema';
import {
  Card,
  FormActions,
  FormErrorSummary,
  TextInputField,
  useRecordForm,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';

/** The stud's own settings (name, time zone, currency), for its owners and managers. */
export default function StudSettingsPage() {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(organizationProfileInput, {
    defaultValues: { name: stud.name, timezone: stud.timezone, currency: stud.currency },
    save: (values) => client.studs.update.mutate({ studId, ...values }),
    onSaved: async (_, result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.studs.pathKey() });
      toast('success', `${result.data.name} was saved.`);
    },
  });
  if (!may('profile.edit')) return <NotAllowed />;
  return (
    <>
      <h1>Settings</h1>
      <Card aria-labelledby="stud-settings">
        <h2 id="stud-settings">The stud</h2>
        <form aria-label="Stud settings" noValidate onSubmit={onSubmit}>
          <div className="grid gap-x-4 sm:grid-cols-3">
            <TextInputField form={form} name="name" label="Name" required />
            <TextInputField
              form={form}
              name="timezone"
              label="Time zone"
              hint="An IANA name such as Europe/Madrid."
            />
            <TextInputField
              form={form}
              name="currency"
              label="Currency"
              hint="ISO 4217, e.g. EUR."
            />
          </div>
          <FormErrorSummary form={form} />
          <FormActions label="Save settings" pending={pending} />
        </form>
      </Card>
    </>
  );
}
