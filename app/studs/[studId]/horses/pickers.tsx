'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import {
  Combobox,
  FormField,
  useDebounced,
  type ComboboxOption,
  type FormOf,
  type PickerProps,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

const PAGE = 20;

/** The stud's clients (every stage) whose name or e-mail matches what is typed, from the server. */
export function ClientPicker(props: PickerProps) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const clients = useQuery({
    ...trpc.studClients.list.queryOptions({
      studId,
      per_page: PAGE,
      ...(query ? { search: query } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const options = (clients.data?.data ?? []).map((c) => ({
    value: c.id,
    label: c.display_name,
    detail: c.stage === 'client' ? (c.email ?? undefined) : c.stage,
  }));
  return (
    <Combobox
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={options}
      loading={clients.isFetching}
      placeholder="Type a client's name…"
      emptyText="No client of the stud matches."
    />
  );
}

/** Horses of the herd whose name matches what is typed (or an exact UELN or microchip). */
export function HerdHorsePicker(props: PickerProps) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const horses = useQuery({
    ...trpc.studHorses.list.queryOptions({ studId, ...(query ? { search: query } : {}) }),
    placeholderData: keepPreviousData,
  });
  const options = (horses.data?.data ?? []).slice(0, 50).map((h) => ({
    value: h.id,
    label: h.name,
    detail: [h.role, h.birth_year].filter(Boolean).join(' · ') || undefined,
  }));
  return (
    <Combobox
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={options}
      loading={horses.isFetching}
      placeholder="Type a horse's name…"
      emptyText="No horse of the herd matches."
    />
  );
}

/**
 * A picker as a react-hook-form field: the form holds the chosen id (`emptyValue` when none),
 * the field the option for showing. `initial` names the value the form starts with (the owner
 * of a horse being edited), so that it shows by its name.
 */
export function StudPickerField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  picker: Picker,
  initial = null,
  emptyValue = '',
  className,
}: {
  form: FormOf<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  picker: (props: PickerProps) => React.ReactNode;
  initial?: ComboboxOption | null;
  emptyValue?: string | null;
  className?: string;
}) {
  const { field } = useController({ control: form.control, name });
  const [chosen, setChosen] = useState<ComboboxOption | null>(initial);
  // After a reset the form's value changes, and the field shows only an option that matches.
  const shown = chosen && chosen.value === field.value ? chosen : null;
  return (
    <FormField form={form} name={name} label={label} hint={hint} className={className}>
      {(control) => (
        <Picker
          id={control.id}
          invalid={control['aria-invalid']}
          describedBy={control['aria-describedby']}
          value={shown}
          onChange={(option) => {
            setChosen(option);
            field.onChange(option?.value ?? emptyValue);
          }}
        />
      )}
    </FormField>
  );
}
