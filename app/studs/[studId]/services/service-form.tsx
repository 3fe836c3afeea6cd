'use client';

import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path } from 'react-hook-form';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  BALANCE_DUE_ON,
  SERVICE_DELIVERIES,
  SERVICE_GUARANTEES,
  SERVICE_METHODS,
  serviceFields,
  type Service,
} from '@/server/stud-breeding/service-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
  type FormOf,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { CheckboxField } from '../horses/herd-ui';
import { useStud } from '../stud-context';
import { StallionSelectField } from './stallion-field';
import { BALANCE_DUE, serviceName } from './service-terms';

const s = serviceFields.shape;

/**
 * The API's service fields as the form's boxes hold them: numbers typed as text, a blank
 * optional fee, date or contract template cleared. `active` is the list's own action. The
 * rules across fields (natural cover on site, the booking fee within the stud fee, the date of
 * a fixed-date balance, a template of the stud) are the server's: its 422s land beside the
 * fields they name.
 */
const serviceForm = serviceFields.omit({ active: true }).extend({
  stallion_id: blankAs(s.stallion_id),
  season: blankAs(s.season),
  stud_fee: numberText(s.stud_fee),
  booking_fee: numberText(s.booking_fee),
  doses_included: numberText(s.doses_included),
  extra_dose_price: numberText(s.extra_dose_price, null),
  shipping_fee: numberText(s.shipping_fee, null),
  balance_due_date: blankAs(s.balance_due_date, null),
  confirmation_day: numberText(s.confirmation_day),
  contract_template_id: blankAs(s.contract_template_id, null),
});

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

function defaultsOf(service: Service | undefined, season: string, stallionId: string) {
  return {
    stallion_id: service?.stallion_id ?? stallionId,
    season: service?.season ?? season,
    method: service?.method ?? ('natural_cover' as const),
    delivery: service?.delivery ?? ('on_site' as const),
    stud_fee: text(service?.stud_fee),
    booking_fee: text(service?.booking_fee ?? 0),
    doses_included: text(service?.doses_included ?? 1),
    extra_dose_price: text(service?.extra_dose_price),
    shipping_fee: text(service?.shipping_fee),
    guarantee: service?.guarantee ?? ('none' as const),
    balance_due_on: service?.balance_due_on ?? ('confirmation' as const),
    balance_due_date: service?.balance_due_date ?? '',
    confirmation_day: text(service?.confirmation_day ?? 45),
    substitute_mare_allowed: service?.substitute_mare_allowed ?? false,
    requires_signed_contract: service?.requires_signed_contract ?? true,
    contract_template_id: service?.contract_template_id ?? '',
    public: service?.public ?? false,
    notes: service?.notes ?? '',
  };
}

/** An amount in the stud's currency, typed as text. */
function FeeField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  required,
}: {
  form: FormOf<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  const { stud } = useStud();
  return (
    <TextInputField
      form={form}
      name={name}
      label={`${label} (${stud.currency})`}
      hint={hint}
      type="number"
      inputMode="decimal"
      min="0"
      step="0.01"
      required={required}
    />
  );
}

/**
 * The contract template a confirmed reservation of the service drafts its contract from: the
 * stud's active templates by name; `current`, the service's own, stays a choice when retired.
 */
function ContractTemplateField<T extends FieldValues>({
  form,
  name,
  current,
}: {
  form: FormOf<T>;
  name: Path<T>;
  current: string | null;
}) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const templates = useQuery({
    ...trpc.studContractTemplates.list.queryOptions({ studId, active: 'true' }),
    enabled: may('contracts.view'),
  });
  const listed = (templates.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const options =
    current && !listed.some((o) => o.value === current)
      ? [{ value: current, label: 'The current template (retired)' }, ...listed]
      : listed;
  return (
    <SelectInputField
      form={form}
      name={name}
      label="Contract template"
      hint="Confirming a reservation drafts its contract from it, for the client to sign."
      options={[
        { value: '', label: templates.isPending && may('contracts.view') ? 'Loading…' : 'None' },
        ...options,
      ]}
    />
  );
}

