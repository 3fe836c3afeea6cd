'use client';

import { z } from 'zod';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  taskFields,
  type Task,
} from '@/server/stud-tasks/task-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  humanize,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStud } from '../stud-context';
import { ClientPicker, StudPickerField } from '../horses/pickers';
import { useAssigneeOptions, useHorseOptions } from './task-pickers';

/** The assignee choice that leaves `assigned_to` out: the stud's default assignee takes it. */
const DEFAULT_ASSIGNEE = 'default';

const { shape } = taskFields;

/**
 * The shared task fields as the form's boxes hold them: a blank date, time or link is null
 * (none); the assignee '' is null (unassigned), `DEFAULT_ASSIGNEE` left out.
 */
const taskForm = taskFields.omit({ reservation_id: true, pregnancy_id: true }).extend({
  due_on: blankAs(shape.due_on, null),
  due_time: blankAs(shape.due_time, null),
  assigned_to: z.preprocess(
    (value) => (value === DEFAULT_ASSIGNEE ? undefined : value === '' ? null : value),
    shape.assigned_to,
  ),
  client_id: blankAs(shape.client_id, null),
  horse_id: blankAs(shape.horse_id, null),
});

/** What the form's boxes hold. */
type Values = Record<Exclude<keyof z.input<typeof taskForm>, 'priority' | 'status'>, string> & {
  priority: Task['priority'];
  status: Task['status'];
};

function defaultsOf(task: Task | undefined): Values {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    due_on: task?.due_on ?? '',
    due_time: task?.due_time ?? '',
    assigned_to: task ? (task.assigned_to ?? '') : DEFAULT_ASSIGNEE,
    priority: task?.priority ?? 'normal',
    status: task?.status ?? 'open',
    client_id: task?.client_id ?? '',
    horse_id: task?.horse_id ?? '',
  };
}

/**
 * A new task, or changes to one (`task`): the same fields, the status besides when editing.
 * An edit sends only the fields changed (PUT takes the fields given). The server's 422s land
 * beside their fields.
 */
export function TaskForm({ task, onDone }: { task?: Task; onDone: () => void }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const defaults = defaultsOf(task);
  const assignees = useAssigneeOptions(task?.assignee ?? null);
  const horses = useHorseOptions(task?.horse ?? null);
  const { form, onSubmit, pending } = useRecordForm(taskForm, {
    defaultValues: defaults,
    save: async (values): Promise<{ data: Task } | null> => {
      if (!task) return client.studTasks.create.mutate({ studId, ...values });
      const typed = form.getValues() as Values;
      const changed = Object.fromEntries(
        Object.entries(values).filter(
          ([key]) => typed[key as keyof Values] !== defaults[key as keyof Values],
        ),
      );
      if (Object.keys(changed).length === 0) return null;
      return client.studTasks.update.mutate({ studId, taskId: task.id, ...changed });
    },
    onSaved: async (_, answer) => {
      if (answer) {
        await refresh([trpc.studTasks.pathKey()]);
        toast(
          'success',
          task ? `“${answer.data.title}” was saved.` : `“${answer.data.title}” was added.`,
        );
      }
      onDone();
    },
  });
  return (
    <form aria-label={task ? 'Edit task' : 'New task'} noValidate onSubmit={onSubmit}>
      <TextInputField form={form} name="title" label="Title" autoComplete="off" />
      <TextareaField form={form} name="description" label="Description" rows={3} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="due_on" label="Due on" noun="Due date" type="date" />
        <TextInputField
          form={form}
          name="due_time"
          label="Due time"
          type="time"
          hint="Only with a due date."
        />
        <SelectInputField
          form={form}
          name="assigned_to"
          label="Assignee"
          hint={assignees.hint}
          options={[
            ...(task ? [] : [{ value: DEFAULT_ASSIGNEE, label: "The stud's default assignee" }]),
            { value: '', label: 'Unassigned' },
            ...assignees.options,
          ]}
        />
        <SelectInputField
          form={form}
          name="priority"
          label="Priority"
          options={TASK_PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))}
        />
        {task && (
          <SelectInputField
            form={form}
            name="status"
            label="Status"
            options={TASK_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          />
        )}
        {may('horses.view') && (
          <SelectInputField form={form} name="horse_id" label="Horse" options={horses} />
        )}
        {may('clients.view') && (
          <StudPickerField
            form={form}
            name="client_id"
            label="Client"
            hint="Type part of a name or e-mail."
            picker={ClientPicker}
            initial={
              task?.client ? { value: task.client.id, label: task.client.display_name } : null
            }
          />
        )}
      </div>
      <FormErrorSummary form={form} />
      <FormActions label={task ? 'Save task' : 'Add task'} pending={pending} onCancel={onDone} />
    </form>
  );
}
