import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { createInstructor, deleteInstructor, updateInstructor } from './instructor-lifecycle';
import { getInstructor, getInstructorAvailability, listInstructors } from './instructor-queries';
import {
  availabilityFilters,
  availabilitySchema,
  instructorFields,
  instructorIdInput,
  instructorListFilters,
  instructorSchema,
} from './instructor-schema';

const one = z.object({ data: instructorSchema });

export const instructorsRouter = router({
  list: schoolProcedure('instructors.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/instructors',
        tags: ['Instructors'],
        summary: 'Instructors by last name, first name',
      },
    })
    .input(schoolIdInput.extend(instructorListFilters.shape))
    .output(z.object({ data: z.array(instructorSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listInstructors(ctx.db, ctx.school, input),
    })),

  create: schoolProcedure('instructors.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/instructors',
        tags: ['Instructors'],
        summary: 'Create an instructor',
      },
    })
    .input(schoolIdInput.extend(instructorFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createInstructor(ctx.db, ctx.school, input),
    })),

  availability: schoolProcedure('instructors.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/instructors/{instructorId}/availability',
        tags: ['Instructors'],
        summary: "An instructor's classes and free time for a date or an ISO week",
        description:
          "Give `date` (one day) or `week` (`2026-W47`, or a date meaning its week), not both; without either, the current week in the school's time zone. `free` lists the gaps between classes within the working day, 07:00 to 21:00.",
      },
    })
    .input(instructorIdInput.extend(availabilityFilters.shape))
    .output(z.object({ data: availabilitySchema }))
    .query(async ({ ctx, input }) => ({
      data: await getInstructorAvailability(ctx.db, ctx.school, input.instructorId, input),
    })),

  get: schoolProcedure('instructors.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/instructors/{instructorId}',
        tags: ['Instructors'],
        summary: 'An instructor',
      },
    })
    .input(instructorIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getInstructor(ctx.db, ctx.school, input.instructorId),
    })),

  update: schoolProcedure('instructors.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/instructors/{instructorId}',
        tags: ['Instructors'],
        summary: 'Update an instructor (fields given)',
      },
    })
    .input(instructorIdInput.extend(instructorFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateInstructor(ctx.db, ctx.school, input.instructorId, input),
    })),

  remove: schoolProcedure('instructors.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/instructors/{instructorId}',
        tags: ['Instructors'],
        summary: 'Delete an instructor without schedules',
        description:
          'An instructor with schedules is kept (409): set the status to inactive instead.',
      },
    })
    .input(instructorIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteInstructor(ctx.db, ctx.school, input.instructorId);
      return { message: 'Instructor deleted.' };
    }),
});
