'use client';

import { useMemo } from 'react';
import { Input, Label, NativeSelect, Textarea } from '../../components/ui';
import { labelOf } from './setting-labels';
import type { Draft, Setting } from './setting-values';

/** The id of a setting's control, which the error summary links to. */
export const fieldId = (key: string) => `setting-${key.replace(/\./g, '-')}`;

/** Every ISO 4217 code the browser knows, with its name: `EUR — Euro`. */
function useCurrencies(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    const codes = new Set(Intl.supportedValuesOf('currency'));
    if (current) codes.add(current);
    return [...codes]
      .sort()
      .map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
  }, [current]);
}

function CurrencySelect(props: React.ComponentProps<typeof NativeSelect> & { value: string }) {
  const currencies = useCurrencies(props.value);
  return (
    <NativeSelect {...props} className="sm:max-w-sm">
      {currencies.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** One setting: its control by its type, its label and help, and what the server refused. */
export function SettingField({
  setting,
  draft,
  error,
  disabled,
  onChange,
}: {
  setting: Setting;
  draft: Draft;
  error: string | undefined;
  disabled: boolean;
  onChange: (draft: Draft) => void;
}) {
  const { label, help, unit, min, max, choices, multiline } = labelOf(
    setting.key,
    setting.description,
  );
  const id = fieldId(setting.key);
  const control = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [`${id}-help`, unit && `${id}-unit`, error && `${id}-error`].filter(Boolean).join(' ') ||
      undefined,
  };
  const text = typeof draft === 'string' ? draft : '';
  const notes = (
    <>
      <p id={`${id}-help`} className="mt-1 mb-0 text-sm text-muted-foreground">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 mb-0 text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );

  if (setting.type === 'boolean') {
    return (
      <div className="mb-5">
        <div className="flex items-center gap-3">
          <input
            {...control}
            type="checkbox"
            role="switch"
            className="size-5 shrink-0 accent-primary"
            checked={draft === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <Label htmlFor={id} className="mb-0">
            {label}
          </Label>
        </div>
        {notes}
      </div>
    );
  }

  const optional = setting.nullable && (
    <span className="font-normal text-muted-foreground"> (optional)</span>
  );
  let input: React.ReactNode;
  if (setting.type === 'integer') {
    input = (
      <div className="flex items-center gap-2">
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          className="w-28"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
        {unit && (
          <span id={`${id}-unit`} className="text-muted-foreground">
            {unit}
          </span>
        )}
      </div>
    );
  } else if (choices === 'currency') {
    input = (
      <CurrencySelect
        {...control}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (multiline) {
    input = (
      <Textarea {...control} value={text} onChange={(event) => onChange(event.target.value)} />
    );
  } else {
    input = (
      <Input
        {...control}
        type={setting.type === 'email' ? 'email' : 'text'}
        className="sm:max-w-md"
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="mb-5">
      <Label htmlFor={id}>
        {label}
        {optional}
      </Label>
      {input}
      {notes}
    </div>
  );
}
