'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { moneyField } from '@/server/kernel/fields/record-fields';
import {
  blankAs,
  Button,
  Card,
  CardTitle,
  errorMessage,
  numberText,
  SelectInputField,
  TextInputField,
  useZodForm,
  type Option,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { amountText, rateText } from './commission-format';

const previewForm = z.object({
  amount: numberText(moneyField),
  category_id: blankAs(z.uuid().optional()),
});

/** C.7 by hand: the band an amount of a category falls in, and its commission. */
export function CommissionPreview({ scopes }: { scopes: Option[] }) {
  const trpc = useTRPC();
  const [asked, setAsked] = useState<z.output<typeof previewForm> | null>(null);
  const form = useZodForm(previewForm, {
    defaultValues: { amount: '', category_id: '' } as z.input<typeof previewForm>,
  });
  const quote = useQuery({
    ...trpc.admin.commissionTiers.preview.queryOptions(asked ?? { amount: 0 }),
    enabled: asked !== null,
  });
  return (
    <Card aria-labelledby="commission-preview-title">
      <CardTitle id="commission-preview-title">Preview a commission</CardTitle>
      <form noValidate onSubmit={form.handleSubmit(setAsked)} aria-label="Commission preview">
        <div className="grid gap-x-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
          <TextInputField
            form={form}
            name="amount"
            label="Line amount"
            inputMode="decimal"
            required
          />
          <SelectInputField
            form={form}
            name="category_id"
            label="Category"
            options={[{ value: '', label: 'None (global bands)' }, ...scopes.slice(1)]}
          />
          <Button type="submit" className="mb-4 sm:mt-6">
            Preview
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {quote.isFetching && <p aria-busy="true">Working it out…</p>}
        {quote.error && (
          <p className="text-destructive" role="alert">
            {errorMessage(quote.error)}
          </p>
        )}
        {quote.data && !quote.isFetching && (
          <p className="m-0">
            Band <strong>{quote.data.data.tier.name}</strong> (
            {quote.data.data.tier.category_name ?? 'global'}, {rateText(quote.data.data.tier)}):
            commission <strong>{amountText(quote.data.data.commission)}</strong>
          </p>
        )}
      </div>
    </Card>
  );
}
