'use client';

import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Button, Card, CardTitle, QueryState } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { FeatureSwitches } from './feature-switches';
import { MaintenanceMessage } from './maintenance-message';
import { Outcome } from './outcome';
import { SettingRow } from './setting-row';
import { useInvalidateSettings } from './use-invalidate-settings';

/** Settings shown elsewhere on the page: the feature switches and the maintenance message. */
const SHOWN_ABOVE = new Set([
  'marketplace.enabled',
  'blog.enabled',
  'marketplace.maintenance_message',
]);

/** System settings and feature switches; every change is stored at once. */
export default function AdminSettingsPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.settings.overview.queryOptions({}));
  const maintenance = overview.data?.settings.marketplace?.maintenance_message;
  return (
    <AdminShell title="Settings">
      <QueryState what="the settings" query={overview} />
      {overview.data && (
        <>
          <FeatureSwitches features={overview.data.features} />
          <MaintenanceMessage current={typeof maintenance === 'string' ? maintenance : null} />
          <OtherSettings groups={Object.keys(overview.data.settings)} />
          <InitializeDefaults />
        </>
      )}
    </AdminShell>
  );
}

/** The remaining settings, a fieldset per group. */
function OtherSettings({ groups }: { groups: string[] }) {
  const trpc = useTRPC();
  const results = useQueries({
    queries: groups.map((group) => trpc.admin.settings.group.queryOptions({ group })),
  });
  return (
    <Card aria-labelledby="other-heading">
      <CardTitle id="other-heading">Other settings</CardTitle>
      {groups.map((group, index) => {
        const result = results[index]!;
        const settings = (result.data?.data ?? []).filter(
          (setting) => !SHOWN_ABOVE.has(setting.key),
        );
        if (result.data && settings.length === 0) return null;
        return (
          <fieldset key={group} className="mb-3 rounded-md border border-border p-3">
            <legend className="px-1 font-semibold">{group}</legend>
            <QueryState what={`the ${group} settings`} query={result} />
            {settings.map((setting) => (
              <SettingRow key={setting.key} setting={setting} />
            ))}
          </fieldset>
        );
      })}
    </Card>
  );
}

function InitializeDefaults() {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const initialize = useMutation(
    trpc.admin.settings.initialize.mutationOptions({ onSuccess: () => invalidate() }),
  );
  return (
    <Card aria-labelledby="defaults-heading">
      <CardTitle id="defaults-heading">Defaults</CardTitle>
      <p className="text-muted-foreground">
        Stores the default of every setting that has no value yet. Values you set are never changed.
      </p>
      <Button disabled={initialize.isPending} onClick={() => initialize.mutate({})}>
        {initialize.isPending ? 'Initializing…' : 'Initialize defaults'}
      </Button>
      <Outcome
        message={initialize.isSuccess ? initialize.data.message : null}
        error={initialize.error?.message}
        failed="Could not initialize"
      />
    </Card>
  );
}
