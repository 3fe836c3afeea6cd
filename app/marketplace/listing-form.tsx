'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import {
  LISTING_CONDITIONS,
  LISTING_PRICE_TYPES,
  SALE_MODES,
  type CategoryKind,
} from '@/db/schema/marketplace-values';
import { moneyField } from '@/server/kernel/fields/record-fields';
import {
  listingCreateInput,
  type Listing,
  type ListingCreate,
} from '@/server/marketplace/listing-schema';
import {
  applyServerErrors,
  blankAs,
  cardClass,
  FormActions,
  FormErrorSummary,
  FormField,
  Input,
  Label,
  NativeSelect,
  numberText,
  Options,
  SelectInputField,
  TextareaField,
  TextInputField,
  useErrorToast,
  useZodForm,
  type ComboboxOption,
  type FormOf,
} from '../components/ui';
import { IdentityPicker } from '../pedigree/identity-picker';
import { attributesOf, categoryOptions, findCategory, type CategoryNode } from './categories';
import { PRICE_TYPE_LABELS, SALE_MODE_LABELS } from './format';
import { LocationFields, locationValues } from './location-fields';
import { MAX_LISTING_SERVICES, StallionServicesField } from './stallion-services';

const shape = listingCreateInput.shape;
const location = shape.location.unwrap().shape;

/**
 * The listing form's values: the shared schema's fields as text boxes hold them (blank is
 * "none", numbers typed as text); the category's attributes as the inputs give them, typed
 * by their definitions on the way out.
 */
const listingForm = z.object({
  seller_profile_id: blankAs(z.uuid().optional()),
  category_id: blankAs(z.uuid('Choose a category.')),
  title: shape.title,
  description: z.string().trim().max(10_000),
  price: numberText(moneyField.nullable(), null),
  price_type: z.enum(LISTING_PRICE_TYPES),
  sale_mode: z.enum(SALE_MODES),
  quantity: numberText(z.number().int().min(0).max(100_000)),
  condition: blankAs(z.enum(LISTING_CONDITIONS).nullable(), null),
  location: z.object({
    city: blankAs(location.city, null),
    state: blankAs(location.state, null),
    country: blankAs(location.country, null),
  }),
  shipping: z.object({
    ships: z.boolean(),
    price: numberText(moneyField.nullable(), null),
    pickup: z.boolean(),
  }),
  attributes: z.record(z.string(), z.union([z.string(), z.boolean()])),
  horse: z.custom<ComboboxOption | null>(),
  service_ids: z.array(z.string()).max(MAX_LISTING_SERVICES),
});
type ListingFormValues = z.input<typeof listingForm>;
type ListingFormOutput = z.output<typeof listingForm>;
type Form = FormOf<ListingFormValues>;

/** The default sale mode of a kind (C.3): live animals and stallion services by enquiry. */
const defaultSaleMode = (kind: CategoryKind | undefined) =>
  kind === 'horse' || kind === 'stallion_service' ? 'enquiry' : 'buy_now';

/** An attribute's value as its input holds it. */
const inputValue = (value: unknown): string | boolean =>
  typeof value === 'boolean' ? value : value === null || value === undefined ? '' : String(value);

/** An attribute's input value as the API takes it, by its definition; blank is left out. */
function apiValue(definition: CategoryAttribute, value: string | boolean | undefined) {
  if (definition.type === 'boolean') return value === true;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (definition.type === 'integer' || definition.type === 'number') {
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  }
  return value.trim();
}

/** A listing's values, or a new one's under the seller profile `profileId`. */
export function formDefaults(listing?: Listing, profileId = ''): ListingFormValues {
  return {
    seller_profile_id: listing ? '' : profileId,
    category_id: listing?.category.id ?? '',
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    price: listing?.price != null ? String(listing.price) : '',
    price_type: listing?.price_type ?? 'fixed',
    sale_mode: listing?.sale_mode ?? 'buy_now',
    quantity: String(listing?.quantity ?? 1),
    condition: listing?.condition ?? '',
    location: locationValues(listing?.location),
    shipping: {
      ships: listing?.shipping.ships ?? false,
      price: listing?.shipping.price != null ? String(listing.shipping.price) : '',
      pickup: listing?.shipping.pickup ?? true,
    },
    attributes: Object.fromEntries(
      Object.entries(listing?.attributes ?? {}).map(([name, value]) => [name, inputValue(value)]),
    ),
    horse: listing?.horse
      ? { value: listing.horse.id, label: `${listing.horse.name} (${listing.horse.birth_year})` }
      : null,
    service_ids: listing?.service_ids ?? [],
  } as ListingFormValues;
}

