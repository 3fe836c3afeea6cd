import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { semenBatches, studReservations } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const today = () => todayIn('UTC');

/** A stud with a stallion's frozen shipped service, a batch of ten and a client's mare booked. */
async function shippingWorld(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const frozen = await world.service(apollo.id);
  const stock = await world.batch(apollo.id);
  const owner = await world.client('Owner');
  const bella = await world.mare('Bella', { ownership: 'client', owner_client_id: owner });
  const booking = await world.reservation(frozen.id, bella.id, { clientId: owner });
  const body = (extra: Record<string, unknown> = {}) => ({
    reservation_id: booking.id,
    type: 'frozen',
    batch_id: stock.id,
    doses: 2,
    requested_for: '2026-04-10',
    destination: { name: 'Green Farm', city: 'Ronda', country: 'ES' },
    ...extra,
  });
  const ship = async (extra: Record<string, unknown> = {}) => {
    const res = await world.call('POST', '/shipments', body(extra));
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data as { id: string; status: string };
  };
  const move = (id: string, status: string, extra: Record<string, unknown> = {}, as?: 'staff') =>
    world.call('POST', `/shipments/${id}/status`, { status, ...extra }, as);
  const available = async () => {
    const [row] = await app.db
      .select({ n: semenBatches.dosesAvailable })
      .from(semenBatches)
      .where(and(eq(semenBatches.studId, world.studId), eq(semenBatches.id, stock.id)));
    return row!.n;
  };
  const reservationStatus = async (id = booking.id) => {
    const [row] = await app.db
      .select({ status: studReservations.status })
      .from(studReservations)
      .where(and(eq(studReservations.studId, world.studId), eq(studReservations.id, id)));
    return row!.status;
  };
  return {
    ...world,
    apollo,
    frozen,
    stock,
    owner,
    bella,
    booking,
    body,
    ship,
    move,
    available,
    reservationStatus,
  };
}

