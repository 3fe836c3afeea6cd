'use client';

import { useId } from 'react';
import { Input, Label } from '../../../components/ui';

/** One end of a report's range; the server's 422 about it (a start after the end) beside it. */
function DateField({
  label,
  value,
  onChange,
  errors,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const id = useId();
  return (
    <div className="mb-3 w-full max-w-[12rem]">
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
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A report's date range: "From" and "To", each with its field errors. */
export function DateRange({
  name,
  start,
  end,
  onStart,
  onEnd,
  errors,
}: {
  name: string;
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  errors: Record<string, string[]>;
}) {
  return (
    <form
      aria-label={name}
      className="flex flex-wrap gap-x-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <DateField label="From" value={start} onChange={onStart} errors={errors.start_date} />
      <DateField label="To" value={end} onChange={onEnd} errors={errors.end_date} />
    </form>
  );
}
