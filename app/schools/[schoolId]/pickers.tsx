'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import {
  Combobox,
  FormField,
  useDebounced,
  type FormOf,
  type ComboboxOption,
  type PickerProps,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { useSchool } from './school-context';

/*
 * The searchable pickers of a student, a horse or a class. Students are searched on the
 * server (a school may have ten thousand); horses and classes, a few dozen, in the browser.
 */

const PAGE = 20;

/** Active students whose name matches what is typed, twenty at a time, from the server. */
export function StudentPicker(props: PickerProps) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      per_page: PAGE,
      ...(query ? { search: query } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const options = (students.data?.data ?? []).map((s) => ({ value: s.id, label: s.full_name }));
  return (
    <Combobox
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={options}
      loading={students.isFetching}
      placeholder="Type a name…"
      emptyText="No active student with that name."
    />
  );
}

/** A short list loaded whole and filtered in the browser as one types. */
function ListPicker({
  all,
  loading,
  emptyText,
  ...props
}: PickerProps & { all: ComboboxOption[]; loading: boolean; emptyText: string }) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  return (
    <Combobox
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={needle ? all.filter((o) => o.label.toLocaleLowerCase().includes(needle)) : all}
      loading={loading}
      placeholder="Type a name…"
      emptyText={emptyText}
    />
  );
}

/** Active horses, filtered as one types. */
export function HorsePicker(props: PickerProps) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  return (
    <ListPicker
      {...props}
      all={(horses.data?.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
      loading={horses.isPending}
      emptyText="No active horse with that name."
    />
  );
}

/** The school's classes, filtered as one types. */
export function ClassPicker(props: PickerProps) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const classes = useQuery(trpc.classes.list.queryOptions({ schoolId }));
  return (
    <ListPicker
      {...props}
      all={(classes.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      loading={classes.isPending}
      emptyText="No class with that name."
    />
  );
}

/**
 * A picker as a react-hook-form field: the form holds the chosen id (`emptyValue` when none),
 * the field its name for showing.
 */
export function PickerField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  picker: Picker,
  emptyValue = '',
}: {
  form: FormOf<T>;
  name: Path<T>;
  label: string;
  hint?: string;
  picker: (props: PickerProps) => React.ReactNode;
  emptyValue?: string | null;
}) {
  const { field } = useController({ control: form.control, name });
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);
  // After a reset the form's value is empty again, and so is the field.
  const shown = chosen && chosen.value === field.value ? chosen : null;
  return (
    <FormField form={form} name={name} label={label} hint={hint}>
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
