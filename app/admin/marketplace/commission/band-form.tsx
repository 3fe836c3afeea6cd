'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { z } from 'zod';
import { moneyField } from '@/server/kernel/fields/record-fields';
import {
  commissionTierFields,
  rateField,
  type CommissionTier,
  type CommissionTierFields,
} from '@/server/marketplace/commission-schema';
import {
  blankAs,
  cardClass,
  FormActions,
  FormErrorSummary,
  Label,
  numberText,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
  type Option,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';

/** A band as its form holds it: amounts as text, blank maximum for no limit. */
const bandForm = z.object({
  name: commissionTierFields.shape.name,
  category_id: blankAs(z.uuid().nullable(), null),
  min_amount: numberText(moneyField),
  max_amount: numberText(moneyField.nullable(), null),
  rate_percent: numberText(rateField),
  fixed_fee: numberText(moneyField.optional()),
  active: z.boolean(),
});
type BandFormValues = z.input<typeof bandForm>;

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * A commission band's form (E.5): its scope, bounds, rate and fee. A 422 lands beside its
 * field; a change that would leave the global bands a gap comes back as a toast (409).
 */
export function BandForm({
  tier,
  scopes,
  onDone,
}: {
  tier?: CommissionTier;
  /** The scopes a band may be given: global, then the active categories. */
  scopes: Option[];
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(bandForm, {
    defaultValues: {
      name: tier?.name ?? '',
      category_id: tier?.category_id ?? '',
      min_amount: text(tier?.min_amount ?? 0),
      max_amount: text(tier?.max_amount),
      rate_percent: text(tier?.rate_percent),
      fixed_fee: text(tier?.fixed_fee ?? 0),
      active: tier?.active ?? true,
    } as BandFormValues,
    save: ({ category_id, ...values }) => {
      // An unchanged scope is left out: a band may stay in a category since deactivated.
      const scope = tier && category_id === tier.category_id ? {} : { category_id };
      const body: Partial<CommissionTierFields> = { ...values, ...scope };
      return tier
        ? client.admin.commissionTiers.update.mutate({ id: tier.id, ...body })
        : client.admin.commissionTiers.create.mutate(body as CommissionTierFields);
    },
    onSaved: async (_values, result) => {
      await queryClient.invalidateQueries({ queryKey: trpc.admin.commissionTiers.pathKey() });
      toast('success', `${result.data.name} was saved.`);
      onDone();
    },
  });
  const activeId = useId();
  const options =
    tier?.category_id && !scopes.some((o) => typeof o !== 'string' && o.value === tier.category_id)
      ? [...scopes, { value: tier.category_id, label: `${tier.category_name} (inactive)` }]
      : scopes;
  return (
    <form
      className={cardClass}
      aria-label={tier ? `Edit ${tier.name}` : 'New band'}
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <SelectInputField form={form} name="category_id" label="Scope" options={options} />
        <TextInputField
          form={form}
          name="min_amount"
          label="From amount"
          noun="Lowest amount"
          hint="Included"
          inputMode="decimal"
          required
        />
        <TextInputField
          form={form}
          name="max_amount"
          label="Up to amount"
          noun="Highest amount"
          hint="Excluded; blank: no limit"
          inputMode="decimal"
        />
        <TextInputField
          form={form}
          name="rate_percent"
          label="Rate (%)"
          hint="0 to 50"
          inputMode="decimal"
          required
        />
        <TextInputField
          form={form}
          name="fixed_fee"
          label="Fixed fee"
          hint="Added to each line"
          inputMode="decimal"
        />
        <div className="mb-4 flex items-center gap-2">
          <input id={activeId} type="checkbox" className="size-5" {...form.register('active')} />
          <Label htmlFor={activeId} className="mb-0 font-normal">
            Active (used for commission)
          </Label>
        </div>
      </div>
      <FormErrorSummary form={form} />
      <FormActions label={tier ? 'Save band' : 'Add band'} pending={pending} onCancel={onDone} />
    </form>
  );
}