describe('semen shipments: create and read', () => {
  it('requests a frozen shipment, starts the reservation and answers every field', async () => {
    const w = await shippingWorld();
    const res = await w.call('POST', '/shipments', w.body({ notes: 'Call before' }), 'staff');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      reservation_id: w.booking.id,
      reservation: {
        id: w.booking.id,
        mare: { id: w.bella.id, name: 'Bella' },
        client: { id: w.owner, display_name: 'Ann Owner' },
      },
      stallion: { id: w.apollo.id, name: 'Apollo' },
      type: 'frozen',
      doses: 2,
      batch_id: w.stock.id,
      collected_on: null,
      requested_for: '2026-04-10',
      shipped_on: null,
      delivered_on: null,
      returned_on: null,
      carrier: null,
      tracking_number: null,
      destination: {
        name: 'Green Farm',
        street: null,
        city: 'Ronda',
        state: null,
        country: 'ES',
        phone: null,
      },
      container_ref: null,
      container_return_due: null,
      status: 'requested',
      cancelled_reason: null,
      notes: 'Call before',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await w.reservationStatus()).toBe('in_progress');
    // Doses leave the batch only when prepared.
    expect(await w.available()).toBe(10);
    const read = await w.call('GET', `/shipments/${res.body.data.id}`, undefined, 'viewer');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);

    // A second shipment of a reservation under way; doses default to the terms' included.
    const second = await w.call('POST', '/shipments', w.body({ doses: undefined }));
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.doses).toBe(1);
  });

  it('sends chilled semen for a fresh-semen service, with its collection day and no batch', async () => {
    const w = await shippingWorld();
    const fresh = await w.service(w.apollo.id, { method: 'fresh_semen', season: '2027' });
    const luna = await w.mare('Luna');
    const booking = await w.reservation(fresh.id, luna.id);
    const base = {
      reservation_id: booking.id,
      type: 'chilled',
      destination: { name: 'Vet clinic' },
    };
    const chilled = await w.call('POST', '/shipments', { ...base, collected_on: '2026-04-01' });
    expect(chilled.status, chilled.text).toBe(201);
    expect(chilled.body.data).toMatchObject({
      type: 'chilled',
      batch_id: null,
      collected_on: '2026-04-01',
      reservation: { mare: { name: 'Luna' }, client: null },
    });
    const bad = await w.call('POST', '/shipments', {
      ...base,
      batch_id: w.stock.id,
      collected_on: '2999-01-01',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['batch_id', 'collected_on']);
    const wrongType = await w.call('POST', '/shipments', { ...base, type: 'frozen' });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.type).toEqual(['The reservation’s service sends chilled semen.']);
  });

  it('refuses with 422 what does not fit the reservation', async () => {
    const w = await shippingWorld();
    const other = await shippingWorld('Vale');
    const zeus = await w.stallion('Zeus');
    const zeusBatch = await w.batch(zeus.id);
    const onSite = await w.service(w.apollo.id, { delivery: 'on_site', season: '2027' });
    const luna = await w.mare('Luna');
    const local = await w.reservation(onSite.id, luna.id);
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await w.call('POST', '/shipments', body);
      expect(res.status, res.text).toBe(422);
      return res.body.errors;
    };
    expect(Object.keys(await errorsOf(w.body({ reservation_id: other.booking.id })))).toEqual([
      'reservation_id',
    ]);
    expect((await errorsOf(w.body({ reservation_id: local.id }))).reservation_id).toEqual([
      'The reservation’s service is delivered on site: nothing is shipped.',
    ]);
    // A chilled shipment takes no batch either.
    expect(Object.keys(await errorsOf(w.body({ type: 'chilled' }))).sort()).toEqual([
      'batch_id',
      'type',
    ]);
    expect(Object.keys(await errorsOf(w.body({ type: 'chilled', batch_id: null })))).toEqual([
      'type',
    ]);
    expect((await errorsOf(w.body({ batch_id: null }))).batch_id).toEqual([
      'The batch id field is required for frozen semen: its doses leave that batch.',
    ]);
    expect((await errorsOf(w.body({ batch_id: zeusBatch.id }))).batch_id).toEqual([
      'The batch must be of the reservation’s stallion.',
    ]);
    expect(Object.keys(await errorsOf(w.body({ batch_id: other.stock.id })))).toEqual(['batch_id']);
    expect(Object.keys(await errorsOf(w.body({ collected_on: '2026-01-01' })))).toEqual([
      'collected_on',
    ]);
    expect(Object.keys(await errorsOf(w.body({ destination: { city: 'Ronda' } })))).toEqual([
      'destination.name',
    ]);
    expect(Object.keys(await errorsOf(w.body({ doses: 0 })))).toEqual(['doses']);
    // Nothing was started by a refused request.
    expect(await w.reservationStatus()).toBe('confirmed');
  });

  it('answers 409 for a reservation neither confirmed nor under way', async () => {
    const w = await shippingWorld();
    for (const status of ['requested', 'rejected', 'cancelled', 'completed', 'failed'] as const) {
      const mare = await w.mare(`Mare ${status}`);
      const booking = await w.reservation(w.frozen.id, mare.id, { status });
      const res = await w.call('POST', '/shipments', w.body({ reservation_id: booking.id }));
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toMatch(/^The reservation is /);
    }
    const pregnantMare = await w.mare('Pregnant');
    const pregnant = await w.reservation(w.frozen.id, pregnantMare.id, { status: 'pregnant' });
    const res = await w.call('POST', '/shipments', w.body({ reservation_id: pregnant.id }));
    expect(res.status, res.text).toBe(201);
    expect(await w.reservationStatus(pregnant.id)).toBe('pregnant');
  });
});

