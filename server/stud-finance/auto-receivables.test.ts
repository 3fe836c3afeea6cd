import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studReceivables } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';
import { writeReservationReceivables, writeShipmentReceivables } from './receivable-flow';

const app = useTestApp();
const today = () => todayIn('UTC');

/**
 * A stud with Apollo, a client's mare Bella and a service of Apollo on `terms` (stud fee
 * 1,500.00 of which 300.00 on booking, unless told), and the calls that move a reservation.
 */
async function termsWorld(terms: Record<string, unknown> = {}, name = 'Hill') {
  const w = await financeWorld(app, name);
  const apollo = await w.stallion('Apollo');
  const offer = await w.service(apollo.id, {
    method: 'natural_cover',
    delivery: 'on_site',
    stud_fee: 1500,
    booking_fee: 300,
    // The signature gate is reservation-contracts.test.ts's; these breed without a contract.
    requires_signed_contract: false,
    ...terms,
  });
  const owner = await w.client('Owner');
  const bella = await w.mare('Bella', { ownership: 'client', owner_client_id: owner });
  const book = async (body: Record<string, unknown> = {}) => {
    const res = await w.call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: bella.id,
      client_id: owner,
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; status: string };
  };
  /** Bred `daysAgo` days ago by natural cover; answers the pregnancy it opened. */
  const breed = async (reservationId: string, daysAgo = 50) => {
    const res = await w.call('POST', '/breeding-events', {
      reservation_id: reservationId,
      mare_id: bella.id,
      stallion_id: apollo.id,
      date: addDaysTo(today(), -daysAgo),
      kind: 'natural_cover',
    });
    expect(res.status, res.text).toBe(201);
    const list = await w.call('GET', `/pregnancies?stallion_id=${apollo.id}`);
    return list.body.data[0] as { id: string; base_date: string };
  };
  const scan = async (pregnancyId: string, date: string, result = 'positive') => {
    const res = await w.call('POST', `/pregnancies/${pregnancyId}/checks`, {
      date,
      method: 'ultrasound',
      result,
    });
    expect(res.status, res.text).toBe(201);
  };
  /** The stud's receivables in the order written: kind, amount, due date, status. */
  const owed = async () =>
    (
      await app.db
        .select()
        .from(studReceivables)
        .where(eq(studReceivables.studId, w.studId))
        .orderBy(asc(studReceivables.createdAt), asc(studReceivables.kind))
    ).map((r) => ({
      kind: r.kind,
      amount: r.amount,
      due: r.dueDate,
      status: r.status,
      client: r.clientId,
      source: r.source,
    }));
  return { ...w, apollo, offer, owner, bella, book, breed, scan, owed };
}

