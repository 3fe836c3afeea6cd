'use client';

import { useMutation } from '@tanstack/react-query';
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
  useToast,
} from '../components/ui';
import { fieldErrorsOf, fieldMessages, fileRefusal, type FileKind } from '../components/ui/errors';
import { uploadMedia } from './upload';

/** The photos the media routes take (server/media/media-file.ts: read from the bytes there). */
export const PHOTO_FILES: FileKind = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  name: 'photo',
  formats: 'JPEG, PNG or WebP',
  maxMb: 10,
};

/**
 * A refused upload's messages by the box they belong beside: the caption's, and all the others
 * (the file's, the horse's, a refusal of no field) beside the photo.
 */
function uploadErrors(error: Error): { file?: string; caption?: string } {
  const { caption, ...others } = fieldErrorsOf(error);
  const file = fieldMessages(others);
  return {
    file: file.length > 0 ? file.join(' ') : caption ? undefined : error.message,
    caption: caption && fieldMessages({ caption }).join(' '),
  };
}

/** A page of an organization's media, as its media list answers it. */
type PhotoPage = {
  data: {
    id: string;
    url: string;
    caption: string | null;
    filename: string;
    width: number | null;
    height: number | null;
  }[];
  meta: Parameters<typeof Pager>[0]['meta'];
};

/**
 * A horse's photos, of a school's or a stud's horse: the gallery for every member, upload and
 * delete for those allowed. The caller reads the page of photos and deletes through its own
 * organization's media routes; `refresh` re-reads what shows them.
 */
export function HorsePhotoGallery({
  horse,
  title,
  uploadPath,
  photos,
  onPage,
  refresh,
  canUpload,
  canDelete,
  onDelete,
  deleting,
}: {
  horse: { id: string; name: string };
  title: string;
  /** The organization's media route: `/api/schools/{id}/media`. */
  uploadPath: string;
  photos: Parameters<typeof QueryState>[0]['query'] & { data: PhotoPage | undefined };
  onPage: (page: number) => void;
  refresh: () => Promise<unknown>;
  canUpload: boolean;
  canDelete: boolean;
  onDelete: (mediaId: string) => void;
  deleting: boolean;
}) {
  const toast = useToast();
  return (
    <Card aria-labelledby="photos-heading">
      <CardTitle id="photos-heading">{title}</CardTitle>
      {canUpload && (
        <PhotoUpload
          uploadPath={uploadPath}
          horse={horse}
          onUploaded={async () => {
            onPage(1);
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
                  <figcaption className="mt-1 text-sm break-words text-muted-foreground">
                    {photo.caption ?? photo.filename}
                  </figcaption>
                </figure>
                {canDelete && (
                  <ConfirmButton
                    label="Delete"
                    question="Delete this photo?"
                    what={photo.caption ?? photo.filename}
                    disabled={deleting}
                    onConfirm={() => onDelete(photo.id)}
                  />
                )}
              </li>
            ))}
          </ul>
          <Pager meta={photos.data.meta} onPage={onPage} label="Photo pages" noun="photos" />
        </>
      )}
    </Card>
  );
}

function PhotoUpload({
  uploadPath,
  horse,
  onUploaded,
}: {
  uploadPath: string;
  horse: { id: string; name: string };
  onUploaded: () => Promise<unknown>;
}) {
  const fileId = useId();
  const captionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<{ file?: string; caption?: string }>({});
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: (photo: File) =>
      uploadMedia(uploadPath, photo, {
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
    onError: (error) => setErrors(uploadErrors(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setErrors({ file: 'Choose a photo to upload.' });
    const refusal = fileRefusal(file, [PHOTO_FILES]);
    if (refusal) return setErrors({ file: refusal });
    upload.mutate(file);
  }

  const { file: fileError, caption: captionError } = errors;
  return (
    <form
      aria-label="Upload a photo"
      onSubmit={submit}
      noValidate
      className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <div>
        <Label htmlFor={fileId}>
          Photo ({PHOTO_FILES.formats}, up to {PHOTO_FILES.maxMb} MB)
        </Label>
        <Input
          key={inputKey}
          id={fileId}
          type="file"
          accept={PHOTO_FILES.types.join(',')}
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
          aria-describedby={captionError ? `${captionId}-error` : undefined}
          onChange={(event) => setCaption(event.target.value)}
        />
        {captionError && (
          <p id={`${captionId}-error`} role="alert" className="m-0 mt-1 text-sm text-destructive">
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
