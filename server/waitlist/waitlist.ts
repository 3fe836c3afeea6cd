import { z } from 'zod';
import { schoolIdInput } from '../kernel/fields/params';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { deleteEntry, updateEntry } from './entry-lifecycle';
import { getEntry, listEntries } from './entry-queries';
import {
  convertFields,
  entryIdInput,
  entrySchema,
  entryUpdateFields,
  waitlistFilters,
} from './entry-schema';
import { convertEntry } from './convert';
import { scheduleMatches } from './matches';
import { can } from '../kernel/auth/permissions';
import { forbidden } from '../kernel/errors';
import { pathId } from '../kernel/fields/params';
import { enrollmentSchema } from '../schools/enrollment-schema';
import { getEnrollment } from '../schools/enrollment-queries';
import { studentSchema } from '../schools/student-schema';

const tags = ['Waitlist'];

/** The school's side of its waiting list (DESIGN-MODULES A.4). */
export const waitlistRouter = router({
  list: schoolProcedure('waitlist.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/waitlist',
        tags,
        summary: 'The waiting list, oldest first',
        description: '`position` is the rank among waiting entries.',
      },
    })
    .input(schoolIdInput.extend(waitlistFilters.shape))
    .output(paginatedSchema(entrySchema))
    .query(({ ctx, input }) => listEntries(ctx.db, ctx.school, input, ctx.url)),

  get: schoolProcedure('waitlist.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'A waitlist entry',
      },
    })
    .input(entryIdInput)
    .output(z.object({ data: entrySchema }))
    .query(async ({ ctx, input }) => ({ data: await getEntry(ctx.db, ctx.school, input.entryId) })),

  update: schoolProcedure('waitlist.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'Change an entry’s status, staff notes or student',
      },
    })
    .input(entryIdInput.extend(entryUpdateFields.shape))
    .output(z.object({ data: entrySchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await updateEntry(ctx.db, ctx.school, input.entryId, input),
    })),

  convert: schoolProcedure('waitlist.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/waitlist/{entryId}/convert',
        tags,
        summary: 'Make the rider a student, and with schedule_id enroll them',
        description:
          'Needs waitlist.edit and students.create. The student comes from the rider (the registrant as emergency contact; `student` overrides fields); with `schedule_id`, an enrollment under every enrollment rule (a full schedule → 422 `schedule_id`, and nothing is written). The entry becomes enrolled; converting a settled entry → 409.',
      },
    })
    .input(entryIdInput.extend(convertFields.shape))
    .output(
      z.object({
        data: z.object({ student: studentSchema, enrollment: enrollmentSchema.nullable() }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!can(ctx.role, 'students.create')) throw forbidden();
      const { student, enrollmentId } = await convertEntry(
        ctx.db,
        ctx.school,
        input.entryId,
        input,
      );
      return {
        data: {
          student,
          enrollment: enrollmentId ? await getEnrollment(ctx.db, ctx.school, enrollmentId) : null,
        },
      };
    }),

  matches: schoolProcedure('waitlist.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/schedules/{scheduleId}/waitlist-matches',
        tags,
        summary: 'Waiting entries this schedule could take, oldest first',
        description:
          'Entries that asked for its class, or for no class and its level or none, on its weekday or any day.',
      },
    })
    .input(schoolIdInput.extend({ scheduleId: pathId }))
    .output(z.object({ data: z.array(entrySchema) }))
    .query(async ({ ctx, input }) => ({
      data: await scheduleMatches(ctx.db, ctx.school, input.scheduleId),
    })),

  remove: schoolProcedure('waitlist.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'Erase an entry',
      },
    })
    .input(entryIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteEntry(ctx.db, ctx.school, input.entryId);
      return { message: 'Waitlist entry deleted.' };
    }),
});
