import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import {
  COMPETITION_STATUSES,
  competitionEntries,
  competitionPayments,
  competitions,
} from '@/db/schema';
import { conflict, invalidField } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';
import { schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { countAll, timestampsOut } from '../kernel/records';
import {
  competitionIdInput,
  type CompetitionRow,
  findCompetition,
  lockCompetition,
} from './competition-records';
import { competitionEntriesOf, entrySchema } from './entries';
import { feeSchema, feesField, toStoredFees } from './fees';
import { competitionResultsOf, resultSchema } from './results';

/** Category names: trimmed, non-empty, each once. */
const categoriesField = z
  .array(z.string().trim().min(1).max(100))
  .max(100)
  .superRefine((categories, ctx) => {
    categories.forEach((category, index) => {
      if (categories.indexOf(category) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: fieldMessage('field has a duplicate value.'),
        });
      }
    });
  });

/** POST /competitions; PUT takes any part of it (`fees`, when sent, replaces the list: [] removes all). */
export const competitionFields = z.object({
  name: z.string().trim().min(1).max(255),
  description: optionalText(5000),
  date: calendarDateField,
  location: optionalText(255),
  /** Defaults to internal. */
  type: z.string().trim().min(1).max(50).optional(),
  categories: categoriesField.optional(),
  fees: feesField.optional(),
  /** Defaults to upcoming. */
  status: z.enum(COMPETITION_STATUSES).optional(),
});

type CompetitionInput = Partial<z.infer<typeof competitionFields>>;

export const competitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  location: z.string().nullable(),
  type: z.string(),
  status: z.enum(COMPETITION_STATUSES),
  categories: z.array(z.string()),
  fees: z.array(feeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

const competitionListItemSchema = competitionSchema.extend({ results_count: z.number().int() });
const competitionDetailSchema = competitionSchema.extend({
  entries: z
    .array(entrySchema)
    .describe('Every entry, cancelled ones included, by category and departure order.'),
  results: z.array(resultSchema),
});

export type Competition = z.infer<typeof competitionSchema>;

export function toCompetition(row: CompetitionRow): Competition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    date: row.date,
    location: row.location,
    type: row.type,
    status: row.status,
    categories: row.categories,
    fees: row.fees,
    ...timestampsOut(row),
  };
}

function competitionValues(input: CompetitionInput) {
  return {
    name: input.name,
    description: input.description,
    date: input.date,
    location: input.location,
    type: input.type,
    categories: input.categories,
    fees: input.fees === undefined ? undefined : toStoredFees(input.fees),
    status: input.status,
  };
}

/** A competition with its entries and results. */
async function competitionDetail(db: Database, row: CompetitionRow) {
  const [entries, results] = await Promise.all([
    competitionEntriesOf(db, row.schoolId, row.id),
    competitionResultsOf(db, row.schoolId, row.id),
  ]);
  return { ...toCompetition(row), entries, results };
}

/**
 * A category that still has entries (other than cancelled ones) cannot be removed: the
 * entries, their numbering and the print list would lose it.
 */
