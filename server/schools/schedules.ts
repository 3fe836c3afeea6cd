import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { schedules } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { resolveWeek } from '../kernel/fields/iso-week';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { isoWeekField } from '../kernel/fields/record-fields';
import { toTimeOfDay } from '../kernel/records';
import { scheduleFields } from './schedule-schema';
import {
  assertClassChangeable,
  assertEndsAfterStart,
  assertNoOverlap,
  lockScheduleReferences,
} from './schedule-rules';
import {
  enrolledOn,
  scheduleOrder,
  scheduleSchema,
  selectSchedules,
  toSchedule,
} from './schedule-view';
import { weeklySchedule, weeklyScheduleSchema } from './weekly';

const scheduleIdInput = schoolIdInput.extend({ scheduleId: pathId });
const one = z.object({ data: scheduleSchema });

/** One schedule as shown, with today's enrollments; 404 when it is not this school's. */
async function findSchedule(db: Database, schoolId: string, scheduleId: string, today: string) {
  const [row] = isUuid(scheduleId)
    ? await selectSchedules(db, { enrolledCount: enrolledOn(today) }).where(
        and(eq(schedules.schoolId, schoolId), eq(schedules.id, scheduleId)),
      )
    : [];
  if (!row) throw notFound('Schedule');
  return toSchedule(row);
}

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
    .input(
      schoolIdInput.extend({
        class_id: z.uuid().optional(),
        instructor_id: z.uuid().optional(),
        day_of_week: z.coerce.number().int().min(0).max(6).optional(),
      }),
    )
    .output(z.object({ data: z.array(scheduleSchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await selectSchedules(ctx.db, {
        enrolledCount: enrolledOn(todayIn(ctx.school.timezone)),
      })
        .where(
          and(
            eq(schedules.schoolId, ctx.school.id),
            input.class_id ? eq(schedules.classId, input.class_id) : undefined,
            input.instructor_id ? eq(schedules.instructorId, input.instructor_id) : undefined,
            input.day_of_week !== undefined
              ? eq(schedules.dayOfWeek, input.day_of_week)
              : undefined,
          ),
        )
        .orderBy(...scheduleOrder);
      return { data: rows.map(toSchedule) };
    }),

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
      assertEndsAfterStart(input.start_time, input.end_time);
      const id = await ctx.db.transaction(async (tx) => {
        const refs = await lockScheduleReferences(tx, ctx.school.id, {
          classId: input.class_id,
          instructorId: input.instructor_id,
        });
        const slot = {
          instructorId: input.instructor_id,
          dayOfWeek: input.day_of_week,
          startTime: input.start_time,
          endTime: input.end_time,
        };
        await assertNoOverlap(tx, ctx.school.id, slot);
        const [created] = await tx
          .insert(schedules)
          .values({
            schoolId: ctx.school.id,
            classId: input.class_id,
            ...slot,
            location: input.location,
            maxStudents: input.max_students ?? refs.class!.maxStudents,
          })
          .returning({ id: schedules.id });
        return created!.id;
      });
      return { data: await findSchedule(ctx.db, ctx.school.id, id, todayIn(ctx.school.timezone)) };
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
    .input(schoolIdInput.extend({ week: isoWeekField.optional() }))
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
      data: await findSchedule(
        ctx.db,
        ctx.school.id,
        input.scheduleId,
        todayIn(ctx.school.timezone),
      ),
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
    .input(scheduleIdInput.extend(scheduleFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const [current] = isUuid(input.scheduleId)
          ? await tx
              .select()
              .from(schedules)
              .where(and(eq(schedules.schoolId, ctx.school.id), eq(schedules.id, input.scheduleId)))
              .for('update')
          : [];
        if (!current) throw notFound('Schedule');
        const slot = {
          instructorId: input.instructor_id ?? current.instructorId,
          dayOfWeek: input.day_of_week ?? current.dayOfWeek,
          startTime: input.start_time ?? toTimeOfDay(current.startTime),
          endTime: input.end_time ?? toTimeOfDay(current.endTime),
        };
        assertEndsAfterStart(slot.startTime, slot.endTime);
        const classChanges = input.class_id !== undefined && input.class_id !== current.classId;
        await lockScheduleReferences(tx, ctx.school.id, {
          classId: classChanges ? input.class_id : undefined,
          instructorId: slot.instructorId,
        });
        if (classChanges) await assertClassChangeable(tx, ctx.school.id, current.id);
        await assertNoOverlap(tx, ctx.school.id, slot, current.id);
        await tx
          .update(schedules)
          .set({
            ...slot,
            classId: input.class_id,
            location: input.location,
            maxStudents: input.max_students,
            updatedAt: sql`now()`,
          })
          .where(and(eq(schedules.schoolId, ctx.school.id), eq(schedules.id, current.id)));
      });
      return {
        data: await findSchedule(
          ctx.db,
          ctx.school.id,
          input.scheduleId,
          todayIn(ctx.school.timezone),
        ),
      };
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
      const [row] = isUuid(input.scheduleId)
        ? await ctx.db
            .delete(schedules)
            .where(and(eq(schedules.schoolId, ctx.school.id), eq(schedules.id, input.scheduleId)))
            .returning({ id: schedules.id })
        : [];
      if (!row) throw notFound('Schedule');
      return { message: 'Schedule deleted.' };
    }),
});
