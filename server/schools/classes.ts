import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLASS_LEVELS, CLASS_STATUSES, CLASS_TYPES, classes, PRICE_TYPES } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { classFields, DEFAULT_MAX_STUDENTS } from './class-schema';
import { moneyValue } from '../kernel/fields/record-fields';
import { findInSchool, timestampsOut, toMoney } from '../kernel/records';

export const classSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  discipline: z.string().nullable(),
  max_students: z.number().int(),
  duration_minutes: z.number().int(),
  price: z.number(),
  price_type: z.enum(PRICE_TYPES),
  status: z.enum(CLASS_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

type ClassRow = typeof classes.$inferSelect;

export function toClass(row: ClassRow): z.infer<typeof classSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    level: row.level,
    discipline: row.discipline,
    max_students: row.maxStudents,
    duration_minutes: row.durationMinutes,
    price: toMoney(row.price)!,
    price_type: row.priceType,
    status: row.status,
    ...timestampsOut(row),
  };
}

function classValues(input: Partial<z.infer<typeof classFields>>) {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    level: input.level,
    discipline: input.discipline,
    maxStudents: input.max_students,
    durationMinutes: input.duration_minutes,
    price: moneyValue(input.price),
    priceType: input.price_type,
    status: input.status,
  };
}

/** An individual class teaches one student at a time. */
function assertCapacityFitsType(type: ClassRow['type'], maxStudents: number) {
  if (type === 'individual' && maxStudents > 1) {
    throw invalidField('max_students', 'The max students field must be 1 for an individual class.');
  }
}

const classIdInput = schoolIdInput.extend({ classId: pathId });
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
    .input(
      schoolIdInput.extend({
        type: z.enum(CLASS_TYPES).optional(),
        level: z.enum(CLASS_LEVELS).optional(),
        discipline: z.string().trim().max(100).optional(),
        status: z.enum(CLASS_STATUSES).optional(),
      }),
    )
    .output(z.object({ data: z.array(classSchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select()
        .from(classes)
        .where(
          and(
            eq(classes.schoolId, ctx.school.id),
            input.type ? eq(classes.type, input.type) : undefined,
            input.level ? eq(classes.level, input.level) : undefined,
            // Disciplines are free text: "Dressage" and "dressage" are one discipline.
            input.discipline
              ? sql`lower(${classes.discipline}) = lower(${input.discipline})`
              : undefined,
            input.status ? eq(classes.status, input.status) : undefined,
          ),
        )
        .orderBy(asc(classes.name), asc(classes.id));
      return { data: rows.map(toClass) };
    }),

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
    .mutation(async ({ ctx, input }) => {
      const maxStudents = input.max_students ?? DEFAULT_MAX_STUDENTS[input.type];
      assertCapacityFitsType(input.type, maxStudents);
      const [row] = await ctx.db
        .insert(classes)
        .values({
          schoolId: ctx.school.id,
          ...classValues(input),
          name: input.name,
          type: input.type,
          level: input.level,
          maxStudents,
        })
        .returning();
      return { data: toClass(row!) };
    }),

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
      data: toClass(await findInSchool(ctx.db, classes, ctx.school.id, input.classId, 'Class')),
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
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = isUuid(input.classId)
          ? await tx
              .select({ type: classes.type, maxStudents: classes.maxStudents })
              .from(classes)
              .where(and(eq(classes.schoolId, ctx.school.id), eq(classes.id, input.classId)))
              .for('update')
          : [];
        if (!current) throw notFound('Class');
        assertCapacityFitsType(
          input.type ?? current.type,
          input.max_students ?? current.maxStudents,
        );
        const [updated] = await tx
          .update(classes)
          .set({ ...classValues(input), updatedAt: sql`now()` })
          .where(and(eq(classes.schoolId, ctx.school.id), eq(classes.id, input.classId)))
          .returning();
        return updated!;
      });
      return { data: toClass(row) };
    }),

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
      const [row] = isUuid(input.classId)
        ? await ctx.db
            .delete(classes)
            .where(and(eq(classes.schoolId, ctx.school.id), eq(classes.id, input.classId)))
            .returning({ id: classes.id })
        : [];
      if (!row) throw notFound('Class');
      return { message: 'Class deleted.' };
    }),
});
