import { describe, expect, it } from 'vitest';
import { seedDemo } from '@/db/seed-demo';
import { useTestApp } from '../test/harness';

const app = useTestApp();

describe('the demo stud’s money', () => {
  it('shows receivables owed and paid, payments with their income, and months of income and expenses', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const token = await app.tokenFor('owner@demo.stud');
    const [stud] = (await app.request('GET', '/api/studs', { token })).body.data;
    const call = async (method: string, path: string, body?: unknown) =>
      app.request(method, `/api/studs/${stud.id}${path}`, { token, body });
    const get = async (path: string) => {
      const res = await call('GET', path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };

    type Owed = { id: string; kind: string; status: string; overdue: boolean; paid_amount: number };
    const receivables = (await get('/receivables?per_page=100')).data as Owed[];
    expect(receivables.map((r) => [r.kind, r.status, r.overdue])).toEqual([
      ['booking_fee', 'paid', false],
      ['booking_fee', 'pending', true],
      ['shipping', 'pending', true],
      ['boarding', 'partially_paid', true],
    ]);
    // What each receivable says is paid is what its payments add up to, each with its income.
    const payments = (await get('/payments?per_page=100')).data as {
      receivable_id: string;
      amount: number;
      income_id: string | null;
      receipt_number: string;
    }[];
    for (const receivable of receivables) {
      const paid = payments.filter((p) => p.receivable_id === receivable.id);
      expect(paid.reduce((sum, p) => sum + p.amount * 100, 0)).toBe(receivable.paid_amount * 100);
    }
    expect(payments.every((p) => p.income_id !== null)).toBe(true);

    // The next payment is numbered after the demo's receipts of the year.
    const estrellaFee = receivables[1]!;
    const paid = await call('POST', '/payments', {
      receivable_id: estrellaFee.id,
      amount: 300,
      payment_method: 'transfer',
    });
    expect(paid.status, paid.text).toBe(201);
    const year = paid.body.data.paid_date.slice(0, 4);
    const numbers = payments.map((p) => p.receipt_number).filter((n) => n.startsWith(`R-${year}`));
    expect(paid.body.data.receipt_number).toBe(
      `R-${year}-${String(numbers.length + 1).padStart(6, '0')}`,
    );

    const report = (await get('/reports/financial')).data;
    expect(report.income.total).toBeGreaterThan(0);
    expect(report.expenses.total).toBeGreaterThan(0);
    expect((await get('/expenses')).meta.total).toBe(12);
  });
});
