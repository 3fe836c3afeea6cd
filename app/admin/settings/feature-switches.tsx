'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardTitle } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { Outcome } from './outcome';
import { useInvalidateSettings } from './use-invalidate-settings';

const FEATURES = [
  {
    feature: 'marketplace',
    label: 'Marketplace',
    hint: 'Listings, orders and seller pages. When off, they answer with the maintenance message.',
  },
  { feature: 'blog', label: 'Blog', hint: 'The public blog.' },
] as const;
type Feature = (typeof FEATURES)[number]['feature'];

/** A switch per feature, stored as soon as it is flipped. */
export function FeatureSwitches({
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
    <Card aria-labelledby="features-heading">
      <CardTitle id="features-heading">Features</CardTitle>
      <ul className="m-0 list-none p-0">
        {FEATURES.map(({ feature, label, hint }) => {
          const enabled = asked[feature] ?? features[feature].enabled;
          const busy = toggle.isPending && toggle.variables?.feature === feature;
          return (
            <li key={feature} className="mb-2 flex flex-wrap items-center gap-2">
              <input
                id={`feature-${feature}`}
                type="checkbox"
                role="switch"
                className="size-5 accent-primary"
                checked={enabled}
                disabled={busy}
                aria-describedby={`feature-${feature}-hint`}
                onChange={(event) => change(feature, event.target.checked)}
              />
              <label htmlFor={`feature-${feature}`} className="mb-0 font-semibold">
                {label}
              </label>
              <span id={`feature-${feature}-hint`} className="text-muted-foreground">
                {hint}
              </span>
            </li>
          );
        })}
      </ul>
      <Outcome
        pending={toggle.isPending}
        message={status}
        error={toggle.error?.message}
        failed="Could not switch the feature"
      />
    </Card>
  );
}