describe('semen shipments: status', () => {
  it('moves requested → prepared → shipped → delivered → returned, each step once', async () => {
    const w = await shippingWorld();
    const { id } = await w.ship();
    expect((await w.move(id, 'shipped')).status).toBe(409);
    const prepared = await w.move(id, 'prepared', {}, 'staff');
    expect(prepared.status, prepared.text).toBe(200);
    expect(prepared.body.data.status).toBe('prepared');
    expect(await w.available()).toBe(8);
    const again = await w.move(id, 'prepared');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The shipment is prepared: it cannot become prepared.');
    expect(await w.available()).toBe(8);

    expect((await w.move(id, 'shipped', { shipped_on: '2999-01-01' })).status).toBe(422);
    const shipped = await w.move(id, 'shipped', {
      shipped_on: '2026-04-08',
      carrier: 'SEUR',
      tracking_number: 'TRK-1',
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body.data).toMatchObject({
      status: 'shipped',
      shipped_on: '2026-04-08',
      carrier: 'SEUR',
      tracking_number: 'TRK-1',
    });
    const cancel = await w.move(id, 'cancelled', { cancelled_reason: 'Too late' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe('The shipment is shipped: it cannot become cancelled.');

    const early = await w.move(id, 'delivered', { delivered_on: '2026-04-07' });
    expect(early.status).toBe(422);
    expect(early.body.errors.delivered_on).toEqual([
      'The date must not be before the shipping day.',
    ]);
    const delivered = await w.move(id, 'delivered', { delivered_on: '2026-04-09' });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body.data).toMatchObject({ status: 'delivered', delivered_on: '2026-04-09' });

    const returned = await w.move(id, 'returned');
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'returned', returned_on: today() });
    for (const status of ['requested', 'prepared', 'shipped', 'delivered', 'returned'])
      expect((await w.move(id, status)).status, status).toBe(409);
    expect((await w.move(id, 'cancelled', { cancelled_reason: 'x' })).status).toBe(409);
    expect(await w.available()).toBe(8);
  });

  it('ships on the stud’s today by default and keeps the carrier already recorded', async () => {
    const w = await shippingWorld();
    const { id } = await w.ship({ carrier: 'DHL' });
    await w.move(id, 'prepared');
    const shipped = await w.move(id, 'shipped');
    expect(shipped.body.data).toMatchObject({ shipped_on: today(), carrier: 'DHL' });
  });

  it('cancels a requested shipment without doses, a prepared one giving its doses back', async () => {
    const w = await shippingWorld();
    const requested = await w.ship();
    const noReason = await w.move(requested.id, 'cancelled');
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(['cancelled_reason']);
    const cancelled = await w.move(requested.id, 'cancelled', { cancelled_reason: 'Mare sold' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelled_reason: 'Mare sold',
    });
    expect(await w.available()).toBe(10);

    const prepared = await w.ship({ doses: 3 });
    await w.move(prepared.id, 'prepared');
    expect(await w.available()).toBe(7);
    const back = await w.move(prepared.id, 'cancelled', { cancelled_reason: 'Mare ovulated' });
    expect(back.status, back.text).toBe(200);
    expect(await w.available()).toBe(10);
    expect((await w.move(prepared.id, 'prepared')).status).toBe(409);
    expect(await w.available()).toBe(10);
  });

  it('answers 409 when the batch has too few doses, and leaves the shipment requested', async () => {
    const w = await shippingWorld();
    const big = await w.ship({ doses: 11 });
    const res = await w.move(big.id, 'prepared');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Not enough doses in the batch.');
    expect((await w.call('GET', `/shipments/${big.id}`)).body.data.status).toBe('requested');
    expect(await w.available()).toBe(10);
  });

  it('prepares a chilled shipment without touching any batch', async () => {
    const w = await shippingWorld();
    const fresh = await w.service(w.apollo.id, { method: 'fresh_semen', season: '2027' });
    const luna = await w.mare('Luna');
    const booking = await w.reservation(fresh.id, luna.id);
    const res = await w.call('POST', '/shipments', {
      reservation_id: booking.id,
      type: 'chilled',
      destination: { name: 'Vet clinic' },
    });
    const moved = await w.move(res.body.data.id, 'prepared');
    expect(moved.status, moved.text).toBe(200);
    expect(await w.available()).toBe(10);
    const back = await w.move(res.body.data.id, 'cancelled', { cancelled_reason: 'No mare' });
    expect(back.status, back.text).toBe(200);
    expect(await w.available()).toBe(10);
  });
});

