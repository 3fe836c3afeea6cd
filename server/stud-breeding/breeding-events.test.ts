import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import {
  pregnancies,
  pregnancyChecks,
  semenBatches,
  semenShipments,
  studReservations,
  studTasks,
} from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const today = todayIn('UTC');
/** The date `n` days before the stud's today (UTC in tests). */
const ago = (n: number) => addDaysTo(today, -n);

/** A stud with its own stallion and mare, a client's mare, a service and a batch. */
async function season(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const bella = await world.mare('Bella');
  const owner = await world.client();
  const rosa = await world.mare('Rosa', { ownership: 'client', owner_client_id: owner });
  const offer = await world.service(apollo.id);
  const stock = await world.batch(apollo.id);
  const tasksOf = (pregnancyId: string) =>
    app.db
      .select()
      .from(studTasks)
      .where(and(eq(studTasks.studId, world.studId), eq(studTasks.pregnancyId, pregnancyId)))
      .orderBy(asc(studTasks.pregnancyDay));
  const pregnancyRow = async (id: string) =>
    (await app.db.select().from(pregnancies).where(eq(pregnancies.id, id)))[0]!;
  const reservationRow = async (id: string) =>
    (await app.db.select().from(studReservations).where(eq(studReservations.id, id)))[0]!;
  const dosesLeft = async (id: string) =>
    (await app.db.select().from(semenBatches).where(eq(semenBatches.id, id)))[0]!.dosesAvailable;
  return {
    ...world,
    apollo,
    bella,
    rosa,
    owner,
    offer,
    stock,
    tasksOf,
    pregnancyRow,
    reservationRow,
    dosesLeft,
  };
}

const cover = (mareId: string, stallionId: string, extra: Record<string, unknown> = {}) => ({
  mare_id: mareId,
  stallion_id: stallionId,
  date: ago(20),
  kind: 'natural_cover',
  ...extra,
});

