'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import type { GatewaySecretName } from '@/db/schema/payment-gateway-values';
import {
  gatewayUpdateInput,
  type GatewaySettings,
  type GatewayUpdateInput,
} from '@/server/marketplace/gateway-schema';
import {
  blankAs,
  Card,
  CardTitle,
  FormActions,
  FormErrorSummary,
  FormField,
  Input,
  Label,
  numberText,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
  type FormOf,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';

const { shape } = gatewayUpdateInput;

/** The settings as the form holds them: a blank secret keeps the stored one. */
const gatewayForm = z.object({
  provider: shape.provider.unwrap(),
  mode: shape.mode.unwrap(),
  publishable_key: blankAs(shape.publishable_key, null),
  secret_key: blankAs(shape.secret_key, undefined),
  webhook_secret: blankAs(shape.webhook_secret, undefined),
  clear_secret_key: z.boolean(),
  clear_webhook_secret: z.boolean(),
  payout_delay_days: numberText(shape.payout_delay_days.unwrap()),
});
type GatewayFormValues = z.input<typeof gatewayForm>;
type GatewayFormApi = FormOf<GatewayFormValues>;

const PROVIDERS = [
  { value: 'manual', label: 'Manual (sellers mark orders paid)' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'mercadopago', label: 'Mercado Pago' },
];
const MODES = [
  { value: 'test', label: 'Test (no real payments)' },
  { value: 'live', label: 'Live (real payments)' },
];

const formValues = (settings: GatewaySettings): GatewayFormValues => ({
  provider: settings.provider,
  mode: settings.mode,
  publishable_key: settings.publishable_key ?? '',
  secret_key: '',
  webhook_secret: '',
  clear_secret_key: false,
  clear_webhook_secret: false,
  payout_delay_days: String(settings.payout_delay_days),
});

const codeOf = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code;

/**
 * The gateway's settings (E.5). The secrets are write-only: their fields say whether one is
 * stored, a blank field keeps it and "Clear" removes it. Live mode's refusal (409) stays
 * shown beside the form, not only in a toast.
 */
export function GatewayForm({ settings }: { settings: GatewaySettings }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, onSubmit, pending } = useRecordForm(gatewayForm, {
    defaultValues: formValues(settings),
    save: async ({ clear_secret_key, clear_webhook_secret, ...values }) => {
      const body: GatewayUpdateInput = {
        ...values,
        ...(clear_secret_key && { secret_key: null }),
        ...(clear_webhook_secret && { webhook_secret: null }),
      };
      setRefusal(null);
      try {
        return await client.admin.paymentGateway.update.mutate(body);
      } catch (error) {
        if (codeOf(error) === 'CONFLICT') setRefusal((error as Error).message);
        throw error;
      }
    },
    onSaved: async (_values, result) => {
      // What is stored now: the typed secrets leave their fields.
      form.reset(formValues(result.data));
      await queryClient.invalidateQueries({ queryKey: trpc.admin.paymentGateway.pathKey() });
      toast('success', 'The payment gateway settings were saved.');
    },
  });
  return (
    <Card aria-label="Gateway settings">
      <CardTitle>Settings</CardTitle>
      <form noValidate onSubmit={onSubmit}>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectInputField form={form} name="provider" label="Provider" options={PROVIDERS} />
          <SelectInputField
            form={form}
            name="mode"
            label="Mode"
            options={MODES}
            hint="Live needs a passing connection test of the saved provider and live keys."
          />
          <TextInputField
            form={form}
            name="publishable_key"
            label="Publishable key"
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
          />
          <SecretField
            form={form}
            name="secret_key"
            label="Secret key"
            set={settings.secret_key_set}
          />
          <SecretField
            form={form}
            name="webhook_secret"
            label="Webhook secret"
            set={settings.webhook_secret_set}
          />
          <TextInputField
            form={form}
            name="payout_delay_days"
            label="Payout delay (days)"
            hint="0 to 90 days after a sub-order completes"
            inputMode="numeric"
            required
          />
        </div>
        {refusal && (
          <p role="alert" className="text-destructive">
            {refusal}
          </p>
        )}
        <FormErrorSummary form={form} />
        <FormActions label="Save settings" pending={pending} />
      </form>
    </Card>
  );
}

/** A write-only secret: a password field that says whether one is stored, and its clear box. */
function SecretField({
  form,
  name,
  label,
  set,
}: {
  form: GatewayFormApi;
  name: GatewaySecretName;
  label: string;
  set: boolean;
}) {
  const clearId = useId();
  const clearing = form.watch(`clear_${name}`);
  return (
    <div>
      <FormField
        form={form}
        name={name}
        label={label}
        hint={set ? 'Set. Leave blank to keep it.' : 'Not set.'}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register(name)}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={set ? '•••••••• (set)' : 'Not set'}
            disabled={clearing}
          />
        )}
      </FormField>
      {set && (
        <div className="-mt-2 mb-4 flex items-center gap-2">
          <input
            id={clearId}
            type="checkbox"
            className="size-5"
            {...form.register(`clear_${name}`)}
          />
          <Label htmlFor={clearId} className="mb-0 font-normal">
            Clear the stored {label.toLowerCase()}
          </Label>
        </div>
      )}
    </div>
  );
}
