import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { paymentAudit, payments, students, users } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { countAll, escapeLike, foldedContains } from '../kernel/records';
import { PAYMENT_ORDERS, selectPayments, statusFilter, toPayment } from './payment-records';
import type { AuditEntry, Payment, PaymentListFilters } from './payment-schema';

/**
 * What `search` matches: the student's "first last", accents aside as on the students list (an
 * uncorrelated subquery: the school's matching students are found once, not per payment), the receipt number, the description or
 * the concept in words (`enrollment fee`). One condition on `payments` alone, so that the page
 * and its count filter alike.
 */
function searchFilter(db: Database, schoolId: string, search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    inArray(
      payments.studentId,
      db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), foldedContains(students.searchName, search))),
    ),
    ilike(payments.receiptNumber, pattern),
    ilike(payments.description, pattern),
    ilike(sql`replace(${payments.concept}, '_', ' ')`, pattern),
  )!;
}

/**
 * A page of the school's payments in the order asked (newest due date first by default);
 * `overdue` is derived on `today`.
 */
export async function listPayments(
  db: Database,
  school: School,
  input: PaymentListFilters & PageRequest,
  url: URL,
) {
  if (input.start_date && input.end_date && input.end_date < input.start_date) {
    throw invalidField(
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
  }
  const today = todayIn(school.timezone);
  const filters: (SQL | undefined)[] = [
    input.student_id ? eq(payments.studentId, input.student_id) : undefined,
    input.status ? statusFilter(input.status, today) : undefined,
    input.search ? searchFilter(db, school.id, input.search) : undefined,
    input.start_date ? gte(payments.dueDate, input.start_date) : undefined,
    input.end_date ? lte(payments.dueDate, input.end_date) : undefined,
  ];
  const where = and(...filters);
  const inSchool = and(eq(payments.schoolId, school.id), where);
  // The page and the filter's total in one statement (the total an uncorrelated scalar
  // subquery); a page past the end has no row to carry it and counts apart.
  const rows = await selectPayments(
    db,
    school.id,
    where,
    { total: sql<number>`(select count(*)::int from ${payments} where ${inSchool})` },
    PAYMENT_ORDERS[input.sort],
  )
    .limit(input.per_page)
    .offset(pageOffset(input));
  const total =
    rows[0]?.total ??
    (pageOffset(input) === 0
      ? 0
      : ((await db.select({ total: countAll }).from(payments).where(inSchool))[0]?.total ?? 0));
  return paginate(
    rows.map((row) => toPayment(row, today)),
    total,
    input,
    url,
  );
}

export async function getPayment(
  db: Database,
  school: School,
  paymentId: string,
): Promise<Payment> {
  const [row] = isUuid(paymentId)
    ? await selectPayments(db, school.id, eq(payments.id, paymentId))
    : [];
  if (!row) throw notFound('Payment');
  return toPayment(row, todayIn(school.timezone));
}

/** A payment's audit trail, oldest first, the creation before any change of the same instant. */
export async function listPaymentAudit(
  db: Database,
  school: School,
  paymentId: string,
): Promise<AuditEntry[]> {
  if (!isUuid(paymentId)) throw notFound('Payment');
  const [[payment], rows] = await Promise.all([
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.schoolId, school.id), eq(payments.id, paymentId))),
    db
      .select({ entry: paymentAudit, actorName: users.displayName, actorEmail: users.email })
      .from(paymentAudit)
      .leftJoin(users, eq(users.id, paymentAudit.actorId))
      .where(and(eq(paymentAudit.schoolId, school.id), eq(paymentAudit.paymentId, paymentId)))
      .orderBy(
        asc(paymentAudit.at),
        sql`case ${paymentAudit.action} when 'create' then 0 else 1 end`,
        asc(paymentAudit.id),
      ),
  ]);
  if (!payment) throw notFound('Payment');
  return rows.map(({ entry, actorName, actorEmail }) => ({
    id: entry.id,
    payment_id: entry.paymentId,
    action: entry.action,
    actor:
      entry.actorId === null ? null : { id: entry.actorId, name: actorName!, email: actorEmail },
    at: entry.at.toISOString(),
    before: entry.before as Record<string, unknown> | null,
    after: entry.after as Record<string, unknown> | null,
  }));
}
