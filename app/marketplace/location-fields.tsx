'use client';

import type { FieldValues, Path } from 'react-hook-form';
import { TextInputField, type FormOf } from '../components/ui';

/**
 * A place as listings and seller profiles hold it (`location.city`, `.state`, `.country`):
 * three boxes side by side from a tablet up, one under the other on a phone.
 */
export function LocationFields<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const name = (part: 'city' | 'state' | 'country') => `location.${part}` as Path<T>;
  return (
    <div className="grid gap-x-4 sm:grid-cols-3">
      <TextInputField form={form} name={name('city')} label="City" autoComplete="address-level2" />
      <TextInputField
        form={form}
        name={name('state')}
        label="State"
        autoComplete="address-level1"
      />
      <TextInputField
        form={form}
        name={name('country')}
        label="Country"
        hint="Two letters: US, ES"
        maxLength={2}
        autoComplete="country"
      />
    </div>
  );
}

/** A stored place as the three boxes hold it: blank where it is not given. */
export const locationValues = (location?: {
  city: string | null;
  state: string | null;
  country: string | null;
}) => ({
  city: location?.city ?? '',
  state: location?.state ?? '',
  country: location?.country ?? '',
});
