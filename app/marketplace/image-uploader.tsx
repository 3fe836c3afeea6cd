'use client';

import { useMutation } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { MAX_LISTING_IMAGES } from '@/db/schema/marketplace-values';
import type { Listing } from '@/server/marketplace/listing-schema';
import {
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  Label,
  useToast,
  useWriteOutcome,
} from '../components/ui';
import { useTRPC } from '../trpc';
import { useListingQueryKeys } from './listing-bits';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, uploadSellerMedia } from './seller-upload';

type Upload = { key: number; name: string; progress: number; error: string | null };

/**
 * A listing's photos (at most 20): add several at once with their progress, move one up or
 * down, remove one. The order is the listing's; the first is its card's photo.
 */
export function ImageUploader({
  listing,
  onChanged,
}: {
  listing: Listing;
  onChanged: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const inputId = useId();
  const next = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const { onSuccess, onError } = useWriteOutcome();
  const keys = [...useListingQueryKeys(), trpc.listingSearch.mine.pathKey()];
  const reorder = useMutation(
    trpc.listings.update.mutationOptions({
      onSuccess: onSuccess(keys, 'The photos were updated.'),
      onError,
    }),
  );
  const images = listing.images;
  const room = MAX_LISTING_IMAGES - images.length - uploads.filter((u) => !u.error).length;
  const frozen = ['sold', 'suspended', 'removed', 'archived'].includes(listing.status);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function addFiles(files: File[]) {
    if (files.length > room) {
      toast(
        'error',
        `A listing holds ${MAX_LISTING_IMAGES} photos: add at most ${Math.max(room, 0)} more.`,
      );
      files = files.slice(0, Math.max(room, 0));
    }
    const queued = files.map((file) => ({ file, key: ++next.current }));
    setUploads((current) => [
      ...current,
      ...queued.map(({ file, key }) => ({
        key,
        name: file.name,
        progress: 0,
        error: file.size > MAX_PHOTO_BYTES ? 'Larger than 10 MB.' : null,
      })),
    ]);
    // One after the other: the listing takes them in the order chosen.
    for (const { file, key } of queued) {
      if (file.size > MAX_PHOTO_BYTES) continue;
      try {
        await uploadSellerMedia(listing.seller.id, file, {
          subject: { type: 'listing', id: listing.id },
          onProgress: (share) => patch(key, { progress: share }),
        });
        setUploads((current) => current.filter((u) => u.key !== key));
        await onChanged();
      } catch (error) {
        patch(key, { error: (error as Error).message });
      }
    }
  }

  function move(index: number, step: -1 | 1) {
    const ids = images.map((image) => image.id);
    [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
    reorder.mutate({ id: listing.id, image_ids: ids });
  }

  return (
    <Card aria-labelledby="photos-heading">
      <CardTitle id="photos-heading">
        Photos ({images.length} of {MAX_LISTING_IMAGES})
      </CardTitle>
      {listing.status === 'active' && (
        <p className="mt-0 text-muted-foreground">
          Changing the photos of an active listing sends it back for approval.
        </p>
      )}
      {images.length > 0 && (
        <ol
          aria-label="Photos of the listing"
          className="m-0 mb-3 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4"
        >
          {images.map((image, index) => (
            <li key={image.id} className="flex flex-col gap-1">
              <img
                src={image.url}
                alt={`Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`}
                className="aspect-[4/3] w-full rounded-md object-cover"
              />
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0 || reorder.isPending || frozen}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === images.length - 1 || reorder.isPending || frozen}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
                <ConfirmButton
                  label="Remove"
                  question="Remove it?"
                  what={`photo ${index + 1}`}
                  disabled={reorder.isPending || frozen}
                  onConfirm={() =>
                    reorder.mutate({
                      id: listing.id,
                      image_ids: images.filter((other) => other.id !== image.id).map((o) => o.id),
                    })
                  }
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="m-0 mb-3 list-none p-0">
          {uploads.map((upload) => (
            <li key={upload.key} className="mb-2">
              <span className="break-all">{upload.name}</span>{' '}
              {upload.error ? (
                <span role="alert" className="text-destructive">
                  {upload.error}{' '}
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() =>
                      setUploads((current) => current.filter((u) => u.key !== upload.key))
                    }
                  >
                    Dismiss
                  </Button>
                </span>
              ) : (
                <progress
                  className="w-full"
                  max={1}
                  value={upload.progress}
                  aria-label={`Uploading ${upload.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {!frozen && room > 0 && (
        <div>
          <Label htmlFor={inputId}>Add photos (JPEG, PNG or WebP, up to 10 MB each)</Label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={PHOTO_TYPES}
            className="block w-full max-w-full text-base"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length) void addFiles(files);
            }}
          />
        </div>
      )}
    </Card>
  );
}
