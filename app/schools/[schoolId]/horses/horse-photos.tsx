'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorToast, useToast } from '../../../components/ui';
import { HorsePhotoGallery } from '../../../media/horse-photo-gallery';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

/** A school horse's photos, through the school's media routes. */
export function HorsePhotos({ horse }: { horse: { id: string; name: string } }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const [page, setPage] = useState(1);
  const photos = useQuery(
    trpc.media.list.queryOptions({
      schoolId,
      subject_type: 'horse',
      subject_id: horse.id,
      page,
      per_page: 24,
    }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
  const remove = useMutation(
    trpc.media.remove.mutationOptions({
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
      title={`Photos of ${horse.name}`}
      uploadPath={`/api/schools/${schoolId}/media`}
      photos={photos}
      onPage={setPage}
      refresh={refresh}
      canUpload={may('media.create')}
      canDelete={may('media.delete')}
      onDelete={(mediaId) => remove.mutate({ schoolId, mediaId })}
      deleting={remove.isPending}
    />
  );
}
