import { studReceivables } from '@/db/schema';
import type { TestApp } from '../test/harness';
import { breedingWorld } from '../stud-breeding/breeding-fixtures';

/**
 * A stud with one member of each role and the breeding helpers (`breedingWorld`), plus a
 * client and receivables written directly for the finance routes to work on.
 */
export async function financeWorld(app: TestApp, name = 'Hill') {
  const world = await breedingWorld(app, name);
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await world.call('POST', path, body);
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data;
  };
  /** A manual receivable of `clientId`, written directly: €100 due 2026-11-01 unless told. */
  const receivable = async (
    clientId: string,
    values: Partial<typeof studReceivables.$inferInsert> = {},
  ) => {
    const [row] = await app.db
      .insert(studReceivables)
      .values({
        studId: world.studId,
        clientId,
        kind: 'boarding',
        description: 'Boarding, October',
        amount: '100.00',
        dueDate: '2026-11-01',
        ...values,
      })
      .returning();
    return row!;
  };
  /** A payment through the API (cash, today unless told). */
  const pay = (receivableId: string, amount: number, body: Record<string, unknown> = {}) =>
    created('/payments', {
      receivable_id: receivableId,
      amount,
      payment_method: 'cash',
      ...body,
    });
  return { ...world, created, receivable, pay };
}
