'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { redeemFields } from '@/server/admin/access-code-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  TextInputField,
  useRecordForm,
  useToast,
} from '../components/ui';
import { useTRPC, useTRPCClient } from '../trpc';

const { name, timezone, currency } = redeemFields.shape.organization.shape;

// The organization's fields flat, so that messages name "name", not "organization.name".
const redeemForm = z.object({
  code: redeemFields.shape.code.trim().min(1),
  name,
  timezone: blankAs(timezone),
  currency: blankAs(currency),
});

/** The code and the new organization's profile; on success, off to the organization's page. */
export function RedeemForm() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(redeemForm, {
    defaultValues: { code: '', name: '', timezone: '', currency: '' },
    save: ({ code, ...organization }) => client.accessCodes.redeem.mutate({ code, organization }),
    renamePath: (path) => path.replace(/^organization\./, ''),
    onSaved: async (_values, { message, data: { organization } }) => {
      // The home page and the organization's frame list the user's organizations.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.schools.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.studs.pathKey() }),
      ]);
      toast('success', message);
      router.push(`/${organization.type === 'stud' ? 'studs' : 'schools'}/${organization.id}`);
    },
  });
  return (
    <form aria-label="Redeem an access code" noValidate onSubmit={onSubmit}>
      <TextInputField
        form={form}
        name="code"
        label="Access code"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="max-w-sm"
        hint="12 letters and digits, e.g. ABCD-EFGH-JKMN; dashes and case do not matter."
      />
      <TextInputField form={form} name="name" label="Organization name" required />
      <div className="grid gap-x-4 sm:grid-cols-2">
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
          maxLength={3}
          hint="3-letter code, e.g. EUR; USD by default."
        />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Redeem code" pending={pending} pendingLabel="Redeeming…" />
    </form>
  );
}
