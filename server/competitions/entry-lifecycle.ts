import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, horses, students } from '@/db/schema';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { referenceInSchool } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import { lockCompetition, type CompetitionRow } from './competition-records';
import { recalculateDepartureOrder } from './departure-order';
import { categoryEntries, findEntry } from './entry-queries';
import type { Entry, EntryInput, EntryUpdate } from './entry-schema';
import { cancelEntryFeePayments, generateFeePayments } from './fees';

/*
 * The entry lifecycle (spec 3, 4.4, DESIGN 6). Every change locks the competition row first,
 * so the entries of a competition change one at a time: the departure numbering stays
 * consecutive and a student is entered once per category. The partial unique index says the
 * latter too, should anything bypass this code.
 */

const ALREADY_ENTERED = 'The student is already entered in this category.';
registerUniqueField('competition_entries_student_category_key', 'student_id', ALREADY_ENTERED);

type EntryRow = typeof competitionEntries.$inferSelect;

/** Entries in these states get a departure number. */
const isNumbered = (status: EntryRow['status']) => status === 'pending' || status === 'confirmed';

function assertCategory(competition: CompetitionRow, category: string): void {
  if (!competition.categories.includes(category)) {
    throw invalidField(
      'category',
      "The selected category is not one of the competition's categories.",
    );
  }
}

/** Rule 2: another entry of the student in the category that is not cancelled. */
async function assertNotEntered(
  tx: Database,
  entry: { schoolId: string; competitionId: string; studentId: string; category: string },
  exceptId?: string,
): Promise<void> {
  const [other] = await tx
    .select({ id: competitionEntries.id })
    .from(competitionEntries)
    .where(
      and(
        eq(competitionEntries.schoolId, entry.schoolId),
        eq(competitionEntries.competitionId, entry.competitionId),
        eq(competitionEntries.category, entry.category),
        eq(competitionEntries.studentId, entry.studentId),
        ne(competitionEntries.status, 'cancelled'),
        exceptId ? ne(competitionEntries.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw invalidField('student_id', ALREADY_ENTERED);
}

/**
 * POST entries: rules 1 to 5. The entry starts pending; the required fees become payments
 * and its category is renumbered, in the same transaction.
 */
export async function createEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  input: EntryInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    assertCategory(competition, input.category);
    await referenceInSchool(tx, students, schoolId, input.student_id, 'student_id');
    if (input.horse_id) await referenceInSchool(tx, horses, schoolId, input.horse_id, 'horse_id');
    if (competition.status !== 'upcoming' && competition.status !== 'ongoing') {
      throw conflict(
        `Entries can be created only while the competition is upcoming or ongoing; it is ${competition.status}.`,
      );
    }
    const entry = {
      schoolId,
      competitionId: competition.id,
      studentId: input.student_id,
      category: input.category,
    };
    await assertNotEntered(tx, entry);

    const [created] = await tx
      .insert(competitionEntries)
      .values({
        ...entry,
        horseId: input.horse_id ?? null,
        notes: input.notes ?? null,
        status: 'pending',
      })
      .returning({ id: competitionEntries.id });
    await generateFeePayments(tx, schoolId, created!.id);
    await recalculateDepartureOrder(tx, schoolId, competition.id, [input.category]);
    return created!.id;
  });
}

/** The entry of a path id in this competition, or 404. */
async function entryOf(tx: Database, competition: CompetitionRow, id: string): Promise<EntryRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(competitionEntries)
        .where(
          and(
            eq(competitionEntries.schoolId, competition.schoolId),
            eq(competitionEntries.competitionId, competition.id),
            eq(competitionEntries.id, id),
          ),
        )
    : [];
  if (!row) throw notFound('Entry');
  return row;
}

/**
 * PUT entry: sets what it is sent, status and order number included (the spec's transitions
 * are followed literally). Side effects follow the numbering rules: the category an entry
 * leaves and the one it joins are renumbered, as is its category when it is cancelled or
 * comes back from cancelled or completed; a cancelled entry loses its number and its
 * pending per-entry payments. An order number sent in the body is kept as sent.
 */
