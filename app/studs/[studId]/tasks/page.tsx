'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '@/server/stud-tasks/task-schema';
import {
  Button,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  Pager,
  QueryState,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useListFilters,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { TaskForm } from './task-form';
import { TaskItem } from './task-item';

type Status = (typeof TASK_STATUSES)[number];
type Priority = (typeof TASK_PRIORITIES)[number];

const VIEWS = [
  { value: 'mine', label: 'My tasks' },
  { value: 'all', label: 'All' },
  { value: 'overdue', label: 'Overdue' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/**
 * The stud's tasks, the soonest due first: the member's own, everyone's, or the overdue ones;
 * by status (open to begin with) and priority. Completing, editing, adding and deleting as
 * the role allows.
 */
export default function StudTasksPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [view, setView] = useState<View>('mine');
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const { filters, page, setPage, bind } = useListFilters({
    status: 'open' as Status | '',
    priority: '' as Priority | '',
  });
  // Overdue means open and due before the stud's today: the status filter does not apply.
  const status = view === 'overdue' ? '' : filters.status;
  const tasks = useQuery({
    ...trpc.studTasks.list.queryOptions({
      studId,
      page,
      ...(view === 'mine' ? { assigned_to: 'me' as const } : {}),
      ...(view === 'overdue' ? { overdue: 'true' as const } : {}),
      ...(status ? { status } : {}),
      ...(filters.priority ? { priority: filters.priority } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('tasks.view'),
  });
  if (!may('tasks.view')) return <NotAllowed />;
  const close = () => setEditing(null);
  const rows = tasks.data?.data;

  const emptyText =
    view === 'overdue'
      ? 'Nothing is overdue.'
      : [
          'No',
          status || null,
          filters.priority ? `${filters.priority}-priority` : null,
          'tasks',
          view === 'mine' ? 'assigned to you' : null,
        ]
          .filter(Boolean)
          .join(' ') + '.';

  const list = (
    <>
      <QueryState what="the tasks" query={tasks} />
      {rows?.length === 0 && <Empty>{emptyText}</Empty>}
      {rows && rows.length > 0 && (
        <ul
          aria-label="Tasks"
          aria-busy={tasks.isFetching}
          className="m-0 grid list-none gap-3 p-0"
        >
          {rows.map((task) => (
            <TaskItem key={task.id} task={task} onEdit={setEditing} />
          ))}
        </ul>
      )}
      {tasks.data && (
        <Pager meta={tasks.data.meta} onPage={setPage} label="Task pages" noun="tasks" />
      )}
    </>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Tasks</h1>
        {may('tasks.create') && <Button onClick={() => setEditing('new')}>New task</Button>}
      </div>
      <Tabs
        value={view}
        onValueChange={(next) => {
          setView(next as View);
          setPage(1);
        }}
      >
        <TabsList aria-label="Whose tasks">
          {VIEWS.map((v) => (
            <TabsTrigger key={v.value} value={v.value}>
              {v.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <FilterBar>
          {view !== 'overdue' && (
            <FilterSelect
              id="tasks-status"
              label="Status"
              options={wordOptions(TASK_STATUSES)}
              {...bind('status')}
            />
          )}
          <FilterSelect
            id="tasks-priority"
            label="Priority"
            allLabel="Any"
            options={wordOptions(TASK_PRIORITIES)}
            {...bind('priority')}
          />
        </FilterBar>
        {VIEWS.map((v) => (
          <TabsContent key={v.value} value={v.value}>
            {v.value === view && list}
          </TabsContent>
        ))}
      </Tabs>
      <Dialog
        title={editing === 'new' ? 'New task' : 'Edit task'}
        open={editing !== null}
        onClose={close}
        className="w-[min(40rem,95vw)]"
      >
        {editing && (
          <TaskForm
            key={editing === 'new' ? 'new' : editing.id}
            task={editing === 'new' ? undefined : editing}
            onDone={close}
          />
        )}
      </Dialog>
    </>
  );
}
