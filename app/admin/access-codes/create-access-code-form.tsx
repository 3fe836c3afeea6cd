'use client';

import { z } from 'zod';
import { accessCodeFields, type AccessCode } from '@/server/admin/access-code-schema';
import { ORGANIZATION_TYPES } from '@/server/admin/organization-schema';
import {
  blankAs,
  cardClass,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
} from '../../components/ui';
import { useTRPCClient } from '../../trpc';
import { wordOptions } from '@/app/components/ui';

export type IssuedCode = AccessCode & { code: string };

const { max_redemptions, expires_at } = accessCodeFields.shape;

/** The last moment of a day (`YYYY-MM-DD`) in the administrator's own time, as ISO. */
function endOfDay(day: unknown) {
  if (typeof day !== 'string' || day.trim() === '') return undefined;
  const moment = new Date(`${day}T23:59:59`);
  // An impossible date goes to the schema as typed, which refuses it.
  return Number.isNaN(moment.getTime()) ? day : moment.toISOString();
}

const createForm = accessCodeFields.extend({
  max_redemptions: numberText(max_redemptions),
  // A day picker: the code works until the end of that day.
  expires_at: z.preprocess(endOfDay, expires_at),
  note: blankAs(accessCodeFields.shape.note),
});

/** Issues a code: the answer carries the code itself, which `onIssued` shows this once. */
export function CreateAccessCodeForm({
  onIssued,
  onCancel,
}: {
  onIssued: (code: IssuedCode) => unknown;
  onCancel: () => void;
}) {
  const client = useTRPCClient();
  const { form, onSubmit, pending } = useRecordForm(createForm, {
    defaultValues: {
      organization_type: 'school',
      max_redemptions: '1',
      expires_at: '',
      auto_verify: false,
      note: '',
    },
    save: (values) => client.admin.accessCodes.create.mutate(values),
    onSaved: (_values, result) => onIssued(result.data),
  });
  return (
    <form className={cardClass} aria-label="New access code" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField
          form={form}
          name="organization_type"
          label="Creates a"
          noun="Organization type"
          options={wordOptions(ORGANIZATION_TYPES)}
          hint="The organization a redemption creates."
        />
        <TextInputField
          form={form}
          name="max_redemptions"
          label="Uses"
          inputMode="numeric"
          required
          hint="How many people may redeem it."
        />
        <TextInputField
          form={form}
          name="expires_at"
          label="Expires on"
          noun="Expiry date"
          type="date"
          hint="Optional: it works until the end of this day."
        />
        <div className="mb-4 flex items-center gap-2 sm:mt-8">
          <input
            id="access-code-auto-verify"
            type="checkbox"
            className="size-5 accent-primary"
            {...form.register('auto_verify')}
          />
          <label htmlFor="access-code-auto-verify" className="mb-0">
            Verify the organization at once
          </label>
        </div>
      </div>
      <TextareaField
        form={form}
        name="note"
        label="Note"
        rows={2}
        hint="For administrators only: whom it is for."
      />
      <FormErrorSummary form={form} />
      <FormActions
        label="Create code"
        pending={pending}
        pendingLabel="Creating…"
        onCancel={onCancel}
      />
    </form>
  );
}
