import { and, eq } from 'drizzle-orm';
import { contractTemplates, studReservations, studServices } from '@/db/schema';
import type { TestApp } from '../test/harness';
import { studWorld } from '../stud-herd/herd-fixtures';

/** A stud with one member of each role (`studWorld`), and stallions, services and batches. */
export async function breedingWorld(app: TestApp, name = 'Hill') {
  const world = await studWorld(app, name);
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await world.call('POST', path, body);
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data;
  };
  /** A stallion of the herd with a new identity, through the API. */
  const stallion = async (horseName = 'Apollo', identity: Record<string, unknown> = {}) =>
    (await created('/horses', {
      identity: { name: horseName, sex: 'male', birth_year: 2010, ...identity },
    })) as { id: string; horse_identity_id: string };
  /** A frozen, shipped service of the stallion for 2026 unless `body` says otherwise. */
  const service = async (stallionId: string, body: Record<string, unknown> = {}) =>
    created('/services', {
      stallion_id: stallionId,
      season: '2026',
      method: 'frozen_semen',
      delivery: 'shipped',
      stud_fee: 1500,
      ...body,
    });
  /** A batch of ten doses of the stallion, unless `body` says otherwise. */
  const batch = async (stallionId: string, body: Record<string, unknown> = {}) =>
    created('/semen-batches', {
      stallion_id: stallionId,
      collected_on: '2026-02-10',
      straws_per_dose: 8,
      doses_total: 10,
      ...body,
    });
  /**
   * A reservation of the mare to the service, written directly with the service's terms (for
   * the records that follow one: events, shipments, pregnancies, births); confirmed unless
   * `values` says otherwise. Its terms require no signed contract unless `values` says so:
   * these records are bred or shipped to without one (reservation-contracts.test.ts tests
   * the signature gate).
   */
  const reservation = async (
    serviceId: string,
    mareId: string,
    values: Partial<typeof studReservations.$inferInsert> = {},
  ) => {
    const [terms] = await app.db
      .select()
      .from(studServices)
      .where(and(eq(studServices.studId, world.studId), eq(studServices.id, serviceId)));
    if (!terms) throw new Error(`No service ${serviceId}`);
    const { id: _, studId: __, createdAt: ___, updatedAt: ____, ...snapshot } = terms;
    const [row] = await app.db
      .insert(studReservations)
      .values({
        ...snapshot,
        studId: world.studId,
        serviceId,
        mareId,
        status: 'confirmed',
        confirmedAt: new Date(),
        notes: null,
        requiresSignedContract: false,
        ...values,
      })
      .returning();
    return row!;
  };
  /** A contract template of the stud, written directly: a breeding one unless `values` says. */
  const contractTemplate = async (values: Partial<typeof contractTemplates.$inferInsert> = {}) => {
    const [row] = await app.db
      .insert(contractTemplates)
      .values({
        studId: world.studId,
        name: 'Breeding contract',
        kind: 'breeding',
        body: '# Breeding contract\n\n{{stud}} and {{client}}: {{mare}} to {{stallion}} ({{season}}).\n\n{{terms}}\n\n{{fees}}\n\nSigned on {{today}}.',
        ...values,
      })
      .returning();
    return row!;
  };
  return { ...world, stallion, service, batch, reservation, contractTemplate };
}