describe('semen shipments: update and delete', () => {
  it('edits details at any state, doses and semen only while requested', async () => {
    const w = await shippingWorld();
    const { id } = await w.ship();
    const zeus = await w.stallion('Zeus');
    const zeusBatch = await w.batch(zeus.id);
    const second = await w.batch(w.apollo.id, { collected_on: '2026-03-01' });
    expect((await w.call('PUT', `/shipments/${id}`, { batch_id: zeusBatch.id })).status).toBe(422);
    expect((await w.call('PUT', `/shipments/${id}`, { batch_id: null })).status).toBe(422);
    const edited = await w.call(
      'PUT',
      `/shipments/${id}`,
      { doses: 4, batch_id: second.id, container_ref: 'Dewar 7' },
      'staff',
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      doses: 4,
      batch_id: second.id,
      container_ref: 'Dewar 7',
      destination: { name: 'Green Farm', city: 'Ronda' },
    });
    await w.move(id, 'prepared');
    const locked = await w.call('PUT', `/shipments/${id}`, { doses: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(
      'The shipment is prepared: it cannot change its doses or semen.',
    );
    const details = await w.call('PUT', `/shipments/${id}`, {
      doses: 4,
      tracking_number: 'TRK-9',
      container_return_due: '2026-05-01',
      destination: { name: 'Blue Farm', phone: '+34 600' },
    });
    expect(details.status, details.text).toBe(200);
    expect(details.body.data).toMatchObject({
      tracking_number: 'TRK-9',
      container_return_due: '2026-05-01',
      destination: { name: 'Blue Farm', city: null, phone: '+34 600' },
      status: 'prepared',
    });
  });

  it('deletes a requested shipment only (409 afterwards), and 404s what is not the stud’s', async () => {
    const w = await shippingWorld();
    const other = await shippingWorld('Vale');
    const first = await w.ship();
    const second = await w.ship();
    expect((await other.call('GET', `/shipments/${first.id}`)).status).toBe(404);
    expect((await other.call('PUT', `/shipments/${first.id}`, { notes: 'x' })).status).toBe(404);
    expect((await other.move(first.id, 'prepared')).status).toBe(404);
    expect((await other.call('DELETE', `/shipments/${first.id}`)).status).toBe(404);
    expect((await w.call('GET', '/shipments/not-a-uuid')).status).toBe(404);
    expect((await w.move('not-a-uuid', 'prepared')).status).toBe(404);

    const gone = await w.call('DELETE', `/shipments/${first.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Shipment deleted.' });
    expect((await w.call('GET', `/shipments/${first.id}`)).status).toBe(404);
    await w.move(second.id, 'prepared');
    const kept = await w.call('DELETE', `/shipments/${second.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.error.message).toBe('The shipment is prepared: it cannot be deleted.');
  });
});

describe('semen shipments: list', () => {
  it('lists newest first with reservation, status and type filters', async () => {
    const w = await shippingWorld();
    const fresh = await w.service(w.apollo.id, { method: 'fresh_semen', season: '2027' });
    const luna = await w.mare('Luna');
    const lunaBooking = await w.reservation(fresh.id, luna.id);
    const april = await w.ship({ requested_for: '2026-04-10' });
    const may = await w.ship({ requested_for: '2026-05-02' });
    const march = await w.ship({ requested_for: '2026-03-01' });
    const chilled = await w.call('POST', '/shipments', {
      reservation_id: lunaBooking.id,
      type: 'chilled',
      requested_for: '2026-04-20',
      destination: { name: 'Clinic' },
    });
    await w.move(may.id, 'prepared');
    const ids = async (query = '') =>
      (await w.call('GET', `/shipments${query}`, undefined, 'viewer')).body.data.map(
        (s: { id: string }) => s.id,
      );
    expect(await ids()).toEqual([may.id, chilled.body.data.id, april.id, march.id]);
    expect(await ids(`?reservation_id=${w.booking.id}`)).toEqual([may.id, april.id, march.id]);
    expect(await ids('?status=prepared')).toEqual([may.id]);
    expect(await ids('?type=chilled')).toEqual([chilled.body.data.id]);
    expect(await ids('?status=requested&type=frozen')).toEqual([april.id, march.id]);
    expect((await w.call('GET', '/shipments?status=lost')).status).toBe(422);
    expect((await w.call('GET', '/shipments?reservation_id=nope')).status).toBe(422);
  });

  it('reads the list in as many SQL statements for 2 shipments as for 20', async () => {
    const w = await shippingWorld();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/shipments'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let n = 0; n < 2; n++) await w.ship();
    const small = await count();
    for (let n = 2; n < 20; n++) await w.ship();
    expect(await count()).toBe(small);
  });
});

describe('semen shipments: who may', () => {
  it('answers 401 without a token; viewers read, staff write, owners and managers delete', async () => {
    const w = await shippingWorld();
    const { id } = await w.ship();
    expect((await app.request('GET', `/api/studs/${w.studId}/shipments`)).status).toBe(401);
    expect((await app.request('POST', `/api/studs/${w.studId}/shipments`)).status).toBe(401);
    expect((await w.call('GET', '/shipments', undefined, 'viewer')).status).toBe(200);
    expect((await w.call('POST', '/shipments', w.body(), 'viewer')).status).toBe(403);
    expect((await w.call('PUT', `/shipments/${id}`, { notes: 'x' }, 'viewer')).status).toBe(403);
    expect(
      (await w.call('POST', `/shipments/${id}/status`, { status: 'prepared' }, 'viewer')).status,
    ).toBe(403);
    expect((await w.call('DELETE', `/shipments/${id}`, undefined, 'viewer')).status).toBe(403);
    expect((await w.call('DELETE', `/shipments/${id}`, undefined, 'staff')).status).toBe(403);
    expect((await w.call('DELETE', `/shipments/${id}`, undefined, 'manager')).status).toBe(200);
  });

  it('answers 403 for a school’s id under /studs', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const res = await app.request('GET', `/api/studs/${schoolId}/shipments`, {
      token: await app.tokenFor('owner@school.test'),
    });
    expect(res.status).toBe(403);
  });
});
