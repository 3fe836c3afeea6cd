'use client';

import type { ReactNode } from 'react';
import { cn } from './cn';
import { Options, type Option } from './form';
import { Input, Label, NativeSelect } from './input';

/*
 * The filters above a list: a search landmark of labelled boxes that filter as one types or
 * chooses (nothing to submit).
 */

export function FilterBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <form
      role="search"
      className={cn('mb-3 flex flex-wrap items-end gap-x-4 gap-y-2', className)}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </form>
  );
}

export function FilterSearch({
  id,
  label,
  value,
  onChange,
  hint,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <small id={`${id}-hint`} className="text-muted-foreground">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A choice among `options`; the empty value, labelled `allLabel`, is "no filter". */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
  className,
}: {
  id: string;
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly (V | { value: V; label: string })[];
  allLabel?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
      >
        <Options options={[{ value: '', label: allLabel }, ...(options as readonly Option[])]} />
      </NativeSelect>
    </div>
  );
}