async function assertKeepsEnteredCategories(
  tx: Database,
  competition: CompetitionRow,
  categories: string[],
): Promise<void> {
  const entered = await tx
    .selectDistinct({ category: competitionEntries.category })
    .from(competitionEntries)
    .where(
      and(
        eq(competitionEntries.schoolId, competition.schoolId),
        eq(competitionEntries.competitionId, competition.id),
        ne(competitionEntries.status, 'cancelled'),
      ),
    );
  const removed = entered
    .map((row) => row.category)
    .filter((category) => !categories.includes(category));
  if (removed.length > 0) {
    const which =
      removed.length === 1 ? `category ${removed[0]} has` : `categories ${removed.join(', ')} have`;
    throw invalidField('categories', `The ${which} entries and cannot be removed.`);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const one = z.object({ data: competitionDetailSchema });
const TAGS = ['Competitions'];

export const competitionsRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/competitions',
        tags: TAGS,
        summary: 'Competitions, latest date first',
        description: '`search` matches the name or the location (case-insensitive).',
      },
    })
    .input(
      schoolIdInput.extend(paginationInput(20).shape).extend({
        status: z.enum(COMPETITION_STATUSES).optional(),
        type: z.string().trim().max(50).optional(),
        search: z.string().trim().max(255).optional(),
      }),
    )
    .output(paginatedSchema(competitionListItemSchema))
    .query(async ({ ctx, input }) => {
      const filters: SQL[] = [eq(competitions.schoolId, ctx.school.id)];
      if (input.status) filters.push(eq(competitions.status, input.status));
      if (input.type) filters.push(eq(competitions.type, input.type));
      if (input.search) {
        const pattern = `%${escapeLike(input.search)}%`;
        filters.push(or(ilike(competitions.name, pattern), ilike(competitions.location, pattern))!);
      }
      const where = and(...filters);
      const [rows, [counted]] = await Promise.all([
        ctx.db
          .select({
            competition: competitions,
            resultsCount: sql<number>`(
              select count(*)::int from competition_results r
              where r.school_id = "competitions"."school_id" and r.competition_id = "competitions"."id"
            )`,
          })
          .from(competitions)
          .where(where)
          .orderBy(desc(competitions.date), desc(competitions.createdAt), desc(competitions.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db.select({ total: countAll }).from(competitions).where(where),
      ]);
      return paginate(
        rows.map((row) => ({ ...toCompetition(row.competition), results_count: row.resultsCount })),
        counted?.total ?? 0,
        input,
        ctx.url,
      );
    }),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/competitions',
        tags: TAGS,
        summary: 'Create a competition',
        description:
          'Categories are distinct names. Each fee needs `concept`, `name` and `amount`; `is_required` defaults to true and `applies_to` to entry. Two fees may not share concept and name.',
      },
    })
    .input(schoolIdInput.extend(competitionFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .insert(competitions)
        .values({
          ...competitionValues(input),
          schoolId: ctx.school.id,
          name: input.name,
          date: input.date,
        })
        .returning();
      return { data: { ...toCompetition(row!), entries: [], results: [] } };
    }),

  get: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'A competition with its entries and results',
      },
    })
    .input(competitionIdInput)
    .output(one)
    .query(async ({ ctx, input }) => {
      const row = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await competitionDetail(ctx.db, row) };
    }),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'Update a competition (fields given)',
        description:
          '`fees`, when sent, is validated and replaces the list (an empty array removes all fees; payments already generated stay). A category that has entries other than cancelled ones cannot be removed (422).',
      },
    })
    .input(competitionIdInput.extend(competitionFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const current = await lockCompetition(
          tx,
          ctx.school.id,
          input.competitionId,
          'no key update',
        );
        if (input.categories) await assertKeepsEnteredCategories(tx, current, input.categories);
        const [updated] = await tx
          .update(competitions)
          .set({ ...competitionValues(input), updatedAt: sql`now()` })
          .where(and(eq(competitions.schoolId, ctx.school.id), eq(competitions.id, current.id)))
          .returning();
        return updated!;
      });
      return { data: await competitionDetail(ctx.db, row) };
    }),

  remove: schoolProcedure('competitions.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'Delete a competition with its entries, results and payments',
        description:
          'A competition with any paid payment cannot be deleted (409): cancel it instead.',
      },
    })
    .input(competitionIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        // FOR UPDATE waits for payments being paid (they hold KEY SHARE) and blocks new ones.
        const current = await lockCompetition(tx, ctx.school.id, input.competitionId, 'update');
        const [paid] = await tx
          .select({ id: competitionPayments.id })
          .from(competitionPayments)
          .where(
            and(
              eq(competitionPayments.schoolId, ctx.school.id),
              eq(competitionPayments.competitionId, current.id),
              eq(competitionPayments.status, 'paid'),
            ),
          )
          .limit(1);
        if (paid)
          throw conflict(
            'A competition with paid payments cannot be deleted; set its status to cancelled instead.',
          );
        await tx
          .delete(competitions)
          .where(and(eq(competitions.schoolId, ctx.school.id), eq(competitions.id, current.id)));
      });
      return { message: 'Competition deleted.' };
    }),
});
