import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contractTemplates, studServices } from '@/db/schema';
import { notFound, registerUniqueField, validationError } from '../kernel/errors';
import { moneyValue } from '../kernel/fields/record-fields';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { stallionError } from '../stud-herd/horse-queries';
import { getService } from './service-queries';
import type { Service, ServiceFields } from './service-schema';

registerUniqueField(
  'stud_services_offer_key',
  'season',
  'The stallion already has a service of this method and delivery in the season.',
);

type Row = typeof studServices.$inferSelect;
/** What the rules across fields read, as the service will stand. */
type Terms = Pick<
  Row,
  'method' | 'delivery' | 'studFee' | 'bookingFee' | 'balanceDueOn' | 'balanceDueDate'
>;

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function serviceValues(input: Partial<ServiceFields>) {
  return {
    stallionId: input.stallion_id,
    season: input.season,
    method: input.method,
    delivery: input.delivery,
    studFee: moneyValue(input.stud_fee),
    bookingFee: moneyValue(input.booking_fee),
    dosesIncluded: input.doses_included,
    extraDosePrice: moneyValue(input.extra_dose_price),
    shippingFee: moneyValue(input.shipping_fee),
    guarantee: input.guarantee,
    balanceDueOn: input.balance_due_on,
    // Another due point than a fixed date clears the date, unless one is sent (then 422).
    balanceDueDate:
      input.balance_due_date === undefined &&
      input.balance_due_on !== undefined &&
      input.balance_due_on !== 'fixed_date'
        ? null
        : input.balance_due_date,
    confirmationDay: input.confirmation_day,
    substituteMareAllowed: input.substitute_mare_allowed,
    requiresSignedContract: input.requires_signed_contract,
    contractTemplateId: input.contract_template_id,
    public: input.public,
    active: input.active,
    notes: input.notes,
  };
}

type Values = ReturnType<typeof serviceValues>;

const defined = (values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<
    Omit<Row, 'studId' | 'id'>
  >;

/**
 * Every rule of the service as it will stand, with its stallion when one is named (422 on
 * each field at once).
 */
async function checkService(
  tx: Database,
  stud: Organization,
  input: Partial<ServiceFields>,
  next: Terms,
  stallionId: string | undefined,
) {
  const errors: Record<string, string[]> = {};
  const stallion = stallionId ? await stallionError(tx, stud, stallionId, 'stallion_id') : null;
  if (stallion) errors.stallion_id = [stallion];
  if (next.method === 'natural_cover' && next.delivery !== 'on_site')
    errors.delivery = ['Natural cover is on site only.'];
  if (Number(next.bookingFee) > Number(next.studFee))
    errors.booking_fee = ['The booking fee must not exceed the stud fee.'];
  if (next.balanceDueOn === 'fixed_date' && !next.balanceDueDate)
    errors.balance_due_date = ['A balance due on a fixed date needs the date.'];
  if (next.balanceDueOn !== 'fixed_date' && next.balanceDueDate)
    errors.balance_due_date = ['Only a balance due on a fixed date takes a date.'];
  if (input.contract_template_id) {
    const [template] = await tx
      .select({ id: contractTemplates.id })
      .from(contractTemplates)
      .where(
        and(
          eq(contractTemplates.studId, stud.id),
          eq(contractTemplates.id, input.contract_template_id),
        ),
      );
    if (!template) errors.contract_template_id = ['The selected contract template id is invalid.'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** POST /services. A second service of the stallion, season, method and delivery → 422. */
export async function createService(
  db: Database,
  stud: Organization,
  input: ServiceFields,
): Promise<Service> {
  return db.transaction(async (tx) => {
    const values = { ...serviceValues(input), studFee: moneyValue(input.stud_fee) };
    await checkService(
      tx,
      stud,
      input,
      {
        method: input.method,
        delivery: values.delivery ?? 'on_site',
        studFee: values.studFee,
        bookingFee: values.bookingFee ?? '0',
        balanceDueOn: values.balanceDueOn ?? 'confirmation',
        balanceDueDate: values.balanceDueDate ?? null,
      },
      input.stallion_id,
    );
    const [row] = await tx
      .insert(studServices)
      .values({
        ...values,
        studId: stud.id,
        stallionId: input.stallion_id,
        season: input.season,
        method: input.method,
      })
      .returning({ id: studServices.id });
    return getService(tx, stud, row!.id);
  });
}

/** PUT /services/{id}: the fields given, under the same rules as the whole service. */
export async function updateService(
  db: Database,
  stud: Organization,
  serviceId: string,
  input: Partial<ServiceFields>,
): Promise<Service> {
  return db.transaction(async (tx) => {
    const where = and(eq(studServices.studId, stud.id), eq(studServices.id, serviceId));
    const [current] = isUuid(serviceId)
      ? await tx.select().from(studServices).where(where).for('update')
      : [];
    if (!current) throw notFound('Service');
    const values = serviceValues(input);
    await checkService(
      tx,
      stud,
      input,
      { ...current, ...defined(values) },
      // A stallion since gelded keeps his services; a new stallion must be one today.
      input.stallion_id !== current.stallionId ? input.stallion_id : undefined,
    );
    await tx
      .update(studServices)
      .set({ ...values, updatedAt: sql`now()` })
      .where(where);
    return getService(tx, stud, serviceId);
  });
}

/** DELETE /services/{id}: a prospect's interest in it is cleared (reservations will keep it). */
export async function deleteService(
  db: Database,
  stud: Organization,
  serviceId: string,
): Promise<void> {
  const [row] = isUuid(serviceId)
    ? await db
        .delete(studServices)
        .where(and(eq(studServices.studId, stud.id), eq(studServices.id, serviceId)))
        .returning({ id: studServices.id })
    : [];
  if (!row) throw notFound('Service');
}
