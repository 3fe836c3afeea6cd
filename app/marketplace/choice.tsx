'use client';

import { useState } from 'react';
import { Label, NativeSelect, Options, type Option } from '../components/ui';

/**
 * Which of `items` a page is about: the one chosen (at first `initial`), or the first while none
 * is or the chosen one is gone. The setter takes the id of another.
 */
export function useChoice<T extends { id: string }>(items: readonly T[] | undefined, initial = '') {
  const [chosen, setChosen] = useState(initial);
  return [items?.find((item) => item.id === chosen) ?? items?.[0], setChosen] as const;
}

/** The select that chooses it, under its label. */
export function ChoiceSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (id: string) => void;
}) {
  return (
    <div className="mb-3 max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <Options options={options} />
      </NativeSelect>
    </div>
  );
}
