import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studReceivables, studReservations } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

describe('automatic receivables under concurrency (PostgreSQL)', () => {
  it('two shipments of one reservation leaving at once count each other’s doses', async () => {
    const w = await financeWorld(app);
    const apollo = await w.stallion('Apollo');
    // 2 doses included, 200.00 per extra dose, 80.00 shipping.
    const offer = await w.service(apollo.id, {
      method: 'fresh_semen',
      stud_fee: 1000,
      doses_included: 2,
      extra_dose_price: 200,
      shipping_fee: 80,
    });
    const owner = await w.client('Owner');
    const bella = await w.mare('Bella', { ownership: 'client', owner_client_id: owner });
    const booking = await w.reservation(offer.id, bella.id, { clientId: owner });
    const prepared = async (doses: number) => {
      const created = await w.created('/shipments', {
        reservation_id: booking.id,
        type: 'chilled',
        doses,
        collected_on: todayIn('UTC'),
        destination: { name: 'Bella’s yard' },
      });
      const moved = await w.call('POST', `/shipments/${created.id}/status`, {
        status: 'prepared',
      });
      expect(moved.status, moved.text).toBe(200);
      return created.id as string;
    };
    const [three, two] = [await prepared(3), await prepared(2)];
    const ship = (id: string) => w.call('POST', `/shipments/${id}/status`, { status: 'shipped' });

    // Both wait on the reservation's row, which the receivables lock before counting.
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: studReservations.id })
          .from(studReservations)
          .where(and(eq(studReservations.studId, w.studId), eq(studReservations.id, booking.id)))
          .for('update'),
      () => Promise.all([ship(three), ship(two)]),
      { waiting: 2 },
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const owed = await app.db
      .select({ kind: studReceivables.kind, amount: studReceivables.amount })
      .from(studReceivables)
      .where(eq(studReceivables.studId, w.studId));
    // 5 doses shipped, 2 included: 3 extra × 200.00, whichever left first; shipping twice.
    const total = (kind: string) =>
      owed.filter((r) => r.kind === kind).reduce((sum, r) => sum + Number(r.amount) * 100, 0);
    expect(total('extra_doses')).toBe(60000);
    expect(total('shipping')).toBe(16000);
  });
});
