'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorToast, useToast } from '../../../../components/ui';
import { HorsePhotoGallery } from '../../../../media/horse-photo-gallery';
import { useTRPC } from '../../../../trpc';
import { useStud } from '../../stud-context';

/** A stud horse's photos, through the stud's media routes. */
export function HorsePhotos({ horse }: { horse: { id: string; name: string } }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const [page, setPage] = useState(1);
  const photos = useQuery(
    trpc.studMedia.list.queryOptions({
      studId,
      subject_type: 'horse',
      subject_id: horse.id,
      page,
      per_page: 24,
    }),
  );
  // The herd's thumbnails show the latest photo: refresh them with the gallery.
  const refresh = () =>
    Promise.all(
      [trpc.studMedia.pathKey(), trpc.studHorses.pathKey(), trpc.stallions.pathKey()].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const remove = useMutation(
    trpc.studMedia.remove.mutationOptions({
      onError: showError,
      onSuccess: async () => {
        await refresh();
        toast('success', 'The photo was deleted.');
      },
    }),
  );
  return (
    <HorsePhotoGallery
      horse={horse}
      title="Photos"
      uploadPath={`/api/studs/${studId}/media`}
      photos={photos}
      onPage={setPage}
      refresh={refresh}
      canUpload={may('media.create')}
      canDelete={may('media.delete')}
      onDelete={(mediaId) => remove.mutate({ studId, mediaId })}
      deleting={remove.isPending}
    />
  );
}