/**
 * The form's values as the API's body (POST and PUT take the same fields). The services go
 * only when they differ from the listing's: sent again unchanged, one the stud has since
 * withdrawn would refuse the whole edit.
 */
function toBody(
  values: ListingFormOutput,
  tree: CategoryNode[] | undefined,
  listing: Listing | undefined,
): ListingCreate {
  const category = findCategory(tree, values.category_id);
  const { horse, attributes, seller_profile_id, service_ids, ...fields } = values;
  const servicesChanged = service_ids.join() !== (listing?.service_ids ?? []).join();
  return {
    ...fields,
    ...(seller_profile_id ? { seller_profile_id } : {}),
    attributes: Object.fromEntries(
      attributesOf(category)
        .map((definition) => [definition.name, apiValue(definition, attributes[definition.name])])
        .filter(([, value]) => value !== undefined),
    ),
    horse_identity_id: category?.kind === 'horse' ? (horse?.value ?? null) : null,
    ...(category?.kind === 'stallion_service' && servicesChanged ? { service_ids } : {}),
    shipping: { ...fields.shipping, price: fields.shipping.ships ? fields.shipping.price : null },
  };
}

/**
 * A listing's fields (C.3): the category first, then its own attributes as typed fields,
 * price, sale, place and delivery. A 422 lands beside its field (`attributes.<name>` too).
 */
