'use client';

import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTRPC } from '../../trpc';
import { AdminShell, QueryState } from '../admin-shell';

const FEATURES = [
  {
    feature: 'marketplace',
    label: 'Marketplace',
    hint: 'Listings, orders and seller pages. When off, they answer with the maintenance message.',
  },
  { feature: 'blog', label: 'Blog', hint: 'The public blog.' },
] as const;
type Feature = (typeof FEATURES)[number]['feature'];

/** Settings shown elsewhere on the page: the feature switches and the maintenance message. */
const SHOWN_ABOVE = new Set([
  'marketplace.enabled',
  'blog.enabled',
  'marketplace.maintenance_message',
]);

type SettingValue = boolean | string | number | null;
type Setting = {
  key: string;
  name: string;
  value: SettingValue;
  type: 'boolean' | 'string' | 'integer' | 'email';
  nullable: boolean;
  description: string;
};

function useInvalidateSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.settings.pathFilter()),
      queryClient.invalidateQueries(trpc.features.pathFilter()),
    ]);
}

function FeatureSwitches({
  features,
}: {
  features: { marketplace: { enabled: boolean }; blog: { enabled: boolean } };
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const [status, setStatus] = useState<string | null>(null);
  // The switch moves at once and keeps the asked state until the stored one is read back;
  // if the server refuses, it shows the stored state again.
  const [asked, setAsked] = useState<Partial<Record<Feature, boolean>>>({});
  const forget = (feature: Feature) => setAsked(({ [feature]: _dropped, ...rest }) => rest);
  const toggle = useMutation(
    trpc.admin.settings.toggleFeature.mutationOptions({
      onSuccess: (result) => setStatus(result.message),
      onSettled: async (_result, _error, { feature }) => {
        await invalidate();
        forget(feature as Feature);
      },
    }),
  );

  function change(feature: Feature, enabled: boolean) {
    setAsked((current) => ({ ...current, [feature]: enabled }));
    setStatus(null);
    toggle.mutate({ feature, enabled });
  }

  return (
    <section className="card" aria-labelledby="features-heading">
      <h2 id="features-heading">Features</h2>
      <ul className="plain">
        {FEATURES.map(({ feature, label, hint }) => {
          const enabled = asked[feature] ?? features[feature].enabled;
          const busy = toggle.isPending && toggle.variables?.feature === feature;
          return (
            <li key={feature} className="switch-row">
              <input
                id={`feature-${feature}`}
                type="checkbox"
                role="switch"
                checked={enabled}
                disabled={busy}
                aria-describedby={`feature-${feature}-hint`}
                onChange={(event) => change(feature, event.target.checked)}
              />
              <label htmlFor={`feature-${feature}`}>{label}</label>
              <span id={`feature-${feature}-hint`} className="muted">
                {hint}
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className="muted">
        {toggle.isPending ? 'Saving…' : status}
      </p>
      {toggle.error && (
        <p className="error" role="alert">
          Could not switch the feature: {toggle.error.message}
        </p>
      )}
    </section>
  );
}

function MaintenanceMessage({ current }: { current: string | null }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const [message, setMessage] = useState(current ?? '');
  useEffect(() => setMessage(current ?? ''), [current]);
  const save = useMutation(
    trpc.admin.settings.updateMarketplace.mutationOptions({ onSuccess: () => invalidate() }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ maintenance_message: message.trim() === '' ? null : message });
  }

  return (
    <section className="card" aria-labelledby="maintenance-heading">
      <h2 id="maintenance-heading">Marketplace maintenance</h2>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="maintenance-message">Maintenance message</label>
          <textarea
            id="maintenance-message"
            rows={3}
            maxLength={500}
            value={message}
            aria-describedby="maintenance-hint"
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id="maintenance-hint" className="muted">
            Shown while the marketplace is switched off. Leave empty for the standard text.
          </p>
        </div>
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save message'}
        </button>
        <p role="status" className="muted">
          {save.isSuccess ? save.data.message : null}
        </p>
        {save.error && (
          <p className="error" role="alert">
            Could not save: {save.error.message}
          </p>
        )}
      </form>
    </section>
  );
}

function SettingRow({ setting }: { setting: Setting }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const [draft, setDraft] = useState<SettingValue>(setting.value);
  useEffect(() => setDraft(setting.value), [setting.value]);
  const save = useMutation(
    trpc.admin.settings.update.mutationOptions({ onSuccess: () => invalidate() }),
  );
  const id = `setting-${setting.key.replace('.', '-')}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    let value: SettingValue = draft;
    if (typeof draft === 'string' && draft.trim() === '' && setting.nullable) value = null;
    if (setting.type === 'integer' && typeof draft === 'string') value = Number(draft);
    save.mutate({ key: setting.key, value });
  }

  return (
    <form className="setting-row" onSubmit={submit} aria-label={setting.key}>
      {setting.type === 'boolean' ? (
        <div className="switch-row">
          <input
            id={id}
            type="checkbox"
            checked={draft === true}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.checked)}
          />
          <label htmlFor={id}>{setting.key}</label>
        </div>
      ) : (
        <>
          <label htmlFor={id}>{setting.key}</label>
          <input
            id={id}
            type={
              setting.type === 'email' ? 'email' : setting.type === 'integer' ? 'number' : 'text'
            }
            value={draft === null ? '' : String(draft)}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />
        </>
      )}
      <p id={`${id}-hint`} className="muted">
        {setting.description}
        {setting.nullable ? ' Optional.' : ''}
      </p>
      <button type="submit" className="small" disabled={save.isPending || draft === setting.value}>
        {save.isPending ? 'Saving…' : `Save ${setting.name.replace(/_/g, ' ')}`}
      </button>
      {save.error && (
        <p className="error" role="alert">
          {save.error.data?.fieldErrors?.value?.[0] ?? save.error.message}
        </p>
      )}
    </form>
  );
}

function OtherSettings({ groups }: { groups: string[] }) {
  const trpc = useTRPC();
  const results = useQueries({
    queries: groups.map((group) => trpc.admin.settings.group.queryOptions({ group })),
  });
  return (
    <section className="card" aria-labelledby="other-heading">
      <h2 id="other-heading">Other settings</h2>
      {groups.map((group, index) => {
        const result = results[index]!;
        const settings = (result.data?.data ?? []).filter(
          (setting) => !SHOWN_ABOVE.has(setting.key),
        );
        if (result.data && settings.length === 0) return null;
        return (
          <fieldset key={group}>
            <legend>{group}</legend>
            <QueryState what={`the ${group} settings`} query={result} />
            {settings.map((setting) => (
              <SettingRow key={setting.key} setting={setting} />
            ))}
          </fieldset>
        );
      })}
    </section>
  );
}

function InitializeDefaults() {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettings();
  const initialize = useMutation(
    trpc.admin.settings.initialize.mutationOptions({ onSuccess: () => invalidate() }),
  );
  return (
    <section className="card" aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">Defaults</h2>
      <p className="muted">
        Stores the default of every setting that has no value yet. Values you set are never changed.
      </p>
      <button type="button" disabled={initialize.isPending} onClick={() => initialize.mutate({})}>
        {initialize.isPending ? 'Initializing…' : 'Initialize defaults'}
      </button>
      <p role="status" className="muted">
        {initialize.isSuccess ? initialize.data.message : null}
      </p>
      {initialize.error && (
        <p className="error" role="alert">
          Could not initialize: {initialize.error.message}
        </p>
      )}
    </section>
  );
}

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
