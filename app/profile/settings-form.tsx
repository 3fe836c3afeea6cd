'use client';

import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DATE_FORMATS,
  LOCALES,
  settingsInput,
  type Settings,
} from '@/server/notifications/notification-schema';
import { timezoneField } from '@/server/organizations/schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../components/ui';
import { useOrganizations } from '../organizations';
import { useTRPC, useTRPCClient } from '../trpc';

const settingsForm = settingsInput.extend({
  timezone: blankAs(timezoneField, null),
  default_organization_id: blankAs(z.uuid(), null),
});

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
] satisfies { value: (typeof LOCALES)[number]; label: string }[];

/** Each date format by the order it writes a date in, with an example (27 November 2026). */
const DATE_FORMAT_LABELS: Record<(typeof DATE_FORMATS)[number], string> = {
  'YYYY-MM-DD': 'Year first: 2026-11-27',
  'DD/MM/YYYY': 'Day first: 27/11/2026',
  'MM/DD/YYYY': 'Month first: 11/27/2026',
};

/** Language, time zone, the organization opened first and the date format. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { schools, studs } = useOrganizations();
  const { form, onSubmit, pending } = useRecordForm(settingsForm, {
    defaultValues: {
      locale: settings.locale,
      timezone: settings.timezone ?? '',
      default_organization_id: settings.default_organization_id ?? '',
      date_format: settings.date_format,
    },
    save: (values) => client.profile.updateSettings.mutate(values),
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() });
      toast('success', 'Your settings were saved.');
    },
  });
  return (
    <form aria-label="Settings" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField form={form} name="locale" label="Language" options={LANGUAGES} />
        <TextInputField
          form={form}
          name="timezone"
          label="Time zone"
          hint="An IANA name such as Europe/Madrid; empty: each organization's own."
        />
        <SelectInputField
          form={form}
          name="default_organization_id"
          label="Open first"
          noun="Organization to open first"
          options={[
            { value: '', label: 'The list of my organizations' },
            ...[...schools, ...studs].map((o) => ({ value: o.id, label: o.name })),
          ]}
        />
        <SelectInputField
          form={form}
          name="date_format"
          label="Dates"
          noun="Date format"
          options={DATE_FORMATS.map((value) => ({ value, label: DATE_FORMAT_LABELS[value] }))}
        />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Save settings" pending={pending} />
    </form>
  );
}