export function ListingForm({
  listing,
  tree,
  profiles,
  name,
  label,
  save,
  onSaved,
  onCancel,
}: {
  listing?: Listing;
  tree: CategoryNode[];
  /** The seller profiles the caller manages: a choice when there are several. */
  profiles: { id: string; display_name: string }[];
  /** The form's accessible name. */
  name: string;
  /** Its submit button's. */
  label: string;
  save: (body: ListingCreate) => Promise<{ data: Listing }>;
  onSaved: (listing: Listing) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(listingForm, {
    // The first profile (the caller's own, when they have one) unless another is chosen: the
    // API's default, the personal profile, may not exist.
    defaultValues: formDefaults(listing, profiles[0]?.id),
  });
  const showError = useErrorToast({ inline: true });
  const write = useMutation({
    mutationFn: (values: ListingFormOutput) => save(toBody(values, tree, listing)),
    onSuccess: (result) => onSaved(result.data),
    onError: (error) => {
      applyServerErrors(form, error, (path) => (path === 'horse_identity_id' ? 'horse' : path));
      showError(error);
    },
  });
  const categoryId = useWatch({ control: form.control, name: 'category_id' });
  const priceType = useWatch({ control: form.control, name: 'price_type' });
  const ships = useWatch({ control: form.control, name: 'shipping.ships' });
  const profileId = useWatch({ control: form.control, name: 'seller_profile_id' });
  const category = findCategory(tree, categoryId as string | undefined);

  // A new listing's sale mode follows its category's kind until the seller picks one.
  useEffect(() => {
    if (!listing && category && !form.getFieldState('sale_mode').isDirty)
      form.setValue('sale_mode', defaultSaleMode(category.kind));
  }, [category, form, listing]);

  return (
    <form
      className={cardClass}
      aria-label={name}
      noValidate
      onSubmit={form.handleSubmit((values) => write.mutate(values))}
    >
      {profiles.length > 1 && !listing && (
        <SelectInputField
          form={form}
          name="seller_profile_id"
          label="Sell as"
          noun="Seller profile"
          options={profiles.map((profile) => ({ value: profile.id, label: profile.display_name }))}
        />
      )}
      <SelectInputField
        form={form}
        name="category_id"
        label="Category"
        required
        options={[{ value: '', label: 'Choose a category' }, ...categoryOptions(tree)]}
      />
      <TextInputField form={form} name="title" label="Title" required maxLength={120} />
      <TextareaField form={form} name="description" label="Description" rows={6} />
      {category && <AttributeFields form={form} definitions={attributesOf(category)} />}
      {category?.kind === 'horse' && <HorseField form={form} />}
      {category?.kind === 'stallion_service' && (
        <StallionServicesField
          form={form}
          name="service_ids"
          profileId={listing?.seller.id ?? (profileId as string | undefined)}
        />
      )}
      <fieldset className="mb-4 border-0 p-0">
        <legend className="mb-2 text-lg font-bold">Price and sale</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectInputField
            form={form}
            name="price_type"
            label="Price type"
            options={LISTING_PRICE_TYPES.map((value) => ({
              value,
              label: PRICE_TYPE_LABELS[value],
            }))}
          />
          {priceType !== 'on_request' && (
            <TextInputField form={form} name="price" label="Price" inputMode="decimal" required />
          )}
          <SelectInputField
            form={form}
            name="sale_mode"
            label="Sale mode"
            options={SALE_MODES.map((value) => ({ value, label: SALE_MODE_LABELS[value] }))}
          />
          <TextInputField form={form} name="quantity" label="Quantity" inputMode="numeric" />
          <SelectInputField
            form={form}
            name="condition"
            label="Condition"
            options={[
              { value: '', label: 'Not stated' },
              { value: 'new', label: 'New' },
              { value: 'used', label: 'Used' },
            ]}
          />
        </div>
      </fieldset>
      <fieldset className="mb-4 border-0 p-0">
        <legend className="mb-2 text-lg font-bold">Location</legend>
        <LocationFields form={form} />
      </fieldset>
      <fieldset className="mb-4 border-0 p-0">
        <legend className="mb-2 text-lg font-bold">Delivery</legend>
        <CheckboxField form={form} name="shipping.pickup" label="The buyer can pick it up" />
        <CheckboxField form={form} name="shipping.ships" label="I ship it" />
        {ships && (
          <TextInputField
            form={form}
            name="shipping.price"
            label="Shipping price"
            hint="Leave blank for free shipping"
            inputMode="decimal"
          />
        )}
      </fieldset>
      <FormErrorSummary form={form} />
      <FormActions label={label} pending={write.isPending} onCancel={onCancel} />
    </form>
  );
}

function CheckboxField({
  form,
  name,
  label,
}: {
  form: Form;
  name: `shipping.${'ships' | 'pickup'}` | `attributes.${string}`;
  label: string;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-center gap-2">
      <input id={id} type="checkbox" className="size-5 accent-primary" {...form.register(name)} />
      <Label htmlFor={id} className="mb-0 font-normal">
        {label}
      </Label>
    </div>
  );
}

/** The category's attributes, each as its type asks: text, number, yes/no or a choice. */
function AttributeFields({ form, definitions }: { form: Form; definitions: CategoryAttribute[] }) {
  if (definitions.length === 0) return null;
  return (
    <fieldset className="mb-4 border-0 p-0">
      <legend className="mb-2 text-lg font-bold">Details</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {definitions.map((definition) => {
          const name = `attributes.${definition.name}` as const;
          const label = definition.label + (definition.required ? '' : ' (optional)');
          if (definition.type === 'boolean')
            return <CheckboxField key={name} form={form} name={name} label={definition.label} />;
          if (definition.type === 'select')
            return (
              <FormField key={name} form={form} name={name} label={label}>
                {(control) => (
                  <NativeSelect {...control} {...form.register(name)}>
                    <Options options={[{ value: '', label: '—' }, ...(definition.options ?? [])]} />
                  </NativeSelect>
                )}
              </FormField>
            );
          const numeric = definition.type !== 'text';
          const range =
            numeric && (definition.min !== undefined || definition.max !== undefined)
              ? `From ${definition.min ?? '…'} to ${definition.max ?? '…'}`
              : undefined;
          return (
            <FormField key={name} form={form} name={name} label={label} hint={range}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register(name)}
                  inputMode={
                    numeric ? (definition.type === 'integer' ? 'numeric' : 'decimal') : undefined
                  }
                  required={definition.required}
                />
              )}
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The horse of the platform the listing shows the pedigree of (optional). */
function HorseField({ form }: { form: Form }) {
  return (
    <FormField
      form={form}
      name="horse"
      label="Horse of the platform (optional)"
      hint="Its verified pedigree is shown on the listing"
    >
      {(control) => (
        <Controller
          control={form.control}
          name="horse"
          render={({ field }) => (
            <IdentityPicker
              id={control.id}
              value={field.value ?? null}
              onChange={field.onChange}
              invalid={control['aria-invalid']}
              describedBy={control['aria-describedby']}
            />
          )}
        />
      )}
    </FormField>
  );
}
