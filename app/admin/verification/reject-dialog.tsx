'use client';

import { rejectFields, type VerificationRequest } from '@/server/admin/verification-schema';
import {
  Dialog,
  FormActions,
  FormErrorSummary,
  TextareaField,
  useRecordForm,
  useToast,
} from '../../components/ui';
import { useTRPCClient } from '../../trpc';
import { useInvalidateVerification } from './use-invalidate-verification';

/** Rejecting needs a reason: the owners are told it. */
export function RejectDialog({
  request,
  onClose,
}: {
  request: VerificationRequest | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={request ? `Reject ${request.organization.name}` : 'Reject'}
      description="The organization's owners receive this reason."
      open={request !== null}
      onClose={onClose}
    >
      {request && <RejectForm request={request} onDone={onClose} />}
    </Dialog>
  );
}

function RejectForm({ request, onDone }: { request: VerificationRequest; onDone: () => void }) {
  const client = useTRPCClient();
  const toast = useToast();
  const invalidate = useInvalidateVerification();
  const { form, onSubmit, pending } = useRecordForm(rejectFields, {
    defaultValues: { reason: '' },
    save: (values) =>
      client.admin.verificationRequests.reject.mutate({ id: request.id, ...values }),
    onSaved: async () => {
      await invalidate();
      toast('success', `The request of ${request.organization.name} was rejected.`);
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3">
      <TextareaField form={form} name="reason" label="Reason" required rows={4} />
      <FormErrorSummary form={form} />
      <FormActions
        label="Reject request"
        pending={pending}
        pendingLabel="Rejecting…"
        onCancel={onDone}
      />
    </form>
  );
}
