'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import { reasonInput } from '@/server/marketplace/listing-schema';
import {
  Dialog,
  FormActions,
  FormErrorSummary,
  RowActions,
  TextareaField,
  useRecordForm,
  useWriteOutcome,
  type RowAction,
} from '../../components/ui';
import { useTRPC, useTRPCClient } from '../../trpc';

type Decision = 'reject' | 'suspend';

const DECISION_WORDS: Record<Decision, { title: string; label: string; done: string }> = {
  reject: { title: 'Reject listing', label: 'Reject', done: 'was rejected' },
  suspend: { title: 'Suspend listing', label: 'Suspend', done: 'was suspended' },
};

/** Listings an administrator may suspend: all but those already gone or sold (C.3). */
const SUSPENDABLE: readonly ListingStatus[] = [
  'draft',
  'pending',
  'active',
  'paused',
  'expired',
  'rejected',
];

/**
 * An administrator's decisions on a listing, those its state allows: approve or reject a
 * pending one, suspend, reinstate a suspended one, dismiss its open reports; on a phone the
 * first stays a button and the others go behind "More". Reject and suspend ask for the
 * reason the seller is told.
 */
export function ModerationActions({
  listing,
  openReports,
  compact = false,
}: {
  listing: { id: string; title: string; status: ListingStatus };
  openReports: number;
  /** In a queue's row: only the decisions of its queue's usual case. */
  compact?: boolean;
}) {
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const [asking, setAsking] = useState<Decision | null>(null);
  const keys = [trpc.admin.moderation.pathKey()];
  const approve = useMutation(
    trpc.admin.moderation.approve.mutationOptions({
      onSuccess: onSuccess(keys, `${listing.title} was approved.`),
      onError,
    }),
  );
  const reinstate = useMutation(
    trpc.admin.moderation.reinstate.mutationOptions({
      onSuccess: onSuccess(keys, `${listing.title} was reinstated.`),
      onError,
    }),
  );
  const dismiss = useMutation(
    trpc.admin.moderation.dismissReports.mutationOptions({
      onSuccess: onSuccess(keys, `The reports on ${listing.title} were dismissed.`),
      onError,
    }),
  );
  const busy = approve.isPending || reinstate.isPending || dismiss.isPending;
  const id = { id: listing.id };
  const { status } = listing;
  // Reject and suspend ask for the reason in their own dialog, which is their confirmation.
  const actions: (RowAction | false)[] = [
    status === 'pending' && { label: 'Approve', onSelect: () => approve.mutate(id) },
    status === 'pending' && {
      label: 'Reject',
      danger: true,
      onSelect: () => setAsking('reject'),
    },
    status === 'suspended' && { label: 'Reinstate', onSelect: () => reinstate.mutate(id) },
    openReports > 0 && { label: 'Dismiss reports', onSelect: () => dismiss.mutate(id) },
    SUSPENDABLE.includes(status) &&
      (!compact || openReports > 0) && {
        label: 'Suspend',
        danger: true,
        onSelect: () => setAsking('suspend'),
      },
  ];
  return (
    <div role="group" aria-label={`Decisions on ${listing.title}`}>
      <RowActions
        what={listing.title}
        actions={actions
          .filter((action): action is RowAction => action !== false)
          .map((action) => ({ ...action, disabled: busy }))}
      />
      <Dialog
        title={asking ? DECISION_WORDS[asking].title : ''}
        description={`“${listing.title}”: the seller is told the reason.`}
        open={asking !== null}
        onClose={() => setAsking(null)}
      >
        {asking && (
          <ReasonForm listing={listing} decision={asking} onDone={() => setAsking(null)} />
        )}
      </Dialog>
    </div>
  );
}

function ReasonForm({
  listing,
  decision,
  onDone,
}: {
  listing: { id: string; title: string };
  decision: Decision;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { onSuccess } = useWriteOutcome();
  const words = DECISION_WORDS[decision];
  const { form, onSubmit, pending } = useRecordForm(reasonInput, {
    defaultValues: { reason: '' },
    save: (values) => client.admin.moderation[decision].mutate({ id: listing.id, ...values }),
    onSaved: async (_values, result) => {
      await onSuccess([trpc.admin.moderation.pathKey()], `${listing.title} ${words.done}.`)(result);
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3">
      <TextareaField form={form} name="reason" label="Reason" rows={4} required />
      <FormErrorSummary form={form} />
      <FormActions label={words.label} pending={pending} onCancel={onDone} />
    </form>
  );
}
