import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { studTasks } from '@/db/schema';
import { conflict, notFound } from '../kernel/errors';
import { findInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { checkTaskFields } from './task-links';
import { getTask } from './task-queries';
import type { Task, TaskFields } from './task-schema';

type TaskStatus = (typeof studTasks.$inferSelect)['status'];

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function taskValues(input: Partial<TaskFields>) {
  return {
    title: input.title,
    description: input.description,
    dueOn: input.due_on,
    dueTime: input.due_time,
    assignedTo: input.assigned_to,
    priority: input.priority,
    status: input.status,
    clientId: input.client_id,
    horseId: input.horse_id,
    reservationId: input.reservation_id,
    pregnancyId: input.pregnancy_id,
  };
}

/** Done records who completed it and when; leaving done clears both (the table's check). */
function completion(from: TaskStatus | null, to: TaskStatus, actorId: string) {
  if (from === to) return {};
  return to === 'done'
    ? { completedAt: sql`now()`, completedBy: actorId }
    : { completedAt: null, completedBy: null };
}

/**
 * POST /tasks: a manual task. Without `assigned_to` in the body it goes to the stud's default
 * assignee (none while the stud has no settings); `assigned_to: null` leaves it unassigned.
 */
export async function createTask(
  db: Database,
  stud: Organization,
  input: TaskFields,
  actorId: string,
): Promise<Task> {
  const id = await db.transaction(async (tx) => {
    await checkTaskFields(tx, stud.id, input, {
      dueOn: input.due_on ?? null,
      dueTime: input.due_time ?? null,
    });
    const status = input.status ?? 'open';
    const [row] = await tx
      .insert(studTasks)
      .values({
        studId: stud.id,
        ...taskValues(input),
        title: input.title,
        assignedTo:
          input.assigned_to !== undefined
            ? input.assigned_to
            : sql`(select default_assignee_id from stud_settings where stud_id = ${stud.id})`,
        status,
        source: 'manual',
        ...completion(null, status, actorId),
        createdBy: actorId,
      })
      .returning({ id: studTasks.id });
    return row!.id;
  });
  return getTask(db, stud, id);
}

/**
 * PUT /tasks/{id}: the fields given. Clearing `due_on` clears the time too (a time of no day
 * means nothing); a time on a task without a date is a 422.
 */
export async function updateTask(
  db: Database,
  stud: Organization,
  taskId: string,
  input: Partial<TaskFields>,
  actorId: string,
): Promise<Task> {
  await db.transaction(async (tx) => {
    const [current] = isUuid(taskId)
      ? await tx
          .select({ status: studTasks.status, dueOn: studTasks.dueOn, dueTime: studTasks.dueTime })
          .from(studTasks)
          .where(and(eq(studTasks.studId, stud.id), eq(studTasks.id, taskId)))
          .for('update')
      : [];
    if (!current) throw notFound('Task');
    const dueOn = input.due_on !== undefined ? input.due_on : current.dueOn;
    const dueTime =
      input.due_time !== undefined ? input.due_time : dueOn === null ? null : current.dueTime;
    await checkTaskFields(tx, stud.id, input, { dueOn, dueTime });
    const status = input.status ?? current.status;
    await tx
      .update(studTasks)
      .set({
        ...taskValues(input),
        dueTime,
        ...completion(current.status, status, actorId),
        updatedAt: sql`now()`,
      })
      .where(and(eq(studTasks.studId, stud.id), eq(studTasks.id, taskId)));
  });
  return getTask(db, stud, taskId);
}

/** POST /tasks/{id}/complete: an open task becomes done; a done or cancelled one is a 409. */
export async function completeTask(
  db: Database,
  stud: Organization,
  taskId: string,
  actorId: string,
): Promise<Task> {
  const [row] = isUuid(taskId)
    ? await db
        .update(studTasks)
        .set({ status: 'done', ...completion('open', 'done', actorId), updatedAt: sql`now()` })
        .where(
          and(
            eq(studTasks.studId, stud.id),
            eq(studTasks.id, taskId),
            eq(studTasks.status, 'open'),
          ),
        )
        .returning({ id: studTasks.id })
    : [];
  if (!row) {
    const current = await findInStud(db, studTasks, stud.id, taskId, 'Task');
    throw conflict(
      current.status === 'done'
        ? 'The task is already done.'
        : 'A cancelled task cannot be completed; reopen it first.',
    );
  }
  return getTask(db, stud, row.id);
}

/** DELETE /tasks/{id}: any task, a medical record's included (the record keeps its date). */
export async function deleteTask(db: Database, stud: Organization, taskId: string): Promise<void> {
  const [row] = isUuid(taskId)
    ? await db
        .delete(studTasks)
        .where(and(eq(studTasks.studId, stud.id), eq(studTasks.id, taskId)))
        .returning({ id: studTasks.id })
    : [];
  if (!row) throw notFound('Task');
}
