import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INSTRUCTOR_STATUSES, instructors } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { instructorAvailability, availabilitySchema } from './availability';
import { resolveWeek } from '../kernel/fields/iso-week';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { instructorFields } from './instructor-schema';
import { calendarDateField, isoWeekField, moneyValue } from '../kernel/fields/record-fields';
import { findInSchool, timestampsOut, toMoney } from '../kernel/records';

export const instructorSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  specialties: z.array(z.string()),
  experience_years: z.number().int().nullable(),
  bio: z.string().nullable(),
  hourly_rate: z.number().nullable(),
  status: z.enum(INSTRUCTOR_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

type InstructorRow = typeof instructors.$inferSelect;

export function toInstructor(row: InstructorRow): z.infer<typeof instructorSchema> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    document_type: row.documentType,
    document_number: row.documentNumber,
    phone: row.phone,
    email: row.email,
    specialties: row.specialties,
    experience_years: row.experienceYears,
    bio: row.bio,
    hourly_rate: toMoney(row.hourlyRate),
    status: row.status,
    ...timestampsOut(row),
  };
}

/** Columns of the given fields; absent ones stay undefined (column default, or unchanged). */
function instructorValues(input: Partial<z.infer<typeof instructorFields>>) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    documentType: input.document_type,
    documentNumber: input.document_number,
    phone: input.phone,
    email: input.email,
    specialties: input.specialties,
    experienceYears: input.experience_years,
    bio: input.bio,
    hourlyRate: moneyValue(input.hourly_rate),
    status: input.status,
  };
}

const instructorIdInput = schoolIdInput.extend({ instructorId: pathId });
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
    .input(schoolIdInput.extend({ status: z.enum(INSTRUCTOR_STATUSES).optional() }))
    .output(z.object({ data: z.array(instructorSchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select()
        .from(instructors)
        .where(
          and(
            eq(instructors.schoolId, ctx.school.id),
            input.status ? eq(instructors.status, input.status) : undefined,
          ),
        )
        .orderBy(asc(instructors.lastName), asc(instructors.firstName), asc(instructors.id));
      return { data: rows.map(toInstructor) };
    }),

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
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .insert(instructors)
        .values({
          schoolId: ctx.school.id,
          ...instructorValues(input),
          firstName: input.first_name,
          lastName: input.last_name,
        })
        .returning();
      return { data: toInstructor(row!) };
    }),

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
    .input(
      instructorIdInput.extend({
        date: calendarDateField.optional(),
        week: isoWeekField.optional(),
      }),
    )
    .output(z.object({ data: availabilitySchema }))
    .query(async ({ ctx, input }) => {
      if (input.date && input.week)
        throw invalidField('week', 'The week field cannot be given together with date.');
      const dates = input.date ? [input.date] : resolveWeek(input.week, ctx.school.timezone).dates;
      const instructor = await findInSchool(
        ctx.db,
        instructors,
        ctx.school.id,
        input.instructorId,
        'Instructor',
      );
      return { data: await instructorAvailability(ctx.db, ctx.school.id, instructor.id, dates) };
    }),

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
      data: toInstructor(
        await findInSchool(ctx.db, instructors, ctx.school.id, input.instructorId, 'Instructor'),
      ),
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
    .mutation(async ({ ctx, input }) => {
      const [row] = isUuid(input.instructorId)
        ? await ctx.db
            .update(instructors)
            .set({ ...instructorValues(input), updatedAt: sql`now()` })
            .where(
              and(eq(instructors.schoolId, ctx.school.id), eq(instructors.id, input.instructorId)),
            )
            .returning()
        : [];
      if (!row) throw notFound('Instructor');
      return { data: toInstructor(row) };
    }),

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
      const [row] = isUuid(input.instructorId)
        ? await ctx.db
            .delete(instructors)
            .where(
              and(eq(instructors.schoolId, ctx.school.id), eq(instructors.id, input.instructorId)),
            )
            .returning({ id: instructors.id })
        : [];
      if (!row) throw notFound('Instructor');
      return { message: 'Instructor deleted.' };
    }),
});
