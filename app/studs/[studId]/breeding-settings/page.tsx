'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { studSettingsFields, type StudSettings } from '@/server/stud-herd/settings-schema';
import {
  blankAs,
  Card,
  CardTitle,
  DetailList,
  FormActions,
  FormErrorSummary,
  numberText,
  QueryState,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';

const shape = studSettingsFields.shape;

/** Check days as typed, "15, 28, 45": checked by the API's own rule for the list. */
const checkDaysText = z.string().transform((text, ctx) => {
  const days = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  const result = shape.check_days.safeParse(days);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const settingsForm = studSettingsFields.extend({
  gestation_days: numberText(shape.gestation_days),
  check_days: checkDaysText,
  default_assignee_id: blankAs(shape.default_assignee_id, null),
});

type Assignee = { id: string; name: string };

/**
 * The stud's breeding settings: gestation length, the days of the pregnancy checks, and who
 * gets the tasks the records open. Owners and managers change them; others read them.
 */
export default function BreedingSettingsPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const settings = useQuery({
    ...trpc.studSettings.get.queryOptions({ studId }),
    enabled: may('breeding.view'),
  });
  const assignees = useQuery(trpc.studTasks.assignees.queryOptions({ studId }));
  if (!may('breeding.view')) return <NotAllowed />;
  const people = assignees.data?.data ?? [];
  return (
    <>
      <h1>Breeding settings</h1>
      <Card aria-labelledby="breeding-settings-heading">
        <CardTitle id="breeding-settings-heading">Pregnancies and tasks</CardTitle>
        {!settings.data ? (
          <QueryState what="the breeding settings" query={settings} />
        ) : may('profile.edit') ? (
          <SettingsForm
            // Remounted with the members so that the select starts on the saved assignee.
            key={assignees.data ? 'members' : 'none'}
            settings={settings.data.data}
            members={people}
          />
        ) : (
          <SettingsView settings={settings.data.data} members={people} />
        )}
      </Card>
    </>
  );
}

function SettingsView({ settings, members }: { settings: StudSettings; members: Assignee[] }) {
  const assignee = members.find((m) => m.id === settings.default_assignee_id);
  return (
    <>
      <p className="mt-0 text-muted-foreground">
        Only the stud&apos;s owners and managers change these.
      </p>
      <DetailList>
        <dt>Gestation</dt>
        <dd>{settings.gestation_days} days</dd>
        <dt>Pregnancy checks</dt>
        <dd>
          {settings.check_days.length
            ? `Days ${settings.check_days.join(', ')} after the breeding`
            : 'None'}
        </dd>
        <dt>Tasks go to</dt>
        <dd>
          {settings.default_assignee_id ? (assignee?.name ?? 'A member of the stud') : 'Nobody'}
        </dd>
      </DetailList>
    </>
  );
}

function SettingsForm({
  settings,
  members,
}: {
  settings: StudSettings;
  /** The members tasks may go to. */
  members: Assignee[];
}) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(settingsForm, {
    defaultValues: {
      gestation_days: String(settings.gestation_days),
      check_days: settings.check_days.join(', '),
      default_assignee_id: settings.default_assignee_id ?? '',
    },
    save: (values) => client.studSettings.update.mutate({ studId, ...values }),
    onSaved: async (_, answer) => {
      await queryClient.invalidateQueries({ queryKey: trpc.studSettings.pathKey() });
      form.reset({
        gestation_days: String(answer.data.gestation_days),
        check_days: answer.data.check_days.join(', '),
        default_assignee_id: answer.data.default_assignee_id ?? '',
      });
      toast('success', 'The breeding settings were saved.');
    },
    renamePath: (path) => path.replace(/^check_days\.\d+$/, 'check_days'),
  });
  const assigned = settings.default_assignee_id;
  return (
    <form aria-label="Breeding settings" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="gestation_days"
          label="Gestation days"
          type="number"
          inputMode="numeric"
          hint="From the breeding to the expected foaling."
        />
        <TextInputField
          form={form}
          name="check_days"
          label="Pregnancy check days"
          inputMode="numeric"
          autoComplete="off"
          hint="Days after a breeding, separated by commas: 15, 28, 45."
        />
      </div>
      <SelectInputField
        form={form}
        name="default_assignee_id"
        label="Default assignee"
        hint="The member who gets the tasks that records open (medical due dates, checks)."
        options={[
          { value: '', label: 'Nobody' },
          // A saved assignee who left the stud still shows, by id.
          ...(assigned && !members.some((m) => m.id === assigned)
            ? [{ value: assigned, label: `Member ${assigned}` }]
            : []),
          ...members.map((m) => ({ value: m.id, label: m.name })),
        ]}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Save settings" pending={pending} />
    </form>
  );
}
