import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { resolveWeek } from '../kernel/fields/iso-week';
import { schoolIdInput } from '../kernel/fields/params';
import { createSchedule, deleteSchedule, updateSchedule } from './schedule-lifecycle';
import { scheduleHorses } from './schedule-horses';
import { getSchedule, listSchedules } from './schedule-queries';
import {
  scheduleFields,
  scheduleHorseSchema,
  scheduleHorsesFilters,
  scheduleIdInput,
  scheduleListFilters,
  scheduleSchema,
  scheduleUpdateFields,
  weeklyInput,
  weeklyScheduleSchema,
} from './schedule-schema';
import { weeklySchedule } from './weekly';

const one = z.object({ data: scheduleSchema });

export const schedulesRouter = router({
  list: schoolProcedure('schedules.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/schedules',
        tags: ['Schedules'],
        summary: 'Schedules by day of the week (0 = Sunday) and start time',
        description:
          "`enrolled_count` counts the enrollments active today in the school's time zone.",
      },
    })
    .input(schoolIdInput.extend(scheduleListFilters.shape))
    .output(z.object({ data: z.array(scheduleSchema) }))
    .query(async ({ ctx, input }) => ({ data: await listSchedules(ctx.db, ctx.school, input) })),

  create: schoolProcedure('schedules.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/schedules',
        tags: ['Schedules'],
        summary: 'Create a weekly schedule of a class',
        description:
          "It may not overlap another schedule of the same instructor on that day (422 on `instructor_id`); back-to-back is fine. `max_students` defaults to the class's.",
      },
    })
    .input(schoolIdInput.extend(scheduleFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, ...fields } = input;
      const id = await createSchedule(ctx.db, ctx.school.id, fields);
      return { data: await getSchedule(ctx.db, ctx.school, id) };
    }),

  weekly: schoolProcedure('schedules.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/schedules/weekly',
        tags: ['Schedules'],
        summary: "The week's timetable with class, instructor and enrolled students",
        description:
          "`week` is an ISO week (`2026-W47`) or a date meaning its week; default the current week in the school's time zone. Each day lists the schedules of active classes and the students whose enrollment is active on that date.",
      },
    })
    .input(schoolIdInput.extend(weeklyInput.shape))
    .output(z.object({ data: weeklyScheduleSchema }))
    .query(async ({ ctx, input }) => ({
      data: await weeklySchedule(
        ctx.db,
        ctx.school.id,
        resolveWeek(input.week, ctx.school.timezone),
      ),
    })),

  get: schoolProcedure('schedules.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/schedules/{scheduleId}',
        tags: ['Schedules'],
        summary: 'A schedule',
      },
    })
    .input(scheduleIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getSchedule(ctx.db, ctx.school, input.scheduleId),
    })),

  horses: schoolProcedure('schedules.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/schedules/{scheduleId}/horses',
        tags: ['Schedules'],
        summary: 'The horses for an enrollment in a schedule, with their availability',
        description:
          "Each horse of the school by name, checked as `POST /enrollments` checks it for this schedule from `start_date` (default today in the school's time zone) to `end_date` (default open): `available` is false with `reason` `not_active` (resting, injured, retired) or `busy` (an active enrollment in a schedule overlapping this one that day, listed in `busy`). `over_workload` warns that one more class that weekday would exceed `max_daily_classes`; it is not refused.",
      },
    })
    .input(scheduleIdInput.extend(scheduleHorsesFilters.shape))
    .output(z.object({ data: z.array(scheduleHorseSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await scheduleHorses(ctx.db, ctx.school, input.scheduleId, input),
    })),

  update: schoolProcedure('schedules.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/schedules/{scheduleId}',
        tags: ['Schedules'],
        summary: 'Update a schedule (fields given)',
        description:
          'The resulting schedule is checked again for overlaps; the class of a schedule with enrollments cannot change.',
      },
    })
    .input(scheduleIdInput.extend(scheduleUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, scheduleId, ...changes } = input;
      await updateSchedule(ctx.db, ctx.school.id, scheduleId, changes);
      return { data: await getSchedule(ctx.db, ctx.school, scheduleId) };
    }),

  remove: schoolProcedure('schedules.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/schedules/{scheduleId}',
        tags: ['Schedules'],
        summary: 'Delete a schedule without enrollments or attendance',
        description: 'A schedule with history is kept (409).',
      },
    })
    .input(scheduleIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteSchedule(ctx.db, ctx.school.id, input.scheduleId);
      return { message: 'Schedule deleted.' };
    }),
});
