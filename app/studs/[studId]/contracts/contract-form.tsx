'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { MAX_SIGNERS } from '@/db/schema/stud-breeding-values';
import {
  CONTRACT_KINDS,
  contractFields,
  signerFields,
  signersField,
  SIGNER_ROLES,
  type Contract,
} from '@/server/stud-contracts/contract-schema';
import {
  blankAs,
  Button,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { labelMessage } from '../../../components/ui/errors';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { ClientPicker, StudPickerField } from '../horses/pickers';
import { pairing } from '../reservations/reservation-ui';
import { useStud } from '../stud-context';
import { dayIn, endOfDay, useContractsRefresh } from './contract-ui';

const c = contractFields.shape;

/** A signer as the form's boxes hold it: the order typed as text. */
const signerForm = signerFields.extend({ order: numberText(signerFields.shape.order) });

/**
 * The API's contract fields as the form's boxes hold them: blank choices and an empty body
 * are left out (the template's body, the reservation's client), the expiry is a day.
 */
const contractForm = contractFields.extend({
  kind: blankAs(c.kind),
  client_id: blankAs(c.client_id),
  reservation_id: blankAs(c.reservation_id),
  template_id: blankAs(c.template_id),
  body: blankAs(c.body),
  signers: z.array(signerForm).pipe(signersField),
  expires_at: z.preprocess(endOfDay, c.expires_at),
});

const newSigner = (order: number, role: 'client' | 'stud' = 'client') => ({
  name: '',
  email: '',
  role,
  order: String(order),
});

/**
 * A new contract (from an active template, for a client and maybe one of the season's
 * reservations), or with `contract` a draft's changes: title, kind, client, body, 1 to 4
 * signers (name, e-mail, role, order) and the day its links expire (30 days after sending
 * when left empty). The server's 422s land beside their fields; `onSaved` gets the contract.
 */
export function ContractForm({
  contract,
  onDone,
  onSaved,
}: {
  contract?: Contract;
  onDone: () => void;
  onSaved?: (contract: Contract) => void;
}) {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const api = useTRPCClient();
  const refresh = useContractsRefresh();
  const toast = useToast();
  const templates = useQuery({
    ...trpc.studContractTemplates.list.queryOptions({ studId, active: 'true' }),
    enabled: !contract,
  });
  const { form, onSubmit, pending } = useRecordForm(contractForm, {
    defaultValues: {
      title: contract?.title ?? '',
      kind: contract?.kind ?? '',
      template_id: '',
      client_id: contract?.client_id ?? '',
      reservation_id: '',
      body: contract?.body ?? '',
      signers: contract?.signers.map((s) => ({ ...s, order: String(s.order) })) ?? [newSigner(1)],
      expires_at: contract?.expires_at ? dayIn(stud.timezone, contract.expires_at) : '',
    },
    save: ({ template_id, reservation_id, ...values }) =>
      contract
        ? api.studContracts.update.mutate({
            studId,
            contractId: contract.id,
            ...values,
            client_id: values.client_id ?? null,
            expires_at: values.expires_at ?? null,
          })
        : api.studContracts.create.mutate({ studId, template_id, reservation_id, ...values }),
    onSaved: async (_, { data }) => {
      await refresh();
      toast('success', `${data.number} was ${contract ? 'saved' : 'created as a draft'}.`);
      onSaved?.(data);
      onDone();
    },
  });
  const signers = useFieldArray({ control: form.control, name: 'signers' });
  const clientId = String(form.watch('client_id') ?? '');
  const templateId = String(form.watch('template_id') ?? '');
  const reservations = useQuery({
    ...trpc.reservations.list.queryOptions({
      studId,
      per_page: 100,
      ...(clientId ? { client_id: clientId } : {}),
    }),
    enabled: !contract && may('reservations.view'),
  });
  const client = useQuery({
    ...trpc.studClients.get.queryOptions({ studId, clientId }),
    enabled: Boolean(clientId) && may('clients.view'),
  });
  const chosenClient = client.data?.data;
  const template = templates.data?.data.find((t) => t.id === templateId);

  // A client chosen: the first signer is the client, unless already written.
  useEffect(() => {
    if (!chosenClient) return;
    const first = form.getValues('signers.0');
    if (first && !first.name && !first.email) {
      form.setValue('signers.0.name', chosenClient.display_name);
      form.setValue('signers.0.email', chosenClient.email ?? '');
      form.setValue('signers.0.role', 'client');
    }
  }, [chosenClient, form]);
  // A template chosen: its name is the title, unless already written.
  useEffect(() => {
    if (template && !form.getValues('title')) form.setValue('title', template.name);
  }, [template, form]);

  const signerErrors = form.formState.errors.signers as
    { message?: string; root?: { message?: string } } | undefined;
  const signersProblem = signerErrors?.message ?? signerErrors?.root?.message;
  const loading = (query: { isPending: boolean }) => (query.isPending ? 'Loading…' : 'None');

  return (
    <form
      aria-label={contract ? 'Edit contract' : 'New contract'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      {!contract && (
        <SelectInputField
          form={form}
          name="template_id"
          label="Template"
          hint={
            templates.data?.data.length === 0
              ? 'No active template: write one on the Templates page, or the body below.'
              : 'Its text is copied into the contract; empty: write the body below.'
          }
          options={[
            { value: '', label: loading(templates) },
            ...(templates.data?.data ?? []).map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
      )}
      <div className="grid gap-x-4 sm:grid-cols-[2fr_1fr]">
        <TextInputField form={form} name="title" label="Title" required autoComplete="off" />
        <SelectInputField
          form={form}
          name="kind"
          label="Kind"
          options={[
            { value: '', label: contract ? '—' : 'As the template' },
            ...wordOptions(CONTRACT_KINDS),
          ]}
        />
      </div>
      {may('clients.view') && (
        <StudPickerField
          form={form}
          name="client_id"
          label="Client"
          hint="Type part of a name or e-mail. Empty: the reservation’s client, if any."
          picker={ClientPicker}
          initial={
            contract?.client ? { value: contract.client.id, label: contract.client.name } : null
          }
        />
      )}
      {!contract && may('reservations.view') && (
        <SelectInputField
          form={form}
          name="reservation_id"
          label="Reservation"
          hint="Optional: its mare, stallion, season, terms and fees fill the placeholders."
          options={[
            { value: '', label: loading(reservations) },
            ...(reservations.data?.data ?? []).map((r) => ({
              value: r.id,
              label: `${pairing(r)} (${r.season})`,
            })),
          ]}
        />
      )}
      <TextareaField
        form={form}
        name="body"
        label="Body"
        rows={contract ? 12 : 4}
        className="[&_textarea]:font-mono [&_textarea]:text-sm"
        hint={
          contract
            ? 'Markdown with placeholders; editable while a draft.'
            : 'Empty: the template’s text. Markdown with placeholders such as {{client}}.'
        }
      />
      <fieldset className="mb-4 min-w-0 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Signers</legend>
        <p className="mt-0 text-sm text-muted-foreground">
          One to {MAX_SIGNERS}: each gets a signing link by e-mail; the order is their place on the
          document.
        </p>
        {signers.fields.map((signer, i) => {
          const which = `Signer ${i + 1}`;
          return (
            <div
              key={signer.id}
              role="group"
              aria-label={which}
              className="mb-2 grid items-start gap-x-3 border-b border-border sm:grid-cols-[1fr_1fr_9rem_8rem]"
            >
              <TextInputField
                form={form}
                name={`signers.${i}.name`}
                label={`${which} name`}
                required
                autoComplete="off"
              />
              <TextInputField
                form={form}
                name={`signers.${i}.email`}
                label={`${which} e-mail`}
                type="email"
                required
                autoComplete="off"
              />
              <SelectInputField
                form={form}
                name={`signers.${i}.role`}
                label={`${which} role`}
                options={wordOptions(SIGNER_ROLES)}
              />
              <TextInputField
                form={form}
                name={`signers.${i}.order`}
                label={`${which} order`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SIGNERS}
              />
              {signers.fields.length > 1 && (
                <p className="mt-0 sm:col-span-4">
                  <Button variant="outline" size="sm" onClick={() => signers.remove(i)}>
                    Remove {which.toLowerCase()}
                  </Button>
                </p>
              )}
            </div>
          );
        })}
        {signersProblem && (
          <p className="text-sm text-destructive" role="alert">
            {labelMessage(signersProblem, 'signers', 'Signers')}
          </p>
        )}
        {signers.fields.length < MAX_SIGNERS && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              signers.append(
                newSigner(
                  Math.max(0, ...form.getValues('signers').map((s) => Number(s.order) || 0)) + 1,
                  'stud',
                ),
              )
            }
          >
            Add signer
          </Button>
        )}
      </fieldset>
      <TextInputField
        form={form}
        name="expires_at"
        label="Links expire on"
        noun="Expiry date of the links"
        type="date"
        hint="Empty: 30 days after sending."
      />
      <FormErrorSummary form={form} />
      <FormActions
        label={contract ? 'Save contract' : 'Create draft'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
