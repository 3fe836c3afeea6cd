'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import { Button, RowActions, useWriteOutcome, type RowAction } from '../components/ui';
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
 * A seller's actions on their listing, those its state allows: edit (a link to its form),
 * submit for approval, pause and resume, mark sold, renew, delete. Each names the listing for
 * screen readers; on a phone the state's next step stays a button and the others go behind
 * "More".
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
  const { status } = listing;
  // The state's next step first: the one that stays a button on a phone.
  const actions: (RowAction | false)[] = [
    can('submit', status) && { label: 'Submit for approval', onSelect: () => submit.mutate(id) },
    can('resume', status) && { label: 'Resume', onSelect: () => resume.mutate(id) },
    can('markSold', status) && { label: 'Mark sold', onSelect: () => markSold.mutate(id) },
    can('renew', status) && { label: 'Renew', onSelect: () => renew.mutate(id) },
    can('pause', status) && { label: 'Pause', onSelect: () => pause.mutate(id) },
    can('delete', status) && {
      label: 'Delete',
      onSelect: () => remove.mutate(id),
      destructive: true,
      confirm: 'Delete this listing?',
    },
  ];
  return (
    <div
      role="group"
      aria-label={`Actions on ${listing.title}`}
      className="flex flex-wrap items-center gap-2"
    >
      {showEdit && can('edit', status) && (
        <Button variant="outline" size="sm" asChild>
          <Link href={`/marketplace/my/listings/${listing.id}/edit`}>
            Edit<span className="sr-only"> {listing.title}</span>
          </Link>
        </Button>
      )}
      <RowActions
        what={listing.title}
        actions={actions
          .filter((action): action is RowAction => action !== false)
          .map((action) => ({ ...action, disabled: busy }))}
      />
    </div>
  );
}
