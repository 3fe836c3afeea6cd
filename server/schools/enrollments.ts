import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { createEnrollment, endEnrollment, updateEnrollment } from './enrollment-lifecycle';
import { getEnrollment, listEnrollments } from './enrollment-queries';
import {
  enrollmentFields,
  enrollmentIdInput,
  enrollmentListFilters,
  enrollmentSchema,
  enrollmentUpdateFields,
} from './enrollment-schema';

const one = z.object({ data: enrollmentSchema });

export const enrollmentsRouter = router({
  list: schoolProcedure('enrollments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/enrollments',
        tags: ['Enrollments'],
        summary: 'Enrollments, latest start first',
      },
    })
    .input(schoolIdInput.extend(enrollmentListFilters.shape))
    .output(z.object({ data: z.array(enrollmentSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listEnrollments(ctx.db, ctx.school, input),
    })),

  create: schoolProcedure('enrollments.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/enrollments',
        tags: ['Enrollments'],
        summary: 'Enroll a student in a schedule of a class',
        description:
          'Needs an active student, a schedule of that class with a free place, and, if given, an active horse not assigned in an overlapping schedule that day (422 on the field otherwise).',
      },
    })
    .input(schoolIdInput.extend(enrollmentFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, ...fields } = input;
      const id = await createEnrollment(ctx.db, ctx.school, fields);
      return { data: await getEnrollment(ctx.db, ctx.school, id) };
    }),

  get: schoolProcedure('enrollments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'One enrollment',
      },
    })
    .input(enrollmentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getEnrollment(ctx.db, ctx.school, input.enrollmentId),
    })),

  update: schoolProcedure('enrollments.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'Change the status, dates, horse or notes of an enrollment',
        description:
          'Student, class and schedule cannot change (422). Status moves between active and paused, and to ended from either; an ended enrollment is not reopened (409). Reactivating re-checks the free place and the horse.',
      },
    })
    .input(enrollmentIdInput.extend(enrollmentUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, enrollmentId, ...changes } = input;
      await updateEnrollment(ctx.db, ctx.school, enrollmentId, changes);
      return { data: await getEnrollment(ctx.db, ctx.school, enrollmentId) };
    }),

  remove: schoolProcedure('enrollments.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'End an enrollment (it is kept as history)',
      },
    })
    .input(enrollmentIdInput)
    .output(z.object({ message: z.string(), data: enrollmentSchema }))
    .mutation(async ({ ctx, input }) => {
      await endEnrollment(ctx.db, ctx.school, input.enrollmentId);
      return {
        message: 'Enrollment ended.',
        data: await getEnrollment(ctx.db, ctx.school, input.enrollmentId),
      };
    }),
});