describe('breeding events: recording', () => {
  it('records a cover of the stud’s own horses, opening a pregnancy with its suggested tasks', async () => {
    const s = await season();
    const assignee = (
      await app.request('GET', '/api/auth/me', { token: await app.tokenFor(s.emails.staff) })
    ).body.id as string;
    await s.call('PUT', '/settings', { default_assignee_id: assignee });
    const res = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { performed_by: 'J. Vet', notes: 'Calm' }),
      'staff',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      reservation_id: null,
      mare: { id: s.bella.id, name: 'Bella' },
      stallion: { id: s.apollo.id, name: 'Apollo' },
      date: ago(20),
      kind: 'natural_cover',
      semen: null,
      batch_id: null,
      shipment_id: null,
      doses_used: null,
      ovulation_on: null,
      performed_by: 'J. Vet',
      notes: 'Calm',
      pregnancy_id: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await s.call('GET', `/breeding-events/${res.body.data.id}`, undefined, 'viewer');
    expect(read.body.data).toEqual(res.body.data);

    const pregnancy = await s.call('GET', `/pregnancies/${res.body.data.pregnancy_id}`);
    expect(pregnancy.body.data).toMatchObject({
      mare: { id: s.bella.id, name: 'Bella' },
      stallion: { id: s.apollo.id, name: 'Apollo' },
      reservation_id: null,
      breeding_event_id: res.body.data.id,
      base_date: ago(20),
      day: 20,
      due_date: addDaysTo(ago(20), 340),
      due_window: { from: addDaysTo(ago(20), 320), to: addDaysTo(ago(20), 370) },
      status: 'checking',
      last_check: null,
    });
    const tasks = await s.tasksOf(res.body.data.pregnancy_id);
    expect(
      tasks.map((t) => [t.pregnancyDay, t.source, t.title, t.dueOn, t.status, t.assignedTo]),
    ).toEqual([
      [
        15,
        'pregnancy_check',
        'Day 15 check: Bella (pregnancy and twins)',
        ago(5),
        'open',
        assignee,
      ],
      [28, 'pregnancy_check', 'Day 28 check: Bella (heartbeat)', ago(-8), 'open', assignee],
      [45, 'pregnancy_check', 'Day 45 check: Bella (confirmation)', ago(-25), 'open', assignee],
      [60, 'pregnancy_check', 'Day 60 check: Bella (foetal sexing)', ago(-40), 'open', assignee],
      [320, 'foaling', 'Day 320, foaling watch: Bella', ago(-300), 'open', assignee],
      [340, 'foaling', 'Day 340, due date: Bella', ago(-320), 'open', assignee],
    ]);
    expect(tasks.every((t) => t.horseId === s.bella.id && t.reservationId === null)).toBe(true);
  });

  it('counts from the ovulation, with the stud’s gestation and check days', async () => {
    const s = await season();
    await s.call('PUT', '/settings', { gestation_days: 335, check_days: [30, 14] });
    const res = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { ovulation_on: ago(19) }),
    );
    expect(res.status, res.text).toBe(201);
    const pregnancy = await s.pregnancyRow(res.body.data.pregnancy_id);
    expect(pregnancy).toMatchObject({
      baseDate: ago(19),
      gestationDays: 335,
      dueDate: addDaysTo(ago(19), 335),
    });
    const tasks = await s.tasksOf(pregnancy.id);
    expect(tasks.map((t) => [t.pregnancyDay, t.title, t.assignedTo])).toEqual([
      [14, 'Day 14 check: Bella (pregnancy check)', null],
      [30, 'Day 30 check: Bella (pregnancy check)', null],
      [320, 'Day 320, foaling watch: Bella', null],
      [335, 'Day 335, due date: Bella', null],
    ]);
  });

  it('starts a reservation with its first event, taking the mare and stallion from it', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id);
    const res = await s.call('POST', '/breeding-events', {
      reservation_id: booking.id,
      date: ago(10),
      kind: 'insemination',
      semen: 'frozen',
      batch_id: s.stock.id,
      doses_used: 2,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      reservation_id: booking.id,
      mare: { id: s.rosa.id, name: 'Rosa' },
      stallion: { id: s.apollo.id, name: 'Apollo' },
      semen: 'frozen',
      batch_id: s.stock.id,
      doses_used: 2,
    });
    expect((await s.reservationRow(booking.id)).status).toBe('in_progress');
    expect(await s.dosesLeft(s.stock.id)).toBe(8);
    const pregnancy = await s.pregnancyRow(res.body.data.pregnancy_id);
    expect(pregnancy.reservationId).toBe(booking.id);
    const tasks = await s.tasksOf(pregnancy.id);
    expect(tasks.every((t) => t.reservationId === booking.id)).toBe(true);
  });

  it('needs a reservation for a client’s mare, and the reservation’s horses (422)', async () => {
    const s = await season();
    const zeus = await s.stallion('Zeus');
    const noBooking = await s.call('POST', '/breeding-events', cover(s.rosa.id, s.apollo.id));
    expect(noBooking.status).toBe(422);
    expect(noBooking.body.errors).toEqual({
      reservation_id: [
        'The reservation id field is required unless the mare and the stallion are both the stud’s own.',
      ],
    });
    const booking = await s.reservation(s.offer.id, s.rosa.id);
    const wrong = await s.call('POST', '/breeding-events', {
      ...cover(s.bella.id, zeus.id),
      reservation_id: booking.id,
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['mare_id', 'stallion_id']);
    expect((await s.reservationRow(booking.id)).status).toBe('confirmed');
  });

  it('refuses a reservation in a closed state with 409', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id, { status: 'cancelled' });
    const res = await s.call('POST', '/breeding-events', {
      reservation_id: booking.id,
      date: ago(3),
      kind: 'natural_cover',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/cancelled/);
  });

  it('refuses bad fields with 422 on each', async () => {
    const hill = await season('Hill');
    const vale = await season('Vale');
    const zeus = await hill.stallion('Zeus');
    const zeusBatch = await hill.batch(zeus.id);
    const base = cover(hill.bella.id, hill.apollo.id);
    const insemination = { ...base, kind: 'insemination', semen: 'frozen' };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ date: addDaysTo(today, 2) }, ['date']],
      [{ ovulation_on: addDaysTo(today, 2) }, ['ovulation_on']],
      [{ date: undefined }, ['date']],
      [{ kind: 'embryo_transfer' }, ['kind']],
      [{ semen: 'fresh' }, ['semen']],
      [{ doses_used: 1 }, ['doses_used']],
      [{ batch_id: hill.stock.id }, ['batch_id']],
      [{ mare_id: hill.apollo.id }, ['mare_id']],
      [{ mare_id: vale.bella.id }, ['mare_id']],
      [{ mare_id: undefined }, ['mare_id']],
      [{ stallion_id: hill.bella.id }, ['stallion_id']],
      [{ stallion_id: vale.apollo.id }, ['stallion_id']],
      [{ ...insemination, semen: undefined }, ['semen']],
      [{ ...insemination, semen: 'fresh', batch_id: hill.stock.id }, ['batch_id']],
      [{ ...insemination, batch_id: zeusBatch.id }, ['batch_id']],
      [{ ...insemination, batch_id: vale.stock.id }, ['batch_id']],
      [{ ...insemination, doses_used: 0 }, ['doses_used']],
    ];
    for (const [change, fields] of cases) {
      const res = await hill.call('POST', '/breeding-events', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(change)).toEqual(fields);
    }
    expect((await hill.call('GET', '/breeding-events')).body.data).toEqual([]);
  });

  it('takes doses from the batch in the same transaction: 409 when short, none taken', async () => {
    const s = await season();
    const small = await s.batch(s.apollo.id, { doses_total: 1 });
    const body = {
      ...cover(s.bella.id, s.apollo.id),
      kind: 'insemination',
      semen: 'frozen',
      batch_id: small.id,
      doses_used: 2,
    };
    const short = await s.call('POST', '/breeding-events', body);
    expect(short.status).toBe(409);
    expect(short.body.error.message).toBe('Not enough doses in the batch.');
    expect(await s.dosesLeft(small.id)).toBe(1);
    expect(
      await app.db.select().from(pregnancies).where(eq(pregnancies.mareId, s.bella.id)),
    ).toEqual([]);
    const ok = await s.call('POST', '/breeding-events', { ...body, doses_used: undefined });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.doses_used).toBe(1);
    expect(await s.dosesLeft(small.id)).toBe(0);
  });

  it('takes shipped semen from a shipment of the same reservation that has left', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id, { status: 'in_progress' });
    const other = await s.reservation(s.offer.id, s.bella.id, { status: 'in_progress' });
    const shipment = async (reservationId: string, status: 'requested' | 'shipped' | 'delivered') =>
      (
        await app.db
          .insert(semenShipments)
          .values({
            studId: s.studId,
            reservationId,
            type: 'frozen',
            doses: 2,
            batchId: s.stock.id,
            status,
          })
          .returning()
      )[0]!.id;
    const body = (shipmentId: string, extra: Record<string, unknown> = {}) => ({
      reservation_id: booking.id,
      date: ago(4),
      kind: 'insemination',
      semen: 'frozen',
      shipment_id: shipmentId,
      ...extra,
    });
    const cases: [string, Record<string, unknown>, string][] = [
      [await shipment(booking.id, 'requested'), {}, 'shipment_id'],
      [await shipment(other.id, 'delivered'), {}, 'shipment_id'],
      [await shipment(booking.id, 'shipped'), { semen: 'chilled' }, 'semen'],
      [await shipment(booking.id, 'shipped'), { doses_used: 3 }, 'doses_used'],
      [await shipment(booking.id, 'shipped'), { batch_id: s.stock.id }, 'shipment_id'],
    ];
    for (const [id, extra, field] of cases) {
      const res = await s.call('POST', '/breeding-events', body(id, extra));
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors), field).toEqual([field]);
    }
    const delivered = await shipment(booking.id, 'delivered');
    const ok = await s.call('POST', '/breeding-events', body(delivered));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ shipment_id: delivered, batch_id: null, doses_used: 1 });
    // Shipped doses left the batch with the shipment, not with the event.
    expect(await s.dosesLeft(s.stock.id)).toBe(10);
  });
});

