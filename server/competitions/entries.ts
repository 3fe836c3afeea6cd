import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { competitionEntries, ENTRY_STATUSES, horses, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { pathId } from '../kernel/fields/params';
import { countAll, timestampsOut } from '../kernel/records';
import { competitionIdInput, findCompetition } from './competition-records';
import { cancelEntry, createEntry, recalculateOrder, updateEntry } from './entry-lifecycle';
import { categoryField, entryFields, entryUpdateFields } from './entry-schema';
import { printList, printListSchema } from './print-list';

export const entrySchema = z.object({
  id: z.string(),
  competition_id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  horse_id: z.string().nullable(),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  category: z.string(),
  order_number: z.number().int().nullable(),
  status: z.enum(ENTRY_STATUSES),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Entry = z.infer<typeof entrySchema>;

type EntryRow = {
  entry: typeof competitionEntries.$inferSelect;
  studentName: string;
  horseName: string | null;
};

function toEntry({ entry, studentName, horseName }: EntryRow): Entry {
  return {
    id: entry.id,
    competition_id: entry.competitionId,
    student_id: entry.studentId,
    student: { id: entry.studentId, full_name: studentName },
    horse_id: entry.horseId,
    horse: entry.horseId === null ? null : { id: entry.horseId, name: horseName! },
    category: entry.category,
    order_number: entry.orderNumber,
    status: entry.status,
    notes: entry.notes,
    ...timestampsOut(entry),
  };
}

/** By category, then departure order (DESIGN 5); entries without a number last. */
export const entryOrder = [
  asc(competitionEntries.category),
  asc(competitionEntries.orderNumber),
  asc(competitionEntries.createdAt),
  asc(competitionEntries.id),
];

/** Entries of one competition with their student's name and horse, in one statement. */
export function selectEntries(db: Database, schoolId: string, competitionId: string, where?: SQL) {
  return db
    .select({
      entry: competitionEntries,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      horseName: horses.name,
    })
    .from(competitionEntries)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, competitionEntries.schoolId),
        eq(students.id, competitionEntries.studentId),
      ),
    )
    .leftJoin(
      horses,
      and(
        eq(horses.schoolId, competitionEntries.schoolId),
        eq(horses.id, competitionEntries.horseId),
      ),
    )
    .where(
      and(
        eq(competitionEntries.schoolId, schoolId),
        eq(competitionEntries.competitionId, competitionId),
        where,
      ),
    )
    .$dynamic();
}

/** Every entry of a competition, in list order. */
export async function competitionEntriesOf(
  db: Database,
  schoolId: string,
  competitionId: string,
): Promise<Entry[]> {
  const rows = await selectEntries(db, schoolId, competitionId).orderBy(...entryOrder);
  return rows.map(toEntry);
}

async function findEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
): Promise<Entry> {
  const [row] = isUuid(id)
    ? await selectEntries(db, schoolId, competitionId, eq(competitionEntries.id, id)).limit(1)
    : [];
  if (!row) throw notFound('Entry');
  return toEntry(row);
}

const entryIdInput = competitionIdInput.extend({ entryId: pathId });
const one = z.object({ data: entrySchema });
const BASE = '/schools/{schoolId}/competitions/{competitionId}/entries';
const TAGS = ['Competition entries'];

