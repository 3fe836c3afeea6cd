'use client';

import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Button, Card, CardTitle, QueryState, useWriteOutcome } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { orderGroups } from './setting-labels';
import { SettingsForm } from './settings-form';

/** The platform's settings by group, saved together; and the defaults. */
export default function AdminSettingsPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.settings.overview.queryOptions({}));
  const groups = orderGroups(Object.keys(overview.data?.settings ?? {}));
  // The overview names the groups; each group's route gives its keys' types and descriptions.
  const details = useQueries({
    queries: groups.map((group) => trpc.admin.settings.group.queryOptions({ group })),
  });
  const failed = details.find((detail) => detail.error);
  const loaded = overview.data !== undefined && details.every((detail) => detail.data);
  const state = failed ?? {
    ...overview,
    isPending: overview.isPending || (!overview.error && !loaded),
  };
  return (
    <AdminShell title="Settings">
      <QueryState what="the settings" query={state} />
      {loaded && (
        <SettingsForm
          groups={groups.map((group, index) => ({
            group,
            settings: details[index]!.data!.data,
          }))}
        />
      )}
      <InitializeDefaults />
    </AdminShell>
  );
}

function InitializeDefaults() {
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const initialize = useMutation(
    trpc.admin.settings.initialize.mutationOptions({
      onSuccess: onSuccess(
        [trpc.admin.settings.pathKey(), trpc.features.pathKey()],
        (result: { message: string }) => result.message,
      ),
      onError,
    }),
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
    </Card>
  );
}
