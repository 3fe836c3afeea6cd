'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { z } from 'zod';
import {
  sellerProfileUpdateFields,
  type SellerProfile,
} from '@/server/marketplace/seller-profile-schema';
import {
  blankAs,
  cardClass,
  FormActions,
  FormErrorSummary,
  Label,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../components/ui';
import { useTRPC, useTRPCClient } from '../trpc';
import { LocationFields, locationValues } from './location-fields';

const fields = sellerProfileUpdateFields.shape;
const location = fields.location.unwrap().shape;

/** The profile's fields as the form holds them: blank boxes are "none". */
const profileForm = z.object({
  display_name: z.string().trim().min(1).max(120),
  bio: fields.bio,
  location: z.object({
    city: location.city,
    state: location.state,
    country: blankAs(location.country, null),
  }),
  phone: fields.phone,
  phone_visible: z.boolean(),
  contact_email: fields.contact_email,
});

/**
 * A seller profile's form (C.2): what buyers see of the seller. Without a profile it creates
 * one, the caller's own or, given `organization`, that organization's; with one it saves the
 * changes.
 */
export function SellerProfileForm({
  profile,
  organization,
  suggestedName,
  onSaved,
  onCancel,
}: {
  profile?: SellerProfile;
  /** The organization a new profile is for (one the caller owns or manages). */
  organization?: { id: string; name: string };
  /** The display name a new profile starts with (the user's or the organization's name). */
  suggestedName?: string;
  onSaved?: (profile: SellerProfile) => void;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const phoneVisibleId = useId();
  // An organization's profile speaks of the organization, a personal one of "you".
  const organizationName = profile
    ? profile.owner.type === 'organization'
      ? profile.owner.name
      : null
    : (organization?.name ?? null);
  const { form, onSubmit, pending } = useRecordForm(profileForm, {
    defaultValues: {
      display_name: profile?.display_name ?? suggestedName ?? '',
      bio: profile?.bio ?? '',
      location: locationValues(profile?.location),
      phone: profile?.phone ?? '',
      phone_visible: profile?.phone_visible ?? false,
      contact_email: profile?.contact_email ?? '',
    },
    save: (values) =>
      profile
        ? client.sellerProfiles.update.mutate({ id: profile.id, ...values })
        : client.sellerProfiles.create.mutate({
            ...values,
            ...(organization ? { organization_id: organization.id } : {}),
          }),
    onSaved: async (_values, result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.sellerProfiles.pathKey() });
      const whose = organizationName
        ? `The seller profile of ${organizationName}`
        : 'Your seller profile';
      toast('success', `${whose} was ${profile ? 'saved' : 'created'}.`);
      onSaved?.(result.data);
    },
  });
  return (
    <form
      className={cardClass}
      aria-label={
        profile
          ? `Seller profile ${profile.display_name}`
          : `New seller profile${organization ? ` of ${organization.name}` : ''}`
      }
      noValidate
      onSubmit={onSubmit}
    >
      <TextInputField form={form} name="display_name" label="Name buyers see" required />
      <TextareaField
        form={form}
        name="bio"
        label={`About ${organizationName ?? 'you'} (optional)`}
        rows={4}
      />
      <LocationFields form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
        />
        <TextInputField
          form={form}
          name="contact_email"
          label="Contact e-mail (optional)"
          hint={`Where buyers' messages go; blank: ${organizationName ? "the organization's first owner's" : "your account's"} e-mail`}
          type="email"
          autoComplete="email"
        />
      </div>
      <div className="mb-4 flex items-center gap-2">
        <input
          id={phoneVisibleId}
          type="checkbox"
          className="size-5 accent-primary"
          {...form.register('phone_visible')}
        />
        <Label htmlFor={phoneVisibleId} className="mb-0 font-normal">
          {organizationName ? 'Show this phone on the listings' : 'Show my phone on my listings'}
        </Label>
      </div>
      <FormErrorSummary form={form} />
      <FormActions
        label={profile ? 'Save profile' : 'Create seller profile'}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
