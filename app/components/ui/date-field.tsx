'use client';

import { useId } from 'react';
import { labelMessage } from './errors';
import { Input, Label } from './input';

/**
 * A date box of a report's range, the server's 422 about it (a start after the end) beside it;
 * given the request field the errors are about (`name`, as `start_date`), they name the box
 * by its `noun` or label, as a form's messages do ("From" is said "Start date").
 */
export function DateField({
  label,
  name,
  noun,
  value,
  onChange,
  errors,
}: {
  label: string;
  name?: string;
  noun?: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const id = useId();
  return (
    <div className="mb-3 w-full max-w-xs">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {errors && (
        <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
          {errors
            .map((message) => (name ? labelMessage(message, name, noun ?? label) : message))
            .join(' ')}
        </p>
      )}
    </div>
  );
}