/**
 * A new service (of `stallionId` to begin with, when the list is filtered to one), or changes
 * to `service`. The whole service is sent: the server checks it as it will stand.
 */
export function ServiceForm({
  service,
  stallionId = '',
  onDone,
}: {
  service?: Service;
  stallionId?: string;
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(serviceForm, {
    defaultValues: defaultsOf(service, todayIn(stud.timezone).slice(0, 4), stallionId),
    save: (values) => {
      // Only a fixed-date balance takes a date; the box is hidden (and its value left) otherwise.
      const input = {
        ...values,
        balance_due_date: values.balance_due_on === 'fixed_date' ? values.balance_due_date : null,
      };
      return service
        ? client.studServices.update.mutate({ studId, serviceId: service.id, ...input })
        : client.studServices.create.mutate({ studId, ...input });
    },
    onSaved: async (_, { data }) => {
      // Stallions list their active services, prospects name theirs.
      await refresh([trpc.studServices.pathKey(), trpc.stallions.pathKey()]);
      toast(
        'success',
        `${data.stallion.name}'s ${serviceName(data).toLowerCase()} (${data.season}) was ${service ? 'saved' : 'added'}.`,
      );
      onDone();
    },
  });
  const fixedDate = form.watch('balance_due_on') === 'fixed_date';
  return (
    <form
      aria-label={service ? 'Edit service' : 'New service'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <StallionSelectField form={form} name="stallion_id" current={service?.stallion ?? null} />
        <TextInputField
          form={form}
          name="season"
          label="Season"
          hint="A label, such as the year."
          required
          autoComplete="off"
        />
        <SelectInputField
          form={form}
          name="method"
          label="Method"
          options={wordOptions(SERVICE_METHODS)}
        />
        <SelectInputField
          form={form}
          name="delivery"
          label="Delivery"
          hint="Shipped: fresh or frozen semen."
          options={wordOptions(SERVICE_DELIVERIES)}
        />
      </div>
      <fieldset className="mb-3 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Fees</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FeeField form={form} name="stud_fee" label="Stud fee" required />
          <FeeField
            form={form}
            name="booking_fee"
            label="Booking fee"
            hint="Paid on booking: part of the stud fee, at most all of it."
          />
          <FeeField
            form={form}
            name="extra_dose_price"
            label="Extra dose price"
            hint="Empty: no extra doses sold."
          />
          <FeeField
            form={form}
            name="shipping_fee"
            label="Shipping fee"
            hint="For shipped semen; empty: none."
          />
        </div>
      </fieldset>
      <fieldset className="mb-3 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Terms</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextInputField
            form={form}
            name="doses_included"
            label="Doses included"
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
          />
          <SelectInputField
            form={form}
            name="guarantee"
            label="Guarantee"
            options={wordOptions(SERVICE_GUARANTEES)}
          />
          <SelectInputField
            form={form}
            name="balance_due_on"
            label="Balance due"
            noun="Balance due date"
            options={BALANCE_DUE_ON.map((value) => ({
              value,
              label: BALANCE_DUE[value].charAt(0).toUpperCase() + BALANCE_DUE[value].slice(1),
            }))}
          />
          {fixedDate && (
            <TextInputField
              form={form}
              name="balance_due_date"
              label="Balance due date"
              type="date"
              required
            />
          )}
          <TextInputField
            form={form}
            name="confirmation_day"
            label="Pregnancy confirmed on day"
            noun="Confirmation day"
            hint="Days after the breeding (45 usually)."
            type="number"
            inputMode="numeric"
            min="1"
            max="120"
            step="1"
          />
        </div>
        <CheckboxField
          form={form}
          name="substitute_mare_allowed"
          label="Another mare may take the place"
        />
        <CheckboxField
          form={form}
          name="requires_signed_contract"
          label="A signed contract is required"
          hint="Before the first breeding or shipment."
        />
        <ContractTemplateField
          form={form}
          name="contract_template_id"
          current={service?.contract_template_id ?? null}
        />
      </fieldset>
      <CheckboxField
        form={form}
        name="public"
        label="Public"
        hint="Shown on the stallion's listing."
      />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions
        label={service ? 'Save service' : 'Add service'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
