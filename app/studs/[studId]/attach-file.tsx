'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, errorMessage, Input, Label, useToast } from '../../components/ui';
import { fileRefusal, type FileKind } from '../../components/ui/errors';
import { PHOTO_FILES } from '../../media/horse-photo-gallery';
import { uploadMedia } from '../../media/upload';
import { useStud } from './stud-context';

/** What the media routes take: photos, and PDFs to a larger size (server/media/media-file.ts). */
const ATTACHMENTS: FileKind[] = [
  PHOTO_FILES,
  { types: ['application/pdf'], name: 'PDF', maxMb: 20 },
];

/**
 * Attaches a photo or a PDF to a record of the stud through its media routes (`subject`: the
 * media subject type and the record's id); `what` names it in the form ("a receipt").
 */
export function AttachFile({
  subject,
  what,
  attachedTo,
  onAttached,
}: {
  subject: { type: string; id: string };
  what: string;
  /** The record in the success message: "attached to the expense". */
  attachedTo: string;
  onAttached: () => Promise<unknown>;
}) {
  const { studId } = useStud();
  const toast = useToast();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      uploadMedia(`/api/studs/${studId}/media`, chosen, {
        subject_type: subject.type,
        subject_id: subject.id,
      }),
    onSuccess: async (media) => {
      setFile(null);
      setError(null);
      setInputKey((key) => key + 1);
      await onAttached();
      toast('success', `${media.filename} was attached to ${attachedTo}.`);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a file to attach.');
    const refusal = fileRefusal(file, ATTACHMENTS);
    if (refusal) return setError(refusal);
    upload.mutate(file);
  }
  return (
    <form
      aria-label={`Attach ${what}`}
      noValidate
      onSubmit={submit}
      className="mt-4 grid gap-3 border-t border-border pt-3 sm:grid-cols-[1fr_auto]"
    >
      <div>
        <Label htmlFor={fileId}>Attach {what} (photo or PDF)</Label>
        <Input
          key={inputKey}
          id={fileId}
          type="file"
          accept={ATTACHMENTS.flatMap((kind) => kind.types).join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        {error && (
          <p id={`${fileId}-error`} role="alert" className="m-0 mt-1 text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="self-end">
        <Button type="submit" variant="outline" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Attach'}
        </Button>
      </div>
    </form>
  );
}