describe('breeding events: the pregnancy they open or move', () => {
  it('moves the base date and tasks of a pregnancy with no check; an earlier cover does not', async () => {
    const s = await season();
    const zeus = await s.stallion('Zeus');
    const first = await s.call('POST', '/breeding-events', cover(s.bella.id, s.apollo.id));
    const pregnancyId = first.body.data.pregnancy_id;
    const second = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, zeus.id, { date: ago(18), ovulation_on: ago(17) }),
    );
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.pregnancy_id).toBe(pregnancyId);
    expect(await s.pregnancyRow(pregnancyId)).toMatchObject({
      baseDate: ago(17),
      dueDate: addDaysTo(ago(17), 340),
      stallionId: zeus.id,
      breedingEventId: second.body.data.id,
    });
    expect((await s.tasksOf(pregnancyId)).map((t) => t.dueOn)).toEqual(
      [15, 28, 45, 60, 320, 340].map((day) => addDaysTo(ago(17), day)),
    );
    // The first event no longer bears the pregnancy.
    expect(
      (await s.call('GET', `/breeding-events/${first.body.data.id}`)).body.data.pregnancy_id,
    ).toBe(null);
    const late = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { date: ago(25) }),
    );
    expect(late.status, late.text).toBe(201);
    expect(late.body.data.pregnancy_id).toBe(null);
    expect((await s.pregnancyRow(pregnancyId)).baseDate).toBe(ago(17));
  });

  it('refuses a mare whose pregnancy has checks or is confirmed (409), and opens anew after a negative', async () => {
    const s = await season();
    const first = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { date: ago(60) }),
    );
    const pregnancyId = first.body.data.pregnancy_id;
    const check = (result: string, date: string) =>
      s.call('POST', `/pregnancies/${pregnancyId}/checks`, { date, method: 'ultrasound', result });
    expect((await check('inconclusive', ago(45))).status).toBe(201);
    const checked = await s.call('POST', '/breeding-events', cover(s.bella.id, s.apollo.id));
    expect(checked.status).toBe(409);
    expect(checked.body.error.message).toMatch(/has checks/);
    expect((await check('positive', ago(14))).body.data.pregnancy.status).toBe('confirmed');
    const inFoal = await s.call('POST', '/breeding-events', cover(s.bella.id, s.apollo.id));
    expect(inFoal.status).toBe(409);
    expect(inFoal.body.error.message).toMatch(/in foal/);
    expect((await check('negative', ago(2))).body.data.pregnancy.status).toBe('lost');
    const again = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { date: ago(1) }),
    );
    expect(again.status, again.text).toBe(201);
    expect(again.body.data.pregnancy_id).not.toBe(pregnancyId);
  });

  it('PUT moves the pregnancy with the date until a check, then 409; notes always', async () => {
    const s = await season();
    const made = await s.call('POST', '/breeding-events', cover(s.bella.id, s.apollo.id));
    const id = made.body.data.id;
    const pregnancyId = made.body.data.pregnancy_id;
    const moved = await s.call(
      'PUT',
      `/breeding-events/${id}`,
      { ovulation_on: ago(19), performed_by: 'A. Hand', kind: 'insemination' },
      'staff',
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({
      ovulation_on: ago(19),
      performed_by: 'A. Hand',
      kind: 'natural_cover',
    });
    expect((await s.pregnancyRow(pregnancyId)).baseDate).toBe(ago(19));
    expect((await s.tasksOf(pregnancyId))[0]!.dueOn).toBe(addDaysTo(ago(19), 15));
    const future = await s.call('PUT', `/breeding-events/${id}`, { date: addDaysTo(today, 3) });
    expect(future.status).toBe(422);
    await app.db.insert(pregnancyChecks).values({
      studId: s.studId,
      pregnancyId,
      date: ago(5),
      method: 'ultrasound',
      result: 'inconclusive',
    });
    const late = await s.call('PUT', `/breeding-events/${id}`, { ovulation_on: null });
    expect(late.status).toBe(409);
    const notes = await s.call('PUT', `/breeding-events/${id}`, { notes: 'Second heat' });
    expect(notes.status, notes.text).toBe(200);
    expect(notes.body.data.notes).toBe('Second heat');
  });

  it('DELETE takes the pregnancy and its tasks with it and returns doses; 409 once checked', async () => {
    const s = await season();
    const made = await s.call('POST', '/breeding-events', {
      ...cover(s.bella.id, s.apollo.id),
      kind: 'insemination',
      semen: 'frozen',
      batch_id: s.stock.id,
      doses_used: 3,
    });
    expect(await s.dosesLeft(s.stock.id)).toBe(7);
    const pregnancyId = made.body.data.pregnancy_id;
    expect(
      (await s.call('DELETE', `/breeding-events/${made.body.data.id}`, undefined, 'staff')).status,
    ).toBe(403);
    const gone = await s.call('DELETE', `/breeding-events/${made.body.data.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ message: 'Breeding event deleted.' });
    expect(await s.dosesLeft(s.stock.id)).toBe(10);
    expect((await s.call('GET', `/pregnancies/${pregnancyId}`)).status).toBe(404);
    expect(await s.tasksOf(pregnancyId)).toEqual([]);

    const kept = await s.call('POST', '/breeding-events', cover(s.bella.id, s.apollo.id));
    await s.call('POST', `/pregnancies/${kept.body.data.pregnancy_id}/checks`, {
      date: ago(5),
      method: 'ultrasound',
      result: 'inconclusive',
    });
    const refused = await s.call('DELETE', `/breeding-events/${kept.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Checks were recorded/);
  });
});

