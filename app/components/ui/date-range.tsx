'use client';

import { DateField } from './date-field';

/**
 * A report's date range: "From" and "To", named as the reports' APIs name them (`start_date`,
 * `end_date`), each with its field errors.
 */
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
      <DateField
        label="From"
        name="start_date"
        noun="Start date"
        value={start}
        onChange={onStart}
        errors={errors.start_date}
      />
      <DateField
        label="To"
        name="end_date"
        noun="End date"
        value={end}
        onChange={onEnd}
        errors={errors.end_date}
      />
    </form>
  );
}
