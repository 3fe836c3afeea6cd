'use client';

import { useId } from 'react';
import { get, type FieldValues, type Path } from 'react-hook-form';
import type { FormOf } from '../components/ui';
import { labelMessage } from '../components/ui/errors';

/**
 * A consent: a checkbox with the consent text as its label, and the refusal beside it when it
 * is not ticked (the server answers 422 without it), in the person's words: "The consent field
 * must be accepted." is said "Tick the box to agree.". Phone first: a large box.
 */
export function ConsentField<T extends FieldValues>({
  form,
  name,
  text,
}: {
  form: FormOf<T>;
  name: Path<T>;
  text: string;
}) {
  const id = useId();
  const said = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const message = said && labelMessage(said, name, 'Consent');
  return (
    <div className="mb-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-6 shrink-0 accent-primary"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...form.register(name)}
        />
        <label htmlFor={id} className="mb-0 font-normal">
          {text}
        </label>
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
