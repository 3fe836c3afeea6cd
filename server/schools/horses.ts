import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HORSE_LEVELS, HORSE_STATUSES, horses } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { horseUsage, horseUsageSchema, MAX_USAGE_DAYS, usagePeriod } from './horse-usage';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { horseFields } from './horse-schema';
import { calendarDateField } from '../kernel/fields/record-fields';
import { findInSchool, timestampsOut } from '../kernel/records';

export const horseSchema = z.object({
  id: z.string(),
  name: z.string(),
  breed: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  level: z.enum(HORSE_LEVELS),
  status: z.enum(HORSE_STATUSES),
  max_daily_classes: z.number().int(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

type HorseRow = typeof horses.$inferSelect;

export function toHorse(row: HorseRow): z.infer<typeof horseSchema> {
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    birth_year: row.birthYear,
    level: row.level,
    status: row.status,
    max_daily_classes: row.maxDailyClasses,
    notes: row.notes,
    ...timestampsOut(row),
  };
}

function horseValues(input: Partial<z.infer<typeof horseFields>>) {
  return {
    name: input.name,
    breed: input.breed,
    birthYear: input.birth_year,
    level: input.level,
    status: input.status,
    maxDailyClasses: input.max_daily_classes,
    notes: input.notes,
  };
}

const horseIdInput = schoolIdInput.extend({ horseId: pathId });
const one = z.object({ data: horseSchema });

export const horsesRouter = router({
  list: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses',
        tags: ['Horses'],
        summary: 'Horses by name',
        description:
          '`level=X` lists the horses of level X and those suited to all levels; `level=all` does not filter.',
      },
    })
    .input(
      schoolIdInput.extend({
        status: z.enum(HORSE_STATUSES).optional(),
        level: z.enum(HORSE_LEVELS).optional(),
      }),
    )
    .output(z.object({ data: z.array(horseSchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select()
        .from(horses)
        .where(
          and(
            eq(horses.schoolId, ctx.school.id),
            input.status ? eq(horses.status, input.status) : undefined,
            input.level && input.level !== 'all'
              ? inArray(horses.level, [input.level, 'all'])
              : undefined,
          ),
        )
        .orderBy(asc(horses.name), asc(horses.id));
      return { data: rows.map(toHorse) };
    }),

  create: schoolProcedure('horses.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/horses',
        tags: ['Horses'],
        summary: 'Create a horse',
      },
    })
    .input(schoolIdInput.extend(horseFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .insert(horses)
        .values({ schoolId: ctx.school.id, ...horseValues(input), name: input.name })
        .returning();
      return { data: toHorse(row!) };
    }),

  usage: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses/{horseId}/usage',
        tags: ['Horses'],
        summary: "A horse's classes and minutes per day against its daily maximum",
        description: `Give \`date\`, or \`start_date\` and \`end_date\` (at most ${MAX_USAGE_DAYS} days); without either, today in the school's time zone. A day is overloaded when its classes exceed \`max_daily_classes\`.`,
      },
    })
    .input(
      horseIdInput.extend({
        date: calendarDateField.optional(),
        start_date: calendarDateField.optional(),
        end_date: calendarDateField.optional(),
      }),
    )
    .output(z.object({ data: horseUsageSchema }))
    .query(async ({ ctx, input }) => {
      const { start, end } = usagePeriod(input, todayIn(ctx.school.timezone));
      const horse = await findInSchool(ctx.db, horses, ctx.school.id, input.horseId, 'Horse');
      return { data: await horseUsage(ctx.db, horse, start, end) };
    }),

  get: schoolProcedure('horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'A horse',
      },
    })
    .input(horseIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: toHorse(await findInSchool(ctx.db, horses, ctx.school.id, input.horseId, 'Horse')),
    })),

  update: schoolProcedure('horses.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'Update a horse (fields given)',
      },
    })
    .input(horseIdInput.extend(horseFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const [row] = isUuid(input.horseId)
        ? await ctx.db
            .update(horses)
            .set({ ...horseValues(input), updatedAt: sql`now()` })
            .where(and(eq(horses.schoolId, ctx.school.id), eq(horses.id, input.horseId)))
            .returning()
        : [];
      if (!row) throw notFound('Horse');
      return { data: toHorse(row) };
    }),

  remove: schoolProcedure('horses.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/horses/{horseId}',
        tags: ['Horses'],
        summary: 'Delete a horse without history',
        description:
          'A horse assigned in enrollments or attendance is kept (409): set the status to retired instead.',
      },
    })
    .input(horseIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const [row] = isUuid(input.horseId)
        ? await ctx.db
            .delete(horses)
            .where(and(eq(horses.schoolId, ctx.school.id), eq(horses.id, input.horseId)))
            .returning({ id: horses.id })
        : [];
      if (!row) throw notFound('Horse');
      return { message: 'Horse deleted.' };
    }),
});
