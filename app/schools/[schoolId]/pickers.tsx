'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { useController, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import type { AppRouter } from '@/server/router';
import {
  Combobox,
  FormField,
  NativeSelect,
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
 * Also the horse of an enrollment, chosen with each horse's availability for the lesson.
 */

/** What tells apart two students of one name: the age and the document's last 4 characters. */
export function studentDetail(student: {
  age: number | null;
  document_number: string | null;
}): string | undefined {
  const parts = [
    student.age !== null ? `${student.age} y` : null,
    student.document_number ? `…${student.document_number.slice(-4)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** `Ana García · 12 y · …4321`: a student's name as a choice among others. */
export function studentLabel(student: {
  full_name: string;
  age: number | null;
  document_number: string | null;
}): string {
  return [student.full_name, studentDetail(student)].filter(Boolean).join(' · ');
}

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
  const options = (students.data?.data ?? []).map((s) => ({
    value: s.id,
    label: s.full_name,
    detail: studentDetail(s),
  }));
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

type LessonHorse = inferRouterOutputs<AppRouter>['schedules']['horses']['data'][number];
type RiderLevel = 'beginner' | 'intermediate' | 'advanced';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a horse of `level` suits a rider of `rider`: its own level, or a horse for all. */
export const horseSuits = (level: LessonHorse['level'], rider: RiderLevel) =>
  level === 'all' || level === rider;

/**
 * A horse as a choice for the lesson: its name alone when it is free and suits the rider;
 * else why it cannot be taken, or what to mind if it is.
 */
function horseOptionLabel(horse: LessonHorse, rider: RiderLevel | undefined): string {
  const notes: string[] = [];
  if (horse.reason === 'not_active') notes.push(horse.status);
  for (const slot of horse.busy)
    notes.push(`busy ${slot.start_time}–${slot.end_time} (${slot.class_name})`);
  if (horse.available && horse.over_workload)
    notes.push(
      `over its daily limit (${horse.classes_that_day} of ${horse.max_daily_classes} classes that day already)`,
    );
  if (rider && !horseSuits(horse.level, rider))
    notes.push(`a ${horse.level} horse, not for ${rider} riders`);
  return [horse.name, ...notes].join(' · ');
}

/**
 * The horse of an enrollment in the lesson `scheduleId` from `startDate`, as a form field:
 * each horse says whether the enrollment may take it (the server's own check, one request),
 * busy and resting horses disabled with the reason, and whether it is over its daily workload
 * or unsuited to `riderLevel`. Free and suited horses come first, by name; retired ones are
 * left out.
 */
export function LessonHorseField<T extends FieldValues>({
  form,
  name,
  scheduleId,
  startDate,
  riderLevel,
}: {
  form: FormOf<T>;
  name: Path<T>;
  scheduleId: string | undefined;
  startDate: string | undefined;
  riderLevel?: RiderLevel;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const horses = useQuery({
    ...trpc.schedules.horses.queryOptions({
      schoolId,
      scheduleId: scheduleId ?? '',
      ...(startDate && DATE.test(startDate) ? { start_date: startDate } : {}),
    }),
    enabled: Boolean(scheduleId),
    placeholderData: keepPreviousData,
  });
  const rank = (h: LessonHorse) =>
    Number(h.available) * 2 + Number(!riderLevel || horseSuits(h.level, riderLevel));
  const list = (horses.data?.data ?? [])
    .filter((h) => h.status !== 'retired')
    .sort((a, b) => rank(b) - rank(a));
  const free = list.filter((h) => h.available).length;
  const chosen = form.watch(name) as string | null | undefined;
  const taken = Boolean(chosen) && list.some((h) => h.id === chosen && !h.available);
  // Another lesson or start date may make the chosen horse busy: the choice is cleared.
  useEffect(() => {
    if (taken) form.setValue(name, '' as PathValue<T, Path<T>>);
  }, [taken, form, name]);
  const hint = !scheduleId
    ? undefined
    : horses.isError
      ? 'The horses could not be loaded; choose none or try again.'
      : horses.data
        ? `${free} of ${list.length} horses free at this time${riderLevel ? `; those without a note suit a ${riderLevel} rider` : ''}.`
        : undefined;
  return (
    <FormField form={form} name={name} label="Horse" hint={hint}>
      {(control) => (
        <NativeSelect {...control} {...form.register(name)} disabled={!scheduleId}>
          <option value="">
            {!scheduleId ? 'Choose a lesson first' : horses.isPending ? 'Loading…' : 'No horse'}
          </option>
          {list.map((horse) => (
            <option key={horse.id} value={horse.id} disabled={!horse.available}>
              {horseOptionLabel(horse, riderLevel)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
