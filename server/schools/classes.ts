import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { createClass, deleteClass, updateClass } from './class-lifecycle';
import { getClass, listClasses } from './class-queries';
import { classFields, classIdInput, classListFilters, classSchema } from './class-schema';

const one = z.object({ data: classSchema });

export const classesRouter = router({
  list: schoolProcedure('classes.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/classes',
        tags: ['Classes'],
        summary: 'Classes by name',
      },
    })
    .input(schoolIdInput.extend(classListFilters.shape))
    .output(z.object({ data: z.array(classSchema) }))
    .query(async ({ ctx, input }) => ({ data: await listClasses(ctx.db, ctx.school, input) })),

  create: schoolProcedure('classes.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/classes',
        tags: ['Classes'],
        summary: 'Create a class',
        description:
          '`max_students` defaults to 1 for an individual class (which cannot have more) and 10 for a group class.',
      },
    })
    .input(schoolIdInput.extend(classFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createClass(ctx.db, ctx.school, input) })),

  get: schoolProcedure('classes.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/classes/{classId}',
        tags: ['Classes'],
        summary: 'A class',
      },
    })
    .input(classIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getClass(ctx.db, ctx.school, input.classId),
    })),

  update: schoolProcedure('classes.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/classes/{classId}',
        tags: ['Classes'],
        summary: 'Update a class (fields given)',
        description:
          'The resulting class must fit its type: an individual class has `max_students` 1.',
      },
    })
    .input(classIdInput.extend(classFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateClass(ctx.db, ctx.school, input.classId, input),
    })),

  remove: schoolProcedure('classes.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/classes/{classId}',
        tags: ['Classes'],
        summary: 'Delete a class without history',
        description:
          'A class with schedules or enrollments is kept (409): set the status to inactive instead.',
      },
    })
    .input(classIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteClass(ctx.db, ctx.school, input.classId);
      return { message: 'Class deleted.' };
    }),
});