export const competitionEntriesRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        tags: TAGS,
        summary: 'Entries of a competition, by category and departure order',
      },
    })
    .input(
      competitionIdInput.extend(paginationInput(50).shape).extend({
        category: z.string().trim().max(100).optional(),
        status: z.enum(ENTRY_STATUSES).optional(),
      }),
    )
    .output(paginatedSchema(entrySchema))
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      const where = and(
        input.category ? eq(competitionEntries.category, input.category) : undefined,
        input.status ? eq(competitionEntries.status, input.status) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        selectEntries(ctx.db, ctx.school.id, competition.id, where)
          .orderBy(...entryOrder)
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: countAll })
          .from(competitionEntries)
          .where(
            and(
              eq(competitionEntries.schoolId, ctx.school.id),
              eq(competitionEntries.competitionId, competition.id),
              where,
            ),
          ),
      ]);
      return paginate(rows.map(toEntry), counted?.total ?? 0, input, ctx.url);
    }),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: BASE,
        tags: TAGS,
        summary: 'Enter a student in a category (pending)',
        description:
          "Only while the competition is upcoming or ongoing (409 otherwise). The category must be one of the competition's, the student and horse of this school, and the student not already entered in that category (a cancelled entry does not count): 422 on the field otherwise. Generates payments from the required fees and renumbers the category's departure order.",
      },
    })
    .input(competitionIdInput.extend(entryFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, ...fields } = input;
      const id = await createEntry(ctx.db, ctx.school.id, competitionId, fields);
      return { data: await findEntry(ctx.db, ctx.school.id, competitionId, id) };
    }),

  recalculateOrder: schoolProcedure('competitions.create')
    .meta({
      openapi: {
        method: 'POST',
        path: `${BASE}/recalculate-order`,
        tags: TAGS,
        summary: 'Renumber the departure order of one category, or of all',
        description:
          'Pending and confirmed entries are numbered 1..n by age at the competition date, oldest first (no birth date last; ties by entry creation, then id); cancelled entries have no number, completed ones keep theirs. Answers the entries of the renumbered categories.',
      },
    })
    .input(competitionIdInput.extend({ category: categoryField.optional() }))
    .output(z.object({ message: z.string(), data: z.array(entrySchema) }))
    .mutation(async ({ ctx, input }) => {
      const competition = await recalculateOrder(
        ctx.db,
        ctx.school.id,
        input.competitionId,
        input.category,
      );
      const rows = await selectEntries(
        ctx.db,
        ctx.school.id,
        competition.id,
        input.category === undefined ? undefined : eq(competitionEntries.category, input.category),
      ).orderBy(...entryOrder);
      return { message: 'Departure order recalculated.', data: rows.map(toEntry) };
    }),

  printList: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: `${BASE}/print-list`,
        tags: TAGS,
        summary: 'Starting list by category, in departure order',
        description:
          "Pending, confirmed and completed entries (cancelled ones are left out), grouped by category in the order of the competition's categories; `student_age` is the age at the competition date; `result` is null until a result is recorded.",
      },
    })
    .input(competitionIdInput.extend({ category: z.string().trim().max(100).optional() }))
    .output(z.object({ data: printListSchema }))
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await printList(ctx.db, competition, input.category || undefined) };
    }),

  get: schoolProcedure('competitions.view')
    .meta({
      openapi: { method: 'GET', path: `${BASE}/{entryId}`, tags: TAGS, summary: 'One entry' },
    })
    .input(entryIdInput)
    .output(one)
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await findEntry(ctx.db, ctx.school.id, competition.id, input.entryId) };
    }),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: `${BASE}/{entryId}`,
        tags: TAGS,
        summary: 'Change the category, horse, order number, status or notes of an entry',
        description:
          'Any status may be set, and `order_number` is stored as sent. Changing the category renumbers the category left and the one joined; setting status cancelled clears the number, cancels pending per-entry payments and renumbers, as DELETE does.',
      },
    })
    .input(entryIdInput.extend(entryUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, entryId, ...changes } = input;
      await updateEntry(ctx.db, ctx.school.id, competitionId, entryId, changes);
      return { data: await findEntry(ctx.db, ctx.school.id, competitionId, entryId) };
    }),

  remove: schoolProcedure('competitions.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${BASE}/{entryId}`,
        tags: TAGS,
        summary: 'Cancel a pending or confirmed entry (it is kept)',
        description:
          'The entry loses its departure number, its category is renumbered and its pending per-entry payments are cancelled (paid ones stay). A cancelled or completed entry answers 409.',
      },
    })
    .input(entryIdInput)
    .output(z.object({ message: z.string(), data: entrySchema }))
    .mutation(async ({ ctx, input }) => {
      await cancelEntry(ctx.db, ctx.school.id, input.competitionId, input.entryId);
      return {
        message: 'Entry cancelled.',
        data: await findEntry(ctx.db, ctx.school.id, input.competitionId, input.entryId),
      };
    }),
});
