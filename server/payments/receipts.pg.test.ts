import { describe, expect, it } from 'vitest';
import { payments } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

describe('receipt numbers under concurrent payments (PostgreSQL)', () => {
  it('numbers each school and year from 1 without gaps when two schools pay in two years at once', async () => {
    const schools = [];
    for (const owner of ['owner@a.test', 'owner@b.test']) {
      const schoolId = await app.createSchool({ members: { [owner]: 'owner' } });
      const token = await app.tokenFor(owner);
      expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
      const student = await f.student(schoolId);
      const rows = await app.db
        .insert(payments)
        .values(
          Array.from({ length: 12 }, () => ({
            schoolId,
            studentId: student.id,
            concept: 'other' as const,
            amount: '10.00',
            currency: 'EUR',
            dueDate: '2025-12-01',
          })),
        )
        .returning({ id: payments.id });
      schools.push({ schoolId, token, ids: rows.map((row) => row.id) });
    }

    // Half of each school's payments in 2025, half in 2026, all 24 requests at once.
    const paidDate = (i: number) => (i % 2 === 0 ? '2025-12-31' : '2026-01-02');
    const results = await Promise.all(
      schools.flatMap((school) =>
        school.ids.map((id, i) =>
          app.request('POST', `/api/schools/${school.schoolId}/payments/${id}/pay`, {
            token: school.token,
            body: { payment_method: 'cash', paid_date: paidDate(i) },
          }),
        ),
      ),
    );

    expect(results.map((res) => res.status)).toEqual(Array(24).fill(200));
    for (const [index] of schools.entries()) {
      const numbers = results
        .slice(index * 12, index * 12 + 12)
        .map((res) => res.body.data.receipt_number as string)
        .sort();
      const sequence = (year: number) =>
        Array.from({ length: 6 }, (_, i) => `R-${year}-${String(i + 1).padStart(6, '0')}`);
      expect(numbers).toEqual([...sequence(2025), ...sequence(2026)]);
    }
  });
});
