'use client';

import { ImageOff } from 'lucide-react';
import { useId } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { StudHorse } from '@/server/stud-herd/horse-schema';
import { cn, type FormOf } from '../../../components/ui';

/** A line of text with its first letter a capital, where it starts a cell or a value. */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The content route of a stud's stored file, for an `<img>` or a download link. */
export const mediaContentUrl = (studId: string, mediaId: string) =>
  `/api/studs/${studId}/media/${mediaId}/content`;

/** Who owns the horse, as a line: the stud, or the owner client. */
export function ownershipText(horse: Pick<StudHorse, 'ownership' | 'owner_client'>) {
  if (horse.ownership === 'own') return "the stud's own";
  const owner = horse.owner_client?.display_name ?? 'unknown client';
  return horse.ownership === 'leased' ? `leased from ${owner}` : `owned by ${owner}`;
}

/** The horse's latest photo, or a placeholder of the same size. */
export function HorseThumb({
  studId,
  horse,
  className,
}: {
  studId: string;
  horse: Pick<StudHorse, 'name' | 'photo_id'>;
  className?: string;
}) {
  const box = cn('size-16 shrink-0 rounded-md border border-border', className);
  if (!horse.photo_id)
    return (
      <span
        className={cn(box, 'flex items-center justify-center bg-background text-muted-foreground')}
      >
        <ImageOff aria-hidden className="size-6" />
        <span className="sr-only">No photo of {horse.name}</span>
      </span>
    );
  return (
    // A plain img: the content route streams the stored file to the signed-in browser.
    <img
      src={mediaContentUrl(studId, horse.photo_id)}
      alt={`Photo of ${horse.name}`}
      loading="lazy"
      className={cn(box, 'object-cover')}
    />
  );
}

/** A checkbox bound to a boolean field of the form, its label beside it. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  disabled,
}: {
  form: FormOf<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-primary"
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...form.register(name)}
        />
        <label htmlFor={id} className="mb-0 font-semibold">
          {label}
        </label>
      </div>
      {hint && (
        <small id={`${id}-hint`} className="text-muted-foreground">
          {hint}
        </small>
      )}
    </div>
  );
}
