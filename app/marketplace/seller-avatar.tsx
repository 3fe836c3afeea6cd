'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SellerProfile } from '@/server/marketplace/seller-profile-schema';
import {
  Card,
  CardTitle,
  cn,
  ConfirmButton,
  errorMessage,
  Label,
  useToast,
} from '../components/ui';
import { useTRPC, useTRPCClient } from '../trpc';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, uploadSellerMedia } from './seller-upload';

/** "Luna's stable" → "LS": the first letters of the first two words. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * A seller's picture, or their initials on a tinted disc when there is none. Decorative: the
 * seller's name is always written beside it.
 */
export function SellerAvatar({
  name,
  url,
  className,
}: {
  name: string;
  url: string | null;
  className?: string;
}) {
  const frame = cn('size-20 shrink-0 rounded-full', className);
  if (url) return <img src={url} alt="" className={cn(frame, 'object-cover')} />;
  return (
    <span
      aria-hidden
      className={cn(
        frame,
        'flex items-center justify-center bg-primary text-2xl font-bold text-primary-foreground',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * The profile's picture (C.2): uploaded to the profile's media without a subject, then named
 * as its `avatar_media_id`; removing it names none. A file the profile then refuses is
 * deleted again, so no loose upload stays behind.
 */
export function AvatarEditor({ profile }: { profile: SellerProfile }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = () =>
    Promise.all(
      [trpc.sellerProfiles.pathKey(), trpc.sellers.pathKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const name = (mediaId: string | null) =>
    client.sellerProfiles.update.mutate({ id: profile.id, avatar_media_id: mediaId });

  const replace = useMutation({
    mutationFn: async (file: File) => {
      const media = await uploadSellerMedia(profile.id, file, { onProgress: setProgress });
      try {
        await name(media.id);
      } catch (error) {
        await client.sellerMedia.remove
          .mutate({ id: profile.id, mediaId: media.id })
          .catch(() => undefined);
        throw error;
      }
    },
    onMutate: () => {
      setFailure(null);
      setProgress(0);
    },
    onSettled: () => setProgress(null),
    onSuccess: async () => {
      await refresh();
      toast('success', 'The picture was saved.');
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => name(null),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      await refresh();
      toast('success', 'The picture was removed.');
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const busy = replace.isPending || remove.isPending;

  function choose(file: File) {
    if (file.size > MAX_PHOTO_BYTES) setFailure('The picture is larger than 10 MB.');
    else replace.mutate(file);
  }

  return (
    <Card aria-labelledby="avatar-heading">
      <CardTitle id="avatar-heading">Picture</CardTitle>
      <div className="flex flex-wrap items-center gap-4">
        <SellerAvatar name={profile.display_name} url={profile.avatar_url} />
        <div className="min-w-0 flex-1">
          <Label htmlFor={inputId}>
            {profile.avatar_url ? 'Change the picture' : 'Add a picture'} (JPEG, PNG or WebP, up to
            10 MB)
          </Label>
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES}
            disabled={busy}
            className="block w-full max-w-full text-base"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) choose(file);
            }}
          />
          {progress !== null && (
            <progress
              className="mt-2 w-full"
              max={1}
              value={progress}
              aria-label="Uploading the picture"
            />
          )}
          {failure && (
            <p role="alert" className="mt-2 mb-0 text-destructive">
              {failure}
            </p>
          )}
          {profile.avatar_url && (
            <div className="mt-2">
              <ConfirmButton
                label="Remove the picture"
                question="Remove it?"
                disabled={busy}
                onConfirm={() => remove.mutate()}
              />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
