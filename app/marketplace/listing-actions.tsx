'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import { Button, ConfirmButton, useWriteOutcome } from '../components/ui';
import { useTRPC } from '../trpc';
import { useListingQueryKeys } from './listing-bits';

/** The states each of a seller's actions starts from (C.3's table). */
const FROM: Record<string, readonly ListingStatus[]> = {
  edit: ['draft', 'pending', 'active', 'paused', 'rejected', 'expired'],
  submit: ['draft', 'rejected'],
  pause: ['active'],
  resume: ['paused'],
  markSold: ['active'],
  renew: ['active', 'expired'],
  delete: ['draft', 'rejected', 'expired'],
};

const can = (action: keyof typeof FROM, status: ListingStatus) => FROM[action]!.includes(status);

/**
 * A seller's actions on their listing, those its state allows: edit, submit for approval,
 * pause and resume, mark sold, renew, delete. Each names the listing for screen readers.
 */
export function ListingStateActions({
  listing,
  onDeleted,
  showEdit = true,
}: {
  listing: { id: string; title: string; status: ListingStatus };
  onDeleted?: () => void;
  /** False on the edit page itself. */
  showEdit?: boolean;
}) {
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const keys = [...useListingQueryKeys(), trpc.listingSearch.mine.pathKey()];
  const done = (message: string) => ({ onSuccess: onSuccess(keys, message), onError });
  const submit = useMutation(
    trpc.listings.submit.mutationOptions(done(`${listing.title} was submitted.`)),
  );
  const pause = useMutation(
    trpc.listings.pause.mutationOptions(done(`${listing.title} is paused.`)),
  );
  const resume = useMutation(
    trpc.listings.resume.mutationOptions(done(`${listing.title} is active again.`)),
  );
  const markSold = useMutation(
    trpc.listings.markSold.mutationOptions(done(`${listing.title} is marked sold.`)),
  );
  const renew = useMutation(
    trpc.listings.renew.mutationOptions(done(`${listing.title} was renewed.`)),
  );
  const remove = useMutation(
    trpc.listings.remove.mutationOptions({
      onSuccess: async (result) => {
        await onSuccess(keys, `${listing.title} was deleted.`)(result);
        onDeleted?.();
      },
      onError,
    }),
  );
  const busy = [submit, pause, resume, markSold, renew, remove].some((m) => m.isPending);
  const id = { id: listing.id };
  const what = <span className="sr-only"> {listing.title}</span>;
  const { status } = listing;
  return (
    <div role="group" aria-label={`Actions on ${listing.title}`} className="flex flex-wrap gap-2">
      {showEdit && can('edit', status) && (
        <Button variant="outline" size="sm" asChild>
          <Link href={`/marketplace/my/listings/${listing.id}/edit`}>Edit{what}</Link>
        </Button>
      )}
      {can('submit', status) && (
        <Button size="sm" disabled={busy} onClick={() => submit.mutate(id)}>
          Submit for approval{what}
        </Button>
      )}
      {can('pause', status) && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => pause.mutate(id)}>
          Pause{what}
        </Button>
      )}
      {can('resume', status) && (
        <Button size="sm" disabled={busy} onClick={() => resume.mutate(id)}>
          Resume{what}
        </Button>
      )}
      {can('markSold', status) && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => markSold.mutate(id)}>
          Mark sold{what}
        </Button>
      )}
      {can('renew', status) && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => renew.mutate(id)}>
          Renew{what}
        </Button>
      )}
      {can('delete', status) && (
        <ConfirmButton
          label="Delete"
          question="Delete this listing?"
          what={listing.title}
          disabled={busy}
          onConfirm={() => remove.mutate(id)}
        />
      )}
    </div>
  );
}
