import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import { pregnancies, studReservations, studTasks } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const today = todayIn('UTC');
/** The date `n` days before the stud's today (UTC in tests). */
const ago = (n: number) => addDaysTo(today, -n);

/** A stud with its own stallion and mare, a client's mare booked to a service. */
async function season(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const bella = await world.mare('Bella');
  const owner = await world.client();
  const rosa = await world.mare('Rosa', { ownership: 'client', owner_client_id: owner });
  const offer = await world.service(apollo.id);
  /** A pregnancy of Bella (or `mareId`) by Apollo from `baseDate`, through the API. */
  const pregnancy = async (baseDate: string, extra: Record<string, unknown> = {}) => {
    const res = await world.call('POST', '/pregnancies', {
      mare_id: bella.id,
      stallion_id: apollo.id,
      base_date: baseDate,
      ...extra,
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data as { id: string; status: string };
  };
  const check = (pregnancyId: string, result: string, date: string, extra = {}) =>
    world.call('POST', `/pregnancies/${pregnancyId}/checks`, {
      date,
      method: 'ultrasound',
      result,
      ...extra,
    });
  const tasksOf = async (pregnancyId: string) =>
    (
      await app.db
        .select()
        .from(studTasks)
        .where(and(eq(studTasks.studId, world.studId), eq(studTasks.pregnancyId, pregnancyId)))
        .orderBy(asc(studTasks.pregnancyDay))
    ).map((t) => [t.pregnancyDay, t.status]);
  const reservationRow = async (id: string) =>
    (await app.db.select().from(studReservations).where(eq(studReservations.id, id)))[0]!;
  return { ...world, apollo, bella, rosa, offer, pregnancy, check, tasksOf, reservationRow };
}

describe('pregnancies: recording and reading', () => {
  it('records a pregnancy without an event, with its tasks; a second open one is a 409', async () => {
    const s = await season();
    const res = await s.call(
      'POST',
      '/pregnancies',
      { mare_id: s.bella.id, stallion_id: s.apollo.id, base_date: ago(30), notes: 'Bred away' },
      'staff',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      mare: { id: s.bella.id, name: 'Bella' },
      stallion: { id: s.apollo.id, name: 'Apollo' },
      reservation_id: null,
      breeding_event_id: null,
      base_date: ago(30),
      day: 30,
      due_date: addDaysTo(ago(30), 340),
      due_window: { from: addDaysTo(ago(30), 320), to: addDaysTo(ago(30), 370) },
      status: 'checking',
      twins: false,
      fetal_sex: null,
      ended_on: null,
      notes: 'Bred away',
      last_check: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await s.tasksOf(res.body.data.id)).toEqual(
      [15, 28, 45, 60, 320, 340].map((day) => [day, 'open']),
    );
    const again = await s.call('POST', '/pregnancies', {
      mare_id: s.bella.id,
      stallion_id: s.apollo.id,
      base_date: ago(3),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The mare already has an open pregnancy.');
  });

  it('refuses bad fields with 422 and a client’s mare without a reservation', async () => {
    const s = await season();
    const base = { mare_id: s.bella.id, stallion_id: s.apollo.id, base_date: ago(10) };
    const cases: [Record<string, unknown>, string][] = [
      [{ base_date: addDaysTo(today, 2) }, 'base_date'],
      [{ base_date: undefined }, 'base_date'],
      [{ mare_id: s.apollo.id }, 'mare_id'],
      [{ stallion_id: s.bella.id }, 'stallion_id'],
      [{ mare_id: s.rosa.id }, 'reservation_id'],
    ];
    for (const [change, field] of cases) {
      const res = await s.call('POST', '/pregnancies', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(change)).toEqual([field]);
    }
    const booking = await s.reservation(s.offer.id, s.rosa.id);
    const booked = await s.call('POST', '/pregnancies', {
      reservation_id: booking.id,
      base_date: ago(10),
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.data).toMatchObject({
      reservation_id: booking.id,
      mare: { id: s.rosa.id },
      stallion: { id: s.apollo.id },
    });
    expect((await s.reservationRow(booking.id)).status).toBe('in_progress');
  });

  it('lists by due date with filters, in a constant number of statements', async () => {
    const s = await season();
    const zeus = await s.stallion('Zeus');
    const cleo = await s.mare('Cleo');
    const late = await s.pregnancy(ago(10));
    const early = await s.pregnancy(ago(40), { mare_id: cleo.id, stallion_id: zeus.id });
    const ended = await s.pregnancy(ago(30), { mare_id: (await s.mare('Dora')).id });
    await s.check(ended.id, 'negative', ago(14));
    const ids = async (query = '') =>
      (await s.call('GET', `/pregnancies${query}`, undefined, 'viewer')).body.data.map(
        (x: { id: string }) => x.id,
      );
    expect(await ids()).toEqual([early.id, ended.id, late.id]);
    expect(await ids('?status=checking')).toEqual([early.id, late.id]);
    expect(await ids(`?stallion_id=${zeus.id}`)).toEqual([early.id]);
    expect(await ids(`?mare_id=${s.bella.id}`)).toEqual([late.id]);
    const due = (n: number) => addDaysTo(ago(n), 340);
    expect(await ids(`?due_from=${due(35)}&due_to=${due(5)}`)).toEqual([ended.id, late.id]);
    expect((await s.call('GET', '/pregnancies?status=pregnant')).status).toBe(422);
    const endedRead = (await s.call('GET', `/pregnancies/${ended.id}`)).body.data;
    expect(endedRead).toMatchObject({
      day: null,
      status: 'not_pregnant',
      ended_on: ago(14),
      last_check: { date: ago(14), result: 'negative' },
    });

    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => s.call('GET', '/pregnancies'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    const small = await count();
    for (let i = 0; i < 5; i++) {
      const p = await s.pregnancy(ago(20), { mare_id: (await s.mare(`Mare ${i}`)).id });
      await s.check(p.id, 'inconclusive', ago(5));
    }
    expect(await count()).toBe(small);
  });
});

describe('pregnancies: checks move them (B.5)', () => {
  it('negative while checking → not_pregnant: the near task done, the rest cancelled, reservation in progress', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id);
    const made = await s.call('POST', '/pregnancies', {
      reservation_id: booking.id,
      base_date: ago(20),
    });
    const id = made.body.data.id;
    const res = await s.check(id, 'negative', ago(3), { vet_name: 'Dr Vet', heartbeat: false });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.check).toEqual({
      id: expect.any(String),
      pregnancy_id: id,
      date: ago(3),
      day: 17,
      method: 'ultrasound',
      result: 'negative',
      heartbeat: false,
      fetal_sex: null,
      reported_by: 'stud',
      vet_name: 'Dr Vet',
      notes: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.data.pregnancy).toMatchObject({
      status: 'not_pregnant',
      ended_on: ago(3),
      day: null,
    });
    expect(await s.tasksOf(id)).toEqual([
      [15, 'done'],
      [28, 'cancelled'],
      [45, 'cancelled'],
      [60, 'cancelled'],
      [320, 'cancelled'],
      [340, 'cancelled'],
    ]);
    expect((await s.reservationRow(booking.id)).status).toBe('in_progress');
    const after = await s.check(id, 'positive', ago(1));
    expect(after.status).toBe(409);
    expect(after.body.error.message).toBe('The pregnancy has ended: no check can be recorded.');
  });

  it('positive before the confirmation day keeps checking; from it → confirmed, reservation pregnant', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id, { confirmationDay: 30 });
    const made = await s.call('POST', '/pregnancies', {
      reservation_id: booking.id,
      base_date: ago(40),
    });
    const id = made.body.data.id;
    const early = await s.check(id, 'positive', ago(26), { heartbeat: true });
    expect(early.body.data.pregnancy.status).toBe('checking');
    expect((await s.reservationRow(booking.id)).status).toBe('in_progress');
    const twins = await s.check(id, 'twins', ago(10), { fetal_sex: 'female' });
    expect(twins.status, twins.text).toBe(201);
    expect(twins.body.data.pregnancy).toMatchObject({
      status: 'confirmed',
      twins: true,
      fetal_sex: 'female',
      last_check: { date: ago(10), result: 'twins' },
    });
    expect((await s.reservationRow(booking.id)).status).toBe('pregnant');
    // Day 14 closed day 15; day 30 closed day 28; nothing near 45 or later.
    expect(await s.tasksOf(id)).toEqual([
      [15, 'done'],
      [28, 'done'],
      [45, 'open'],
      [60, 'open'],
      [320, 'open'],
      [340, 'open'],
    ]);
  });

  it('confirms on day 45 without a reservation, and a later negative → lost', async () => {
    const s = await season();
    const p = await s.pregnancy(ago(60));
    expect((await s.check(p.id, 'positive', ago(16))).body.data.pregnancy.status).toBe('checking');
    expect((await s.check(p.id, 'positive', ago(15))).body.data.pregnancy.status).toBe('confirmed');
    const lost = await s.check(p.id, 'negative', ago(2));
    expect(lost.body.data.pregnancy).toMatchObject({ status: 'lost', ended_on: ago(2) });
  });

  it('a loss once confirmed fails the reservation (pregnancy_lost)', async () => {
    const s = await season();
    const booking = await s.reservation(s.offer.id, s.rosa.id, { guarantee: 'live_foal' });
    const made = await s.call('POST', '/pregnancies', {
      reservation_id: booking.id,
      base_date: ago(80),
    });
    const id = made.body.data.id;
    await s.check(id, 'positive', ago(30));
    expect((await s.reservationRow(booking.id)).status).toBe('pregnant');
    const lost = await s.check(id, 'negative', ago(5), { method: 'palpation' });
    expect(lost.body.data.pregnancy.status).toBe('lost');
    expect(await s.reservationRow(booking.id)).toMatchObject({
      status: 'failed',
      outcome: 'pregnancy_lost',
      returnPrivilege: true,
    });
    expect(await s.tasksOf(id)).toEqual([
      [15, 'cancelled'],
      [28, 'cancelled'],
      [45, 'cancelled'],
      [60, 'cancelled'],
      [320, 'cancelled'],
      [340, 'cancelled'],
    ]);
  });

  it('refuses a check before the base date or in the future (422)', async () => {
    const s = await season();
    const p = await s.pregnancy(ago(20));
    const before = await s.check(p.id, 'positive', ago(21));
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual({
      date: [`The date must not be before the pregnancy’s base date (${ago(20)}).`],
    });
    const future = await s.check(p.id, 'positive', addDaysTo(today, 2));
    expect(future.status).toBe(422);
    for (const change of [{ method: 'x-ray' }, { result: 'maybe' }, { reported_by: 'owner' }]) {
      const res = await s.call('POST', `/pregnancies/${p.id}/checks`, {
        date: ago(5),
        method: 'ultrasound',
        result: 'positive',
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(change));
    }
    expect((await s.call('GET', `/pregnancies/${p.id}/checks`)).body.data).toEqual([]);
  });

  it('lists checks in date order, and the suggested schedule with done marks', async () => {
    const s = await season();
    const p = await s.pregnancy(ago(50));
    await s.check(p.id, 'positive', ago(20), { reported_by: 'owner_vet' });
    await s.check(p.id, 'positive', ago(36));
    const checks = await s.call('GET', `/pregnancies/${p.id}/checks`, undefined, 'viewer');
    expect(checks.body.data.map((c: { day: number }) => c.day)).toEqual([14, 30]);
    // Day 45 is done by hand (the task), day 30 closed day 28 by the ±3-day rule.
    await app.db
      .update(studTasks)
      .set({ status: 'done', completedAt: new Date() })
      .where(and(eq(studTasks.pregnancyId, p.id), eq(studTasks.pregnancyDay, 45)));
    const suggested = await s.call(
      'GET',
      `/pregnancies/${p.id}/suggested-checks`,
      undefined,
      'viewer',
    );
    expect(suggested.status, suggested.text).toBe(200);
    expect(suggested.body.data).toEqual([
      { day: 15, date: addDaysTo(ago(50), 15), purpose: 'pregnancy and twins', done: true },
      { day: 28, date: addDaysTo(ago(50), 28), purpose: 'heartbeat', done: true },
      { day: 45, date: addDaysTo(ago(50), 45), purpose: 'confirmation', done: true },
      { day: 60, date: addDaysTo(ago(50), 60), purpose: 'foetal sexing', done: false },
      { day: 320, date: addDaysTo(ago(50), 320), purpose: 'foaling watch', done: false },
      { day: 340, date: addDaysTo(ago(50), 340), purpose: 'due date', done: false },
    ]);
  });
});

describe('pregnancies: update, delete, tasks and access', () => {
  it('PUT moves the base date and tasks until a check (then 409); notes, twins and sex any time', async () => {
    const s = await season();
    const p = await s.pregnancy(ago(20));
    const moved = await s.call(
      'PUT',
      `/pregnancies/${p.id}`,
      { base_date: ago(18), notes: 'Rescanned', status: 'confirmed' },
      'staff',
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({
      base_date: ago(18),
      due_date: addDaysTo(ago(18), 340),
      status: 'checking',
      notes: 'Rescanned',
    });
    const [task] = await app.db
      .select()
      .from(studTasks)
      .where(and(eq(studTasks.pregnancyId, p.id), eq(studTasks.pregnancyDay, 15)));
    expect(task!.dueOn).toBe(addDaysTo(ago(18), 15));
    expect(
      (await s.call('PUT', `/pregnancies/${p.id}`, { base_date: addDaysTo(today, 2) })).status,
    ).toBe(422);
    await s.check(p.id, 'inconclusive', ago(3));
    const late = await s.call('PUT', `/pregnancies/${p.id}`, { base_date: ago(19) });
    expect(late.status).toBe(409);
    const facts = await s.call('PUT', `/pregnancies/${p.id}`, { twins: true, fetal_sex: 'male' });
    expect(facts.body.data).toMatchObject({ twins: true, fetal_sex: 'male', base_date: ago(18) });
  });

  it('DELETE removes a pregnancy with no check and its tasks; 409 after one', async () => {
    const s = await season();
    const p = await s.pregnancy(ago(20));
    expect((await s.call('DELETE', `/pregnancies/${p.id}`, undefined, 'staff')).status).toBe(403);
    const gone = await s.call('DELETE', `/pregnancies/${p.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ message: 'Pregnancy deleted.' });
    expect(await s.tasksOf(p.id)).toEqual([]);
    expect(await app.db.select().from(pregnancies).where(eq(pregnancies.id, p.id))).toEqual([]);
    const kept = await s.pregnancy(ago(20));
    await s.check(kept.id, 'inconclusive', ago(4));
    const refused = await s.call('DELETE', `/pregnancies/${kept.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Checks were recorded for the pregnancy: it cannot be deleted.',
    );
  });

  it('a task may name a pregnancy of the stud, not another stud’s (422)', async () => {
    const hill = await season('Hill');
    const vale = await season('Vale');
    const p = await hill.pregnancy(ago(20));
    const other = await vale.pregnancy(ago(20));
    const ok = await hill.call('POST', '/tasks', { title: 'Call the owner', pregnancy_id: p.id });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.pregnancy_id).toBe(p.id);
    const refused = await hill.call('POST', '/tasks', { title: 'x', pregnancy_id: other.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      pregnancy_id: ['The selected pregnancy id is invalid.'],
    });
  });

  it('answers 401, 403 and 404', async () => {
    const hill = await season('Hill');
    const vale = await season('Vale');
    const p = await hill.pregnancy(ago(20));
    expect((await app.request('GET', `/api/studs/${hill.studId}/pregnancies`)).status).toBe(401);
    const body = { date: ago(5), method: 'ultrasound', result: 'positive' };
    expect((await hill.call('POST', `/pregnancies/${p.id}/checks`, body, 'viewer')).status).toBe(
      403,
    );
    expect((await hill.call('POST', `/pregnancies/${p.id}/checks`, body, 'staff')).status).toBe(
      201,
    );
    for (const path of ['', '/checks', '/suggested-checks'])
      expect((await vale.call('GET', `/pregnancies/${p.id}${path}`)).status, path).toBe(404);
    expect((await vale.call('POST', `/pregnancies/${p.id}/checks`, body)).status).toBe(404);
    expect((await vale.call('PUT', `/pregnancies/${p.id}`, { notes: 'x' })).status).toBe(404);
    expect((await vale.call('DELETE', `/pregnancies/${p.id}`)).status).toBe(404);
    expect((await hill.call('GET', '/pregnancies/not-a-uuid/checks')).status).toBe(404);
  });
});