export async function updateEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
  input: EntryUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    const current = await entryOf(tx, competition, id);
    const category = input.category ?? current.category;
    const categoryChanged = category !== current.category;
    if (categoryChanged) assertCategory(competition, category);
    if (input.horse_id) await referenceInSchool(tx, horses, schoolId, input.horse_id, 'horse_id');

    const status = input.status ?? current.status;
    const cancelling = status === 'cancelled' && current.status !== 'cancelled';
    const rejoining = isNumbered(status) && !isNumbered(current.status);
    if (status !== 'cancelled' && (categoryChanged || current.status === 'cancelled')) {
      await assertNotEntered(
        tx,
        { schoolId, competitionId: competition.id, studentId: current.studentId, category },
        current.id,
      );
    }

    let orderNumber = current.orderNumber;
    if (input.order_number !== undefined) orderNumber = input.order_number;
    else if (cancelling) orderNumber = null;

    await tx
      .update(competitionEntries)
      .set({
        category,
        horseId: input.horse_id !== undefined ? input.horse_id : current.horseId,
        status,
        orderNumber,
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(competitionEntries.schoolId, schoolId), eq(competitionEntries.id, current.id)));
    if (cancelling) await cancelEntryFeePayments(tx, schoolId, current.id);

    const renumber = new Set<string>();
    if (categoryChanged) renumber.add(current.category);
    if (categoryChanged || cancelling || rejoining) renumber.add(category);
    // A number sent by hand is not renumbered away in the same request.
    if (input.order_number !== undefined && isNumbered(status)) renumber.delete(category);
    await recalculateDepartureOrder(tx, schoolId, competition.id, [...renumber]);
  });
}

/** DELETE entry: a pending or confirmed entry is cancelled and kept; anything else is 409. */
export async function cancelEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    const current = await entryOf(tx, competition, id);
    if (!isNumbered(current.status)) {
      throw conflict(
        `Only a pending or confirmed entry can be cancelled; this one is ${current.status}.`,
      );
    }
    await tx
      .update(competitionEntries)
      .set({ status: 'cancelled', orderNumber: null, updatedAt: sql`now()` })
      .where(and(eq(competitionEntries.schoolId, schoolId), eq(competitionEntries.id, current.id)));
    await cancelEntryFeePayments(tx, schoolId, current.id);
    await recalculateDepartureOrder(tx, schoolId, competition.id, [current.category]);
  });
}

/** POST entries/recalculate-order: one category (which must be the competition's) or all. */
export async function recalculateOrder(
  db: Database,
  schoolId: string,
  competitionId: string,
  category: string | undefined,
): Promise<CompetitionRow> {
  return db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    if (category !== undefined) assertCategory(competition, category);
    await recalculateDepartureOrder(
      tx,
      schoolId,
      competition.id,
      category === undefined ? undefined : [category],
    );
    return competition;
  });
}

/*
 * The routes' answers: each change, then the entry (or entries) as read after its transaction.
 */

export async function enterStudent(
  db: Database,
  schoolId: string,
  competitionId: string,
  input: EntryInput,
): Promise<Entry> {
  const id = await createEntry(db, schoolId, competitionId, input);
  return findEntry(db, schoolId, competitionId, id);
}

export async function changeEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
  input: EntryUpdate,
): Promise<Entry> {
  await updateEntry(db, schoolId, competitionId, id, input);
  return findEntry(db, schoolId, competitionId, id);
}

export async function withdrawEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
): Promise<Entry> {
  await cancelEntry(db, schoolId, competitionId, id);
  return findEntry(db, schoolId, competitionId, id);
}

/** The entries of the renumbered category (or of all), in list order. */
export async function renumberEntries(
  db: Database,
  schoolId: string,
  competitionId: string,
  category: string | undefined,
): Promise<Entry[]> {
  const competition = await recalculateOrder(db, schoolId, competitionId, category);
  return categoryEntries(db, schoolId, competition.id, category);
}
