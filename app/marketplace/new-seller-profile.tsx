'use client';

import { useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@/server/marketplace/seller-profile-schema';
import { humanize } from '../components/ui';
import { useOrganizations } from '../organizations';
import { useTRPC } from '../trpc';
import { ChoiceSelect, useChoice } from './choice';
import { SellerProfileForm } from './seller-profile-form';

/** Who may still get a seller profile: the caller, or one of the organizations they run. */
export type NewProfileOwner = {
  /** The user's or the organization's id. */
  id: string;
  name: string;
  organization?: { id: string; name: string; kind: string };
};

/** Roles of an organization that open and edit its seller profile (C.2). */
const MANAGING_ROLES: readonly string[] = ['owner', 'manager'];

/**
 * The owners that have no seller profile yet (C.2: one per user, one per organization): the
 * caller first, then each school and stud they own or manage. Undefined while loading; an
 * organization list that fails to load leaves only the caller.
 */
export function useNewProfileOwners(
  profiles: SellerProfile[] | undefined,
): NewProfileOwner[] | undefined {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const organizations = useOrganizations();
  if (!profiles || !me.data || organizations.isPending) return undefined;
  const taken = new Set(profiles.map((profile) => profile.owner.id));
  const managed = [...organizations.schools, ...organizations.studs].filter((organization) =>
    MANAGING_ROLES.includes(organization.role),
  );
  return [
    { id: me.data.id, name: me.data.display_name },
    ...managed.map(({ id, name, kind }) => ({ id, name, organization: { id, name, kind } })),
  ].filter((owner) => !taken.has(owner.id));
}

/**
 * Creating a seller profile: the form, and above it the choice of whose it is when the caller
 * may open more than one (their own, their organizations').
 */
export function NewSellerProfile({
  owners,
  intro,
  onCreated,
  onCancel,
}: {
  owners: NewProfileOwner[];
  intro: string;
  onCreated?: (profile: SellerProfile) => void;
  onCancel?: () => void;
}) {
  const [owner, setChosen] = useChoice(owners);
  if (!owner) return null;
  return (
    <>
      <p>{intro}</p>
      {owners.length > 1 ? (
        <ChoiceSelect
          id="new-profile-owner"
          label="Whose profile"
          value={owner.id}
          options={owners.map((o) => ({
            value: o.id,
            label: o.organization ? `${o.name} (${humanize(o.organization.kind)})` : 'Yours',
          }))}
          onChange={setChosen}
        />
      ) : (
        owner.organization && <p>The profile of {owner.name}.</p>
      )}
      <SellerProfileForm
        key={owner.id}
        organization={owner.organization}
        suggestedName={owner.name}
        onSaved={onCreated}
        onCancel={onCancel}
      />
    </>
  );
}