describe('breeding events: list and access', () => {
  it('lists newest first with filters, in a constant number of statements', async () => {
    const s = await season();
    const cleo = await s.mare('Cleo');
    const booking = await s.reservation(s.offer.id, s.rosa.id);
    const a = await s.call(
      'POST',
      '/breeding-events',
      cover(s.bella.id, s.apollo.id, { date: ago(30) }),
    );
    const b = await s.call('POST', '/breeding-events', {
      reservation_id: booking.id,
      date: ago(10),
      kind: 'natural_cover',
    });
    const c = await s.call(
      'POST',
      '/breeding-events',
      cover(cleo.id, s.apollo.id, { date: ago(20) }),
    );
    const ids = async (query = '') =>
      (await s.call('GET', `/breeding-events${query}`, undefined, 'viewer')).body.data.map(
        (x: { id: string }) => x.id,
      );
    expect(await ids()).toEqual([b.body.data.id, c.body.data.id, a.body.data.id]);
    expect(await ids(`?mare_id=${cleo.id}`)).toEqual([c.body.data.id]);
    expect(await ids(`?reservation_id=${booking.id}`)).toEqual([b.body.data.id]);
    expect(
      await ids(`?stallion_id=${s.apollo.id}&date_from=${ago(25)}&date_to=${ago(15)}`),
    ).toEqual([c.body.data.id]);
    expect((await s.call('GET', '/breeding-events?date_from=soon')).status).toBe(422);

    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => s.call('GET', '/breeding-events'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    const small = await count();
    for (let i = 0; i < 5; i++) {
      const mare = await s.mare(`Mare ${i}`);
      await s.call('POST', '/breeding-events', cover(mare.id, s.apollo.id));
    }
    expect(await count()).toBe(small);
  });

  it('answers 401, 403 and 404 as the other stud routes do', async () => {
    const hill = await season('Hill');
    const vale = await season('Vale');
    const made = await hill.call('POST', '/breeding-events', cover(hill.bella.id, hill.apollo.id));
    const id = made.body.data.id;
    const anonymous = await app.request('GET', `/api/studs/${hill.studId}/breeding-events`);
    expect(anonymous.status).toBe(401);
    const viewer = await hill.call(
      'POST',
      '/breeding-events',
      cover(hill.bella.id, hill.apollo.id),
      'viewer',
    );
    expect(viewer.status).toBe(403);
    expect(
      (await hill.call('PUT', `/breeding-events/${id}`, { notes: 'x' }, 'viewer')).status,
    ).toBe(403);
    expect((await vale.call('GET', `/breeding-events/${id}`)).status).toBe(404);
    expect((await vale.call('PUT', `/breeding-events/${id}`, { notes: 'x' })).status).toBe(404);
    expect((await vale.call('DELETE', `/breeding-events/${id}`)).status).toBe(404);
    expect((await hill.call('GET', '/breeding-events/not-a-uuid')).status).toBe(404);
  });
});
