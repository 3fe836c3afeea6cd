'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  Empty,
  Input,
  Label,
  Pager,
  QueryState,
  useErrorToast,
  useToast,
} from '../../../components/ui';
import { fieldErrorsOf } from '../../../components/ui/errors';
import { uploadMedia } from '../../../media/upload';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const MAX_PHOTO_MB = 10;

/** A horse's photos: the gallery for every member, upload and delete for those allowed. */
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
    <Card aria-labelledby="photos-heading">
      <CardTitle id="photos-heading">Photos of {horse.name}</CardTitle>
      {may('media.create') && (
        <PhotoUpload
          schoolId={schoolId}
          horse={horse}
          onUploaded={async () => {
            setPage(1);
            await refresh();
            toast('success', `The photo of ${horse.name} was added.`);
          }}
        />
      )}
      {!photos.data ? (
        <QueryState what="the photos" query={photos} />
      ) : photos.data.data.length === 0 ? (
        <Empty>No photos of {horse.name} yet.</Empty>
      ) : (
        <>
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4">
            {photos.data.data.map((photo) => (
              <li key={photo.id}>
                <figure className="m-0">
                  {/* A plain img: the content route streams the stored file to the signed-in browser. */}
                  <img
                    src={photo.url}
                    alt={photo.caption ?? `Photo of ${horse.name}`}
                    loading="lazy"
                    width={photo.width ?? undefined}
                    height={photo.height ?? undefined}
                    className="aspect-square h-auto w-full rounded-md border border-border object-cover"
                  />
                  <figcaption className="mt-1 text-sm text-muted-foreground">
                    {photo.caption ?? photo.filename}
                  </figcaption>
                </figure>
                {may('media.delete') && (
                  <ConfirmButton
                    label="Delete"
                    question="Delete this photo?"
                    what={photo.caption ?? photo.filename}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate({ schoolId, mediaId: photo.id })}
                  />
                )}
              </li>
            ))}
          </ul>
          <Pager meta={photos.data.meta} onPage={setPage} label="Photo pages" noun="photos" />
        </>
      )}
    </Card>
  );
}

function PhotoUpload({
  schoolId,
  horse,
  onUploaded,
}: {
  schoolId: string;
  horse: { id: string; name: string };
  onUploaded: () => Promise<void>;
}) {
  const fileId = useId();
  const captionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: (photo: File) =>
      uploadMedia(`/api/schools/${schoolId}/media`, photo, {
        subject_type: 'horse',
        subject_id: horse.id,
        caption: caption.trim(),
      }),
    onSuccess: async () => {
      setFile(null);
      setCaption('');
      setErrors({});
      setInputKey((key) => key + 1);
      await onUploaded();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { file: [error.message] });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setErrors({ file: ['Choose a photo to upload.'] });
    if (file.size > MAX_PHOTO_MB * 1024 * 1024)
      return setErrors({ file: [`A photo may be at most ${MAX_PHOTO_MB} MB.`] });
    upload.mutate(file);
  }

  const fileError = errors.file?.join(' ');
  const captionError = errors.caption?.join(' ');
  return (
    <form onSubmit={submit} noValidate className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <div>
        <Label htmlFor={fileId}>Photo (JPEG, PNG or WebP, up to {MAX_PHOTO_MB} MB)</Label>
        <Input
          key={inputKey}
          id={fileId}
          type="file"
          accept={PHOTO_TYPES}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors({});
          }}
        />
        {fileError && (
          <p id={`${fileId}-error`} role="alert" className="m-0 mt-1 text-sm text-destructive">
            {fileError}
          </p>
        )}
      </div>
      <div>
        <Label htmlFor={captionId}>Caption (optional)</Label>
        <Input
          id={captionId}
          value={caption}
          maxLength={500}
          aria-invalid={captionError ? true : undefined}
          onChange={(event) => setCaption(event.target.value)}
        />
        {captionError && (
          <p role="alert" className="m-0 mt-1 text-sm text-destructive">
            {captionError}
          </p>
        )}
      </div>
      <div className="self-end">
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload photo'}
        </Button>
      </div>
    </form>
  );
}
