'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useId } from 'react';
import type { Task } from '@/server/stud-tasks/task-schema';
import {
  Badge,
  cardClass,
  cn,
  formatDate,
  humanize,
  RowActions,
  useWriteOutcome,
  type RowAction,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';

/** How a task that the system opened names where it came from. */
const SOURCE_LABELS: Record<Task['source'], string> = {
  manual: 'Manual',
  pregnancy_check: 'Pregnancy check',
  foaling: 'Foaling',
  medical: 'Medical',
  contract: 'Contract',
};

/** "4 May 2026, 09:30"; a task without a date says so. */
export function dueText(task: Pick<Task, 'due_on' | 'due_time'>) {
  if (!task.due_on) return 'No due date';
  const day = formatDate(task.due_on);
  return task.due_time ? `${day}, ${task.due_time}` : day;
}

/**
 * One task: what, when (an overdue one in red, saying so), how urgent, whose, what it is
 * about, and the actions the member's role allows.
 */
export function TaskItem({ task, onEdit }: { task: Task; onEdit: (task: Task) => void }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const titleId = useId();
  const { onSuccess, onError } = useWriteOutcome();
  const keys = [trpc.studTasks.pathKey()];
  const complete = useMutation(
    trpc.studTasks.complete.mutationOptions({
      onError,
      onSuccess: onSuccess(keys, `“${task.title}” is done.`),
    }),
  );
  const remove = useMutation(
    trpc.studTasks.remove.mutationOptions({
      onError,
      onSuccess: onSuccess(keys, `“${task.title}” was deleted.`),
    }),
  );
  const busy = complete.isPending || remove.isPending;
  const mayEdit = may('tasks.edit');
  // Completing first: the one tap of the day's round, kept a button on a phone.
  const actions: RowAction[] = [
    ...(mayEdit && task.status === 'open'
      ? [
          {
            label: 'Complete',
            disabled: busy,
            onSelect: () => complete.mutate({ studId, taskId: task.id }),
          },
        ]
      : []),
    ...(mayEdit ? [{ label: 'Edit', disabled: busy, onSelect: () => onEdit(task) }] : []),
    ...(may('tasks.delete')
      ? [
          {
            label: 'Delete',
            destructive: true,
            confirm: `Delete “${task.title}”?`,
            disabled: busy,
            onSelect: () => remove.mutate({ studId, taskId: task.id }),
          },
        ]
      : []),
  ];
  return (
    <li
      aria-labelledby={titleId}
      className={cn(cardClass, 'm-0 flex flex-col gap-3 sm:flex-row sm:items-start')}
    >
      <div className="min-w-0 flex-1">
        <h2
          id={titleId}
          className={cn(
            'm-0 text-lg font-semibold break-words',
            task.status !== 'open' && 'text-muted-foreground line-through',
          )}
        >
          {task.title}
        </h2>
        <p className="m-0 mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={cn(task.overdue && 'font-semibold text-destructive')}>
            <span className="sr-only">Due: </span>
            {dueText(task)}
          </span>
          {task.overdue && (
            <Badge tone="bad" className="font-semibold">
              Overdue
            </Badge>
          )}
          <Badge tone={task.priority === 'high' ? 'bad' : 'neutral'}>
            {humanize(task.priority)} priority
          </Badge>
          {task.status !== 'open' && <Badge status={task.status}>{humanize(task.status)}</Badge>}
          {task.source !== 'manual' && <Badge>{SOURCE_LABELS[task.source]}</Badge>}
        </p>
        {task.description && (
          <p className="m-0 mt-1 text-sm whitespace-pre-line text-muted-foreground">
            {task.description}
          </p>
        )}
        <dl className="m-0 mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Assignee:</dt>
            <dd className="m-0">{task.assignee?.name ?? 'Unassigned'}</dd>
          </div>
          {task.horse && (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Horse:</dt>
              <dd className="m-0">
                {may('horses.view') ? (
                  <Link href={`/studs/${studId}/horses/${task.horse.id}`}>{task.horse.name}</Link>
                ) : (
                  task.horse.name
                )}
              </dd>
            </div>
          )}
          {task.client && (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Client:</dt>
              <dd className="m-0">
                {may('clients.view') ? (
                  <Link href={`/studs/${studId}/clients/${task.client.id}`}>
                    {task.client.display_name}
                  </Link>
                ) : (
                  task.client.display_name
                )}
              </dd>
            </div>
          )}
        </dl>
      </div>
      <RowActions what={task.title} actions={actions} />
    </li>
  );
}
