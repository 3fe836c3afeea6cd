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
  type Option,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/*
 * What the task form chooses from: the members a task may go to, the herd's horses and the
 * stud's clients. The current link of a task being edited is always among the options, so
 * the form shows it before (or without) the lists.
 */

type Named = { id: string; name: string } | null;

/** Adds `current` to `options` when it is not there already. */
function withCurrent(options: { value: string; label: string }[], current: Named) {
  if (!current || options.some((o) => o.value === current.id)) return options;
  return [{ value: current.id, label: current.name }, ...options];
}

/** The members with an account (an invitation not yet accepted cannot be assigned). */
export function useAssigneeOptions(current: Named) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const assignees = useQuery(trpc.studTasks.assignees.queryOptions({ studId }));
  const me = useQuery(trpc.account.me.queryOptions({}));
  const you = (id: string, name: string) => (id === me.data?.id ? `${name} (you)` : name);
  const listed = (assignees.data?.data ?? []).map((a) => ({
    value: a.id,
    label: you(a.id, a.name),
  }));
  return {
    options: withCurrent(
      listed,
      current && { id: current.id, name: you(current.id, current.name) },
    ),
    hint: 'Members who have accepted their invitation.',
  };
}

/** The herd by name (a horse no longer active says its status), for a task's horse. */
export function useHorseOptions(current: Named): Option[] {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const horses = useQuery({
    ...trpc.studHorses.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
  const listed = (horses.data?.data ?? []).map((h) => ({
    value: h.id,
    label: h.status === 'active' ? h.name : `${h.name} (${h.status})`,
  }));
  return [{ value: '', label: 'None' }, ...withCurrent(listed, current)];
}

const CLIENTS_SHOWN = 20;

/** A client of the stud chosen by typing part of a name or e-mail (searched on the server). */
function ClientCombobox({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { studId } = useStud();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const clients = useQuery({
    ...trpc.studClients.list.queryOptions({
      studId,
      per_page: CLIENTS_SHOWN,
      ...(query ? { search: query } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const options = (clients.data?.data ?? []).map((c) => ({
    value: c.id,
    label: c.display_name,
    detail: c.stage === 'client' ? undefined : c.stage,
  }));
  return (
    <Combobox
      id={id}
      value={value}
      onChange={onChange}
      invalid={invalid}
      describedBy={describedBy}
      search={search}
      onSearchChange={setSearch}
      options={options}
      loading={clients.isFetching}
      placeholder="Type a client's name…"
      emptyText="No client of the stud matches."
    />
  );
}

/**
 * The task's client as a form field: the form holds the id ('' for none), the field shows
 * the name (the task's own client to begin with). Clearing the box unlinks the client.
 */
export function ClientField<T extends FieldValues>({
  form,
  name,
  current,
}: {
  form: FormOf<T>;
  name: Path<T>;
  current: { id: string; display_name: string } | null;
}) {
  const { field } = useController({ control: form.control, name });
  const [chosen, setChosen] = useState<ComboboxOption | null>(
    current && { value: current.id, label: current.display_name },
  );
  const shown = chosen && chosen.value === field.value ? chosen : null;
  return (
    <FormField form={form} name={name} label="Client" hint="Type part of a name or e-mail.">
      {(control) => (
        <ClientCombobox
          id={control.id}
          invalid={control['aria-invalid']}
          describedBy={control['aria-describedby']}
          value={shown}
          onChange={(option) => {
            setChosen(option);
            field.onChange(option?.value ?? '');
          }}
        />
      )}
    </FormField>
  );
}
