import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studIncome, studPayments, studReceivables } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

describe('payments recorded concurrently (PostgreSQL)', () => {
  it('two payments of 60 on 100 owed at once: one 201, one 422, 60 paid', async () => {
    const { studId, call, client, receivable } = await financeWorld(app);
    const owed = await receivable(await client());
    const ofReceivable = and(eq(studReceivables.studId, studId), eq(studReceivables.id, owed.id));
    const pay = () =>
      call('POST', '/payments', { receivable_id: owed.id, amount: 60, payment_method: 'cash' });

    // Both queue on the receivable's row; the second's guarded UPDATE then sees 60 paid.
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: studReceivables.id })
          .from(studReceivables)
          .where(ofReceivable)
          .for('update'),
      () => Promise.all([pay(), pay()]),
      { waiting: 2 },
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    const refused = answers.find((res) => res.status === 422)!;
    expect(refused.body.errors.amount).toEqual([
      'The amount must not exceed the outstanding 40.00.',
    ]);
    const [row] = await app.db.select().from(studReceivables).where(ofReceivable);
    expect(row).toMatchObject({ paidAmount: '60.00', status: 'partially_paid' });
    const payments = await app.db
      .select()
      .from(studPayments)
      .where(eq(studPayments.studId, studId));
    expect(payments).toHaveLength(1);
    const income = await app.db.select().from(studIncome).where(eq(studIncome.studId, studId));
    expect(income.map((entry) => entry.amount)).toEqual(['60.00']);
  });
});
