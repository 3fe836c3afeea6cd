'use client';

import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ORGANIZATION_STATUSES, updateOrganizationInput } from '@/server/admin/organization-schema';
import type { AppRouter } from '@/server/router';
import {
  applyServerErrors,
  Button,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useErrorToast,
  useToast,
  useZodForm,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { wordOptions } from '@/app/components/ui';
import { useInvalidateOrganizations } from './use-invalidate-organizations';

export type Organization =
  inferRouterOutputs<AppRouter>['admin']['organizations']['list']['data'][number];
type Changes = z.output<typeof updateOrganizationInput>;

/** The profile, verification and status; suspending asks once more before it is saved. */
export function EditOrganizationForm({
  organization,
  onDone,
}: {
  organization: Organization;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const invalidate = useInvalidateOrganizations();
  const { name, timezone, currency, verified, status } = organization;
  const form = useZodForm(updateOrganizationInput, {
    defaultValues: { name, timezone, currency, verified, status },
  });
  // The changes waiting for "Yes, suspend and save".
  const [confirming, setConfirming] = useState<Changes | null>(null);
  const update = useMutation(
    trpc.admin.organizations.update.mutationOptions({
      onSuccess: async (result) => {
        await invalidate();
        toast('success', `${result.data.name} was saved.`);
        onDone();
      },
      onError: (error) => {
        setConfirming(null);
        applyServerErrors(form, error);
        showError(error);
      },
    }),
  );
  const save = (changes: Changes) => update.mutate({ id: organization.id, ...changes });
  useEffect(() => {
    // Another status chosen: the question no longer stands.
    const subscription = form.watch((_values, { name }) => {
      if (name === 'status') setConfirming(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((changes) =>
        changes.status === 'suspended' && status !== 'suspended'
          ? setConfirming(changes)
          : save(changes),
      )}
    >
      <TextInputField form={form} name="name" label="Name" required />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="timezone" label="Time zone" required />
        <TextInputField form={form} name="currency" label="Currency" required maxLength={3} />
      </div>
      <SelectInputField
        form={form}
        name="status"
        label="Status"
        options={wordOptions(ORGANIZATION_STATUSES)}
        hint="A suspended organization is hidden from its members."
      />
      <div className="mb-4 flex items-center gap-2">
        <input
          id="organization-verified"
          type="checkbox"
          className="size-5 accent-primary"
          {...form.register('verified')}
        />
        <label htmlFor="organization-verified" className="mb-0">
          Verified
        </label>
      </div>
      <FormErrorSummary form={form} />
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm suspension"
          className="flex flex-wrap items-center gap-2"
        >
          <span>Suspend {organization.name}? Its members lose access to it.</span>
          <Button
            variant="destructive"
            size="sm"
            disabled={update.isPending}
            onClick={() => save(confirming)}
          >
            Yes, suspend and save
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <FormActions
          label="Save organization"
          pending={update.isPending}
          onCancel={onDone}
          cancelLabel="Close"
        />
      )}
    </form>
  );
}