describe('automatic receivables: reservations (B.3)', () => {
  it('writes the booking fee and the balance on confirmation when the balance is due then', async () => {
    const w = await termsWorld({ balance_due_on: 'confirmation' });
    const booked = await w.book();
    expect(await w.owed()).toEqual([]);
    const confirmed = await w.call('POST', `/reservations/${booked.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await w.owed()).toEqual([
      {
        kind: 'booking_fee',
        amount: '300.00',
        due: today(),
        status: 'pending',
        client: w.owner,
        source: 'auto',
      },
      {
        kind: 'stud_fee_balance',
        amount: '1200.00',
        due: today(),
        status: 'pending',
        client: w.owner,
        source: 'auto',
      },
    ]);
    const [fee] = await app.db
      .select({ description: studReceivables.description })
      .from(studReceivables)
      .where(and(eq(studReceivables.studId, w.studId), eq(studReceivables.kind, 'booking_fee')));
    expect(fee!.description).toBe('Booking fee — Apollo × Bella (2026)');
  });

  it('writes the booking fee at once on a reservation created confirmed, and a fixed-date balance due that day', async () => {
    const w = await termsWorld({ balance_due_on: 'fixed_date', balance_due_date: '2026-12-15' });
    await w.book({ confirm: true });
    expect((await w.owed()).map((r) => [r.kind, r.amount, r.due])).toEqual([
      ['booking_fee', '300.00', today()],
      ['stud_fee_balance', '1200.00', '2026-12-15'],
    ]);
  });

  it('a repeated trigger writes nothing', async () => {
    const w = await termsWorld({ balance_due_on: 'confirmation' });
    const booked = await w.book({ confirm: true });
    expect(await writeReservationReceivables(app.db, w.studId, booked.id, 'confirmed')).toBe(0);
    expect(await writeReservationReceivables(app.db, w.studId, booked.id, 'pregnant')).toBe(0);
    expect(await w.owed()).toHaveLength(2);
    // Confirming again is refused: the reservation is no longer requested.
    expect((await w.call('POST', `/reservations/${booked.id}/confirm`)).status).toBe(409);
    expect(await w.owed()).toHaveLength(2);
  });

  it('writes the balance when the pregnancy is confirmed under pregnancy_confirmed, once', async () => {
    const w = await termsWorld({
      balance_due_on: 'pregnancy_confirmed',
      guarantee: 'positive_pregnancy',
    });
    const booked = await w.book({ confirm: true });
    expect((await w.owed()).map((r) => r.kind)).toEqual(['booking_fee']);
    const pregnancy = await w.breed(booked.id, 50);
    // Day 15: positive, not yet confirmed (the confirmation day is 45): no balance yet.
    await w.scan(pregnancy.id, addDaysTo(pregnancy.base_date, 15));
    expect((await w.owed()).map((r) => r.kind)).toEqual(['booking_fee']);
    await w.scan(pregnancy.id, addDaysTo(pregnancy.base_date, 45));
    expect((await w.owed()).map((r) => [r.kind, r.amount, r.due])).toEqual([
      ['booking_fee', '300.00', today()],
      ['stud_fee_balance', '1200.00', today()],
    ]);
    // A later positive check does not write it again.
    await w.scan(pregnancy.id, addDaysTo(pregnancy.base_date, 48));
    expect(await w.owed()).toHaveLength(2);
  });

  it('writes the balance on a live foal under live_foal, not when the pregnancy is confirmed', async () => {
    const w = await termsWorld({ balance_due_on: 'live_foal', guarantee: 'live_foal' });
    const booked = await w.book({ confirm: true });
    const pregnancy = await w.breed(booked.id, 60);
    await w.scan(pregnancy.id, addDaysTo(pregnancy.base_date, 45));
    expect((await w.owed()).map((r) => r.kind)).toEqual(['booking_fee']);
    const birth = await w.call('POST', '/births', {
      pregnancy_id: pregnancy.id,
      born_on: today(),
      outcome: 'live',
      foals: [{ sex: 'female', colour: 'Bay', stands_and_nurses: true }],
    });
    expect(birth.status, birth.text).toBe(201);
    expect((await w.owed()).map((r) => [r.kind, r.amount])).toEqual([
      ['booking_fee', '300.00'],
      ['stud_fee_balance', '1200.00'],
    ]);
  });

  it('writes no balance when the foal is lost under live_foal', async () => {
    const w = await termsWorld({ balance_due_on: 'live_foal', guarantee: 'live_foal' });
    const booked = await w.book({ confirm: true });
    const pregnancy = await w.breed(booked.id, 60);
    await w.scan(pregnancy.id, addDaysTo(pregnancy.base_date, 45));
    const birth = await w.call('POST', '/births', {
      pregnancy_id: pregnancy.id,
      born_on: today(),
      outcome: 'stillborn',
      foals: [],
    });
    expect(birth.status, birth.text).toBe(201);
    expect((await w.owed()).map((r) => r.kind)).toEqual(['booking_fee']);
  });

  it('owes nothing for the stud’s own mare, nor a fee of 0', async () => {
    const w = await termsWorld({ booking_fee: 0, balance_due_on: 'confirmation' });
    const own = await w.mare('Home');
    const res = await w.call('POST', '/reservations', {
      service_id: w.offer.id,
      mare_id: own.id,
      confirm: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(await w.owed()).toEqual([]);
    // The client's mare: no booking fee (0), the whole fee as the balance.
    await w.book({ confirm: true });
    expect((await w.owed()).map((r) => [r.kind, r.amount])).toEqual([
      ['stud_fee_balance', '1500.00'],
    ]);
  });

  it('cancels what is unpaid when the reservation is cancelled; a paid booking fee stays', async () => {
    const w = await termsWorld({ balance_due_on: 'fixed_date', balance_due_date: '2026-12-15' });
    const booked = await w.book({ confirm: true });
    const [fee] = await app.db
      .select({ id: studReceivables.id })
      .from(studReceivables)
      .where(and(eq(studReceivables.studId, w.studId), eq(studReceivables.kind, 'booking_fee')));
    await w.pay(fee!.id, 300);
    const cancelled = await w.call('POST', `/reservations/${booked.id}/cancel`, {
      reason: 'Mare sold',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await w.owed()).map((r) => [r.kind, r.status])).toEqual([
      ['booking_fee', 'paid'],
      ['stud_fee_balance', 'cancelled'],
    ]);
  });
});

describe('automatic receivables: shipments (B.4)', () => {
  /** A shipped fresh-semen service: 2 doses included, 200.00 per extra dose, 80.00 shipping. */
  async function shippedWorld() {
    const w = await termsWorld({
      method: 'fresh_semen',
      delivery: 'shipped',
      booking_fee: 0,
      balance_due_on: 'live_foal',
      doses_included: 2,
      extra_dose_price: 200,
      shipping_fee: 80,
    });
    const booked = await w.book({ confirm: true });
    const ship = async (doses: number) => {
      const created = await w.call('POST', '/shipments', {
        reservation_id: booked.id,
        type: 'chilled',
        doses,
        collected_on: today(),
        destination: { name: 'Bella’s yard' },
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.data.id as string;
      for (const status of ['prepared', 'shipped']) {
        const moved = await w.call('POST', `/shipments/${id}/status`, { status });
        expect(moved.status, moved.text).toBe(200);
      }
      return id;
    };
    return { ...w, booked, ship };
  }

  it('charges shipping per shipment and the doses beyond those included, counting earlier shipments', async () => {
    const w = await shippedWorld();
    const first = await w.ship(3);
    // 3 doses, 2 included: 1 extra × 200.00; shipping 80.00.
    expect((await w.owed()).map((r) => [r.kind, r.amount, r.due])).toEqual([
      ['extra_doses', '200.00', today()],
      ['shipping', '80.00', today()],
    ]);
    await w.ship(2);
    // The included doses were used by the first: 2 extra × 200.00.
    expect((await w.owed()).slice(2).map((r) => [r.kind, r.amount])).toEqual([
      ['extra_doses', '400.00'],
      ['shipping', '80.00'],
    ]);
    expect(await writeShipmentReceivables(app.db, w.studId, first)).toBe(0);
    expect(await w.owed()).toHaveLength(4);
  });

  it('charges no extra doses within those included, and nothing before the shipment leaves', async () => {
    const w = await shippedWorld();
    const created = await w.call('POST', '/shipments', {
      reservation_id: w.booked.id,
      type: 'chilled',
      doses: 2,
      collected_on: today(),
      destination: { name: 'Bella’s yard' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    await w.call('POST', `/shipments/${id}/status`, { status: 'prepared' });
    expect(await w.owed()).toEqual([]);
    await w.call('POST', `/shipments/${id}/status`, { status: 'shipped' });
    expect((await w.owed()).map((r) => [r.kind, r.amount])).toEqual([['shipping', '80.00']]);
  });
});
