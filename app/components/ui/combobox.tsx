'use client';

import { Popover } from 'radix-ui';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { cn } from './cn';

export type ComboboxOption = { value: string; label: string; detail?: string };

/** What a picker built on the combobox takes from its form field. */
export type PickerProps = {
  id: string;
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A searchable picker (the ARIA 1.2 combobox: a text box that filters a listbox, keyboard by
 * arrows, Enter and Escape, the highlighted option read through `aria-activedescendant`) on
 * a Radix Popover. It shows `options` as given: the caller searches, usually on the server
 * with the debounced `search` (see `useDebounced`), and says `loading` meanwhile.
 */
export function Combobox({
  id,
  value,
  onChange,
  search,
  onSearchChange,
  options,
  loading = false,
  placeholder,
  emptyText = 'No matches.',
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  search: string;
  onSearchChange: (search: string) => void;
  options: ComboboxOption[];
  loading?: boolean;
  placeholder?: string;
  emptyText?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [options]);

  function choose(option: ComboboxOption) {
    onChange(option);
    onSearchChange('');
    setOpen(false);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }
  const activeOption = open ? options[active] : undefined;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            placeholder={placeholder}
            value={open ? search : (value?.label ?? search)}
            onChange={(event) => {
              onSearchChange(event.target.value);
              if (value) onChange(null);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className="block w-full rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
          />
          <ChevronsUpDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      </Popover.Anchor>
      <Popover.Content
        align="start"
        sideOffset={4}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          // A click in its own text box keeps the list open.
          if ((event.target as HTMLElement | null)?.id === id) event.preventDefault();
        }}
        className="z-50 max-h-72 w-[var(--radix-popper-anchor-width)] min-w-56 overflow-auto rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
      >
        <ul id={listId} role="listbox" aria-label="Suggestions" className="m-0 list-none p-0">
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${option.value}`}
              role="option"
              aria-selected={value?.value === option.value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5',
                index === active && 'bg-primary text-primary-foreground',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              <Check
                aria-hidden
                className={cn('size-4', value?.value === option.value ? 'visible' : 'invisible')}
              />
              <span>{option.label}</span>
              {option.detail && <span className="ml-auto text-sm opacity-80">{option.detail}</span>}
            </li>
          ))}
        </ul>
        <p className="m-0 px-2 py-1.5 text-sm text-muted-foreground" aria-live="polite">
          {loading ? 'Searching…' : options.length === 0 ? emptyText : ''}
        </p>
      </Popover.Content>
    </Popover.Root>
  );
}

/** `value`, once it has stopped changing for `delay` ms (a search box's query). */
export function useDebounced<T>(value: T, delay = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
