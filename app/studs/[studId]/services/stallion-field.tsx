'use client';

import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path } from 'react-hook-form';
import { SelectInputField, type FormOf } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/**
 * The stallion of a service or a semen batch: the herd's stallions by name. `current`, the
 * record's own stallion, stays a choice when he is no longer one (gelded, sold).
 */
export function StallionSelectField<T extends FieldValues>({
  form,
  name,
  current,
}: {
  form: FormOf<T>;
  name: Path<T>;
  current: { id: string; name: string } | null;
}) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const stallions = useQuery({
    ...trpc.stallions.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
  const listed = (stallions.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const options =
    current && !listed.some((o) => o.value === current.id)
      ? [{ value: current.id, label: current.name }, ...listed]
      : listed;
  return (
    <SelectInputField
      form={form}
      name={name}
      label="Stallion"
      required
      hint={
        stallions.data && listed.length === 0
          ? 'The herd has no stallion: an entire male of a year or more.'
          : undefined
      }
      options={[
        { value: '', label: stallions.isPending && may('horses.view') ? 'Loading…' : 'Choose…' },
        ...options,
      ]}
    />
  );
}
