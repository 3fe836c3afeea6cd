import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { completeTask, createTask, deleteTask, updateTask } from './task-lifecycle';
import { getTask, listAssignees, listTasks } from './task-queries';
import { assigneeSchema, taskFields, taskFilters, taskIdInput, taskSchema } from './task-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: taskSchema });
const tags = ['Stud tasks'];

/** A stud's tasks (DESIGN-MODULES B.8). */
export const tasksRouter = router({
  list: organizationProcedure('stud', 'tasks.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/tasks',
        tags,
        summary: "The stud's tasks, the soonest due first",
        description:
          'Ordered by `due_on` (undated last), `due_time`, priority (high first), title. Filters: `status`, `assigned_to` (a user id, or `me`), `due_from`, `due_to`, `overdue` (`true`: open and due before the stud’s today), `horse_id`, `client_id`, `priority`.',
      },
    })
    .input(studIdInput.extend(taskFilters.shape))
    .output(paginatedSchema(taskSchema))
    .query(({ ctx, input }) =>
      listTasks(ctx.db, ctx.organization, ctx.caller.user.id, input, ctx.url),
    ),

  // Before `get`: REST routes match in order, and `assignees` would read as a task id.
  assignees: organizationProcedure('stud', 'tasks.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/tasks/assignees',
        tags,
        summary: 'The members a task may be assigned to',
        description:
          'Members with an account (an invitation not yet accepted cannot be assigned), by name: what the task form and the default assignee offer to anyone who reads tasks, without the member list (owners only).',
      },
    })
    .input(studIdInput)
    .output(z.object({ data: z.array(assigneeSchema) }))
    .query(async ({ ctx }) => ({ data: await listAssignees(ctx.db, ctx.organization) })),

  create: organizationProcedure('stud', 'tasks.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/tasks',
        tags,
        summary: 'Create a task',
        description:
          '`assigned_to` is a member’s user id; left out, the task goes to the stud’s default assignee (settings), `null` leaves it unassigned. `due_time` needs `due_on`. `reservation_id` and `pregnancy_id` name breeding records.',
      },
    })
    .input(studIdInput.extend(taskFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createTask(ctx.db, ctx.organization, input, ctx.caller.user.id),
    })),

  get: organizationProcedure('stud', 'tasks.view')
    .meta({
      openapi: { method: 'GET', path: '/studs/{studId}/tasks/{taskId}', tags, summary: 'A task' },
    })
    .input(taskIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getTask(ctx.db, ctx.organization, input.taskId),
    })),

  update: organizationProcedure('stud', 'tasks.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/tasks/{taskId}',
        tags,
        summary: 'Update a task (fields given)',
        description:
          '`status` done records who completed it and when; open or cancelled clears that. Clearing `due_on` clears `due_time`.',
      },
    })
    .input(taskIdInput.extend(taskFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateTask(ctx.db, ctx.organization, input.taskId, input, ctx.caller.user.id),
    })),

  complete: organizationProcedure('stud', 'tasks.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/tasks/{taskId}/complete',
        tags,
        summary: 'Mark an open task done',
        description: 'A done or cancelled task → 409.',
      },
    })
    .input(taskIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await completeTask(ctx.db, ctx.organization, input.taskId, ctx.caller.user.id),
    })),

  remove: organizationProcedure('stud', 'tasks.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/tasks/{taskId}',
        tags,
        summary: 'Delete a task',
        description:
          'Any task, one opened by a medical record included (a later change of the record’s next due date opens it anew).',
      },
    })
    .input(taskIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteTask(ctx.db, ctx.organization, input.taskId);
      return { message: 'Task deleted.' };
    }),
});
