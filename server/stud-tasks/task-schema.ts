import { z } from 'zod';
import { TASK_PRIORITIES, TASK_SOURCES, TASK_STATUSES } from '@/db/schema/stud-values';
import { pathId } from '../kernel/fields/params';
import {
  calendarDateField,
  dateField,
  optionalText,
  timeOfDayField,
} from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';

/*
 * A stud's tasks (DESIGN-MODULES B.8) as the API takes and answers them. Client-safe (zod
 * only): the task form and the list's filters validate with these.
 */

export { TASK_PRIORITIES, TASK_SOURCES, TASK_STATUSES };

export const taskIdInput = studIdInput.extend({ taskId: pathId });

/** What a member writes; `source` and `medical_record_id` are the system's (never taken). */
export const taskFields = z.object({
  title: z.string().trim().min(1).max(200),
  description: optionalText(5000),
  due_on: calendarDateField.nullable().optional(),
  /** Only with `due_on`. */
  due_time: timeOfDayField.nullable().optional(),
  /** A member's user id; null: unassigned; absent on create: the stud's default assignee. */
  assigned_to: z.uuid().nullable().optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  client_id: z.uuid().nullable().optional(),
  horse_id: z.uuid().nullable().optional(),
  reservation_id: z.uuid().nullable().optional(),
  pregnancy_id: z.uuid().nullable().optional(),
});

export type TaskFields = z.infer<typeof taskFields>;

export const TASKS_PER_PAGE = 25;

/** GET /tasks: a page in due order; `assigned_to=me` is the caller. */
export const taskFilters = paginationInput(TASKS_PER_PAGE).extend({
  status: z.enum(TASK_STATUSES).optional(),
  assigned_to: z.union([z.literal('me'), z.uuid()]).optional(),
  due_from: dateField.optional(),
  due_to: dateField.optional(),
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  horse_id: z.uuid().optional(),
  client_id: z.uuid().optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
});

export type TaskFilters = z.infer<typeof taskFilters>;

/** A member a task may go to: one who has an account in the stud. */
export const assigneeSchema = z.object({ id: z.string(), name: z.string() });

export type Assignee = z.infer<typeof assigneeSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  due_on: z.string().nullable(),
  due_time: z.string().nullable(),
  assigned_to: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  /** Open and due before the stud's today, in its time zone. */
  overdue: z.boolean(),
  source: z.enum(TASK_SOURCES),
  client_id: z.string().nullable(),
  client: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  horse_id: z.string().nullable(),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  reservation_id: z.string().nullable(),
  pregnancy_id: z.string().nullable(),
  medical_record_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Task = z.infer<typeof taskSchema>;
