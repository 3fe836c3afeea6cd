'use client';

import { useQuery } from '@tanstack/react-query';
import type { Option } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/*
 * What the task form chooses from: the members a task may go to and the herd's horses (its
 * client, the herd's `ClientPicker`). The current link of a task being edited is always among
 * the options, so the form shows it before (or without) the lists.
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
