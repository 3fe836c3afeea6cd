import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCounter } from '@/db/client';
import {
  births,
  breedingEvents,
  pregnancies,
  pregnancyChecks,
  semenShipments,
  studReservations,
} from '@/db/schema';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();

/** A stud with a stallion, his frozen service for 2026, and a client's mare. */
async function season(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const offer = await world.service(apollo.id, {
    stud_fee: 1500,
    booking_fee: 300,
    doses_included: 2,
    extra_dose_price: 200,
    shipping_fee: 80,
    guarantee: 'live_foal',
  });
  const owner = await world.client('Owner');
  const bella = await world.mare('Bella', { ownership: 'client', owner_client_id: owner });
  const book = (
    body: Record<string, unknown> = {},
    as?: 'owner' | 'manager' | 'staff' | 'viewer',
  ) =>
    world.call('POST', '/reservations', { service_id: offer.id, mare_id: bella.id, ...body }, as);
  const status = async (id: string) => {
    const [row] = await app.db
      .select()
      .from(studReservations)
      .where(and(eq(studReservations.studId, world.studId), eq(studReservations.id, id)));
    return row!;
  };
  return { ...world, apollo, offer, owner, bella, book, status };
}

describe('stud reservations: create and read', () => {
  it('books a client’s mare with the service’s terms and her owner as client', async () => {
    const { call, book, apollo, offer, owner, bella } = await season();
    const res = await book({ notes: 'Prefers May.' }, 'manager');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      service_id: offer.id,
      service: { id: offer.id, season: '2026', method: 'frozen_semen', delivery: 'shipped' },
      stallion: { id: apollo.id, name: 'Apollo' },
      season: '2026',
      mare: { id: bella.id, name: 'Bella' },
      client: { id: owner, display_name: 'Ann Owner' },
      status: 'requested',
      source: 'staff',
      return_of_id: null,
      contract_id: null,
      contract: null,
      outcome: null,
      return_privilege: false,
      reason: null,
      notes: 'Prefers May.',
      terms: {
        stud_fee: 1500,
        booking_fee: 300,
        doses_included: 2,
        extra_dose_price: 200,
        shipping_fee: 80,
        guarantee: 'live_foal',
        balance_due_on: 'confirmation',
        balance_due_date: null,
        confirmation_day: 45,
        substitute_mare_allowed: false,
        requires_signed_contract: true,
        method: 'frozen_semen',
        delivery: 'shipped',
      },
      confirmed_at: null,
      started_at: null,
      closed_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      timeline: [
        {
          at: res.body.data.created_at,
          kind: 'requested',
          label: 'Requested',
          record_id: res.body.data.id,
        },
      ],
    });
    const read = await call('GET', `/reservations/${res.body.data.id}`, undefined, 'viewer');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);

    // The terms are the service's when booked: a later change does not reach them.
    expect((await call('PUT', `/services/${offer.id}`, { stud_fee: 2000 })).status).toBe(200);
    const again = await call('GET', `/reservations/${res.body.data.id}`);
    expect(again.body.data.terms.stud_fee).toBe(1500);
  });

  it('books the stud’s own mare without a client, confirmed at once, as the owner’s request', async () => {
    const { call, offer, mare } = await season();
    const rosa = await mare('Rosa');
    const res = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      confirm: true,
      source: 'owner_request',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      client: null,
      status: 'confirmed',
      source: 'owner_request',
      confirmed_at: expect.any(String),
    });
    expect(res.body.data.timeline.map((t: { kind: string }) => t.kind)).toEqual([
      'requested',
      'confirmed',
    ]);
    expect(res.body.data.timeline[0].label).toBe('Requested by the owner');
  });

  it('answers 422 on each field at once: service, mare, client', async () => {
    const hill = await season('Hill');
    const vale = await breedingWorld(app, 'Vale');
    const valeClient = await vale.client('Far');
    const valeMare = await vale.mare('Faraway');
    const inactive = await hill.service(hill.apollo.id, { season: '2025', active: false });
    const foal = await hill.mare('Filly', {
      identity: { name: 'Filly', sex: 'female', birth_year: new Date().getUTCFullYear() },
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { service_id: crypto.randomUUID(), mare_id: valeMare.id, client_id: valeClient },
        {
          service_id: ['The selected service id is invalid.'],
          mare_id: ['The selected mare id is invalid.'],
        },
      ],
      [{ service_id: inactive.id }, { service_id: ['The service must be active.'] }],
      [{ mare_id: hill.apollo.id }, { mare_id: ['The mare id must be a mare of the stud.'] }],
      [{ mare_id: foal.id }, { mare_id: ['The mare id must be a mare of the stud.'] }],
      [{ client_id: valeClient }, { client_id: ['The selected client id is invalid.'] }],
      [
        { client_id: null },
        { client_id: ['The client id field is required unless the mare is the stud’s own.'] },
      ],
      [{ mare_id: 'bella' }, { mare_id: ['The mare id field must be a valid UUID.'] }],
      [{ source: 'web' }, { source: ['The selected source is invalid.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await hill.book(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const missing = await hill.call('POST', '/reservations', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['mare_id', 'service_id']);
  });

  it('keeps one open reservation per mare and season (409); another season or a closed one is fine', async () => {
    const { book, call, apollo, service } = await season();
    const first = await book();
    expect(first.status).toBe(201);
    const twice = await book();
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'The mare already has an open reservation in this season.',
      },
    });
    const next = await service(apollo.id, { season: '2027' });
    expect((await book({ service_id: next.id })).status).toBe(201);
    expect(
      (await call('POST', `/reservations/${first.body.data.id}/reject`, { reason: 'Full' })).status,
    ).toBe(200);
    expect((await book()).status).toBe(201);
  });
});

describe('stud reservations: confirm, reject, cancel, close', () => {
  it('confirms a requested reservation; any other state is a 409 naming it', async () => {
    const { call, book } = await season();
    const { id } = (await book()).body.data;
    const res = await call('POST', `/reservations/${id}/confirm`, {}, 'manager');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    const again = await call('POST', `/reservations/${id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The reservation is confirmed: it cannot be confirmed.');
    const reject = await call('POST', `/reservations/${id}/reject`, { reason: 'No' });
    expect(reject.status).toBe(409);
    expect(reject.body.error.message).toBe('The reservation is confirmed: it cannot be rejected.');
    const close = await call('POST', `/reservations/${id}/close`, { outcome: 'no_pregnancy' });
    expect(close.status).toBe(409);
    expect(close.body.error.message).toBe('The reservation is confirmed: it cannot be closed.');
  });

  it('refuses to confirm past the stallion’s book limit for the season (409), at once or later', async () => {
    const { call, book, apollo, offer, mare, service } = await season();
    expect((await call('PUT', `/stallions/${apollo.id}/profile`, { book_limit: 1 })).status).toBe(
      200,
    );
    const rosa = await mare('Rosa');
    const lola = await mare('Lola');
    expect((await book({ confirm: true })).status).toBe(201);
    const full = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      confirm: true,
    });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe('The stallion’s book for 2026 is full (1 of 1 mares).');
    const requested = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
    });
    expect(requested.status).toBe(201);
    const later = await call('POST', `/reservations/${requested.body.data.id}/confirm`);
    expect(later.status).toBe(409);
    expect(later.body.error.message).toMatch(/book for 2026 is full/);
    // Another season has its own book; a limit removed leaves none.
    const next = await service(apollo.id, { season: '2027' });
    expect(
      (
        await call('POST', '/reservations', {
          service_id: next.id,
          mare_id: lola.id,
          confirm: true,
        })
      ).status,
    ).toBe(201);
    await call('PUT', `/stallions/${apollo.id}/profile`, { book_limit: null });
    expect((await call('POST', `/reservations/${requested.body.data.id}/confirm`)).status).toBe(
      200,
    );
  });

  it('rejects a requested reservation with its reason', async () => {
    const { call, book } = await season();
    const { id } = (await book()).body.data;
    const blank = await call('POST', `/reservations/${id}/reject`, { reason: '  ' });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors)).toEqual(['reason']);
    const res = await call('POST', `/reservations/${id}/reject`, { reason: 'Mare too old.' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Mare too old.',
      closed_at: expect.any(String),
    });
    expect(res.body.data.timeline.at(-1)).toMatchObject({
      kind: 'rejected',
      label: 'Rejected: Mare too old.',
    });
    for (const action of ['reject', 'cancel', 'confirm']) {
      const again = await call('POST', `/reservations/${id}/${action}`, { reason: 'x' });
      expect(again.status, action).toBe(409);
      expect(again.body.error.message, action).toMatch(/^The reservation is rejected: it cannot/);
    }
  });

  it('cancels a requested or confirmed reservation (POST with a reason, DELETE without)', async () => {
    const { call, book, offer, mare, status } = await season();
    const { id } = (await book()).body.data;
    const res = await call('POST', `/reservations/${id}/cancel`, { reason: 'Mare sold.' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', reason: 'Mare sold.' });
    expect(res.body.data.timeline.at(-1)).toMatchObject({
      kind: 'cancelled',
      label: 'Cancelled: Mare sold.',
    });
    expect((await call('POST', `/reservations/${id}/cancel`, {})).status).toBe(422);

    const rosa = await mare('Rosa');
    const confirmed = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      confirm: true,
    });
    const gone = await call('DELETE', `/reservations/${confirmed.body.data.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toMatchObject({
      message: 'Reservation cancelled.',
      data: { status: 'cancelled', reason: null },
    });
    expect((await status(confirmed.body.data.id)).status).toBe('cancelled');
    const twice = await call('DELETE', `/reservations/${confirmed.body.data.id}`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('The reservation is cancelled: it cannot be cancelled.');
  });

  it('does not cancel once the mare was bred or sent semen (409), nor in progress', async () => {
    const { call, studId, apollo, offer, bella, mare, reservation } = await season();
    const bred = await reservation(offer.id, bella.id);
    // A breeding event written without its move (the breeding slice starts the reservation).
    await app.db.insert(breedingEvents).values({
      studId,
      reservationId: bred.id,
      mareId: bella.id,
      stallionId: apollo.id,
      date: '2026-04-01',
      kind: 'natural_cover',
    });
    const res = await call('POST', `/reservations/${bred.id}/cancel`, { reason: 'Changed mind' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'The reservation has breeding events or shipments: it cannot be cancelled.',
    );
    const rosa = await mare('Rosa');
    const started = await reservation(offer.id, rosa.id, { status: 'in_progress' });
    const inProgress = await call('DELETE', `/reservations/${started.id}`);
    expect(inProgress.status).toBe(409);
    expect(inProgress.body.error.message).toBe(
      'The reservation is in progress: it cannot be cancelled.',
    );
  });

  it('closes a reservation in progress or pregnant as failed, with a return under a live-foal guarantee', async () => {
    const { call, offer, bella, mare, reservation } = await season();
    const started = await reservation(offer.id, bella.id, { status: 'in_progress' });
    const wrong = await call('POST', `/reservations/${started.id}/close`, {
      outcome: 'live_foal',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['outcome']);
    const res = await call('POST', `/reservations/${started.id}/close`, {
      outcome: 'no_pregnancy',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'failed',
      outcome: 'no_pregnancy',
      return_privilege: true,
      closed_at: expect.any(String),
    });
    expect(res.body.data.timeline.at(-1)).toMatchObject({
      kind: 'failed',
      label: 'Failed: no pregnancy',
    });
    const again = await call('POST', `/reservations/${started.id}/close`, {
      outcome: 'no_pregnancy',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The reservation is failed: it cannot be closed.');

    const rosa = await mare('Rosa');
    const pregnant = await reservation(offer.id, rosa.id, { status: 'pregnant' });
    const lost = await call('POST', `/reservations/${pregnant.id}/close`, {
      outcome: 'pregnancy_lost',
    });
    expect(lost.body.data).toMatchObject({ status: 'failed', outcome: 'pregnancy_lost' });

    const lola = await mare('Lola');
    const requested = await reservation(offer.id, lola.id, { status: 'requested' });
    const early = await call('POST', `/reservations/${requested.id}/close`, {
      outcome: 'no_pregnancy',
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('The reservation is requested: it cannot be closed.');
  });
});

describe('stud reservations: returns', () => {
  it('uses a failed reservation’s return privilege once: no fees, the same stallion and mare', async () => {
    const { call, apollo, bella, offer, service, stallion, mare, reservation, status } =
      await season();
    const failed = await reservation(offer.id, bella.id, {
      season: '2025',
      status: 'failed',
      outcome: 'no_pregnancy',
      returnPrivilege: true,
    });
    const zeus = await stallion('Zeus');
    const his = await service(zeus.id, { season: '2027' });
    const rosa = await mare('Rosa');
    const next = await service(apollo.id, { season: '2027', stud_fee: 1800, booking_fee: 400 });

    const otherStallion = await call('POST', '/reservations', {
      service_id: his.id,
      mare_id: bella.id,
      return_of_id: failed.id,
    });
    expect(otherStallion.status).toBe(422);
    expect(otherStallion.body.errors).toEqual({
      return_of_id: ['A return must be a service of the same stallion.'],
    });
    const otherMare = await call('POST', '/reservations', {
      service_id: next.id,
      mare_id: rosa.id,
      return_of_id: failed.id,
    });
    expect(otherMare.status).toBe(422);
    expect(otherMare.body.errors).toEqual({
      mare_id: ['A return is for the same mare: its terms allow no substitute.'],
    });

    const res = await call('POST', '/reservations', {
      service_id: next.id,
      mare_id: bella.id,
      return_of_id: failed.id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      return_of_id: failed.id,
      season: '2027',
      terms: { stud_fee: 0, booking_fee: 0, doses_included: 1 },
    });
    expect((await status(failed.id)).returnPrivilege).toBe(false);

    const twice = await call('POST', '/reservations', {
      service_id: (await service(apollo.id, { season: '2028' })).id,
      mare_id: bella.id,
      return_of_id: failed.id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(
      'The return privilege of that reservation was already used.',
    );
  });

  it('lets a substitute mare use the return when the terms allowed it; no privilege → 422', async () => {
    const { call, bella, apollo, offer, service, mare, reservation } = await season();
    const swap = await service(apollo.id, { season: '2025', substitute_mare_allowed: true });
    const failed = await reservation(swap.id, bella.id, {
      status: 'failed',
      outcome: 'foal_lost',
      returnPrivilege: true,
    });
    const plain = await reservation(offer.id, bella.id, { status: 'requested' });
    const rosa = await mare('Rosa');
    const noPrivilege = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      return_of_id: plain.id,
    });
    expect(noPrivilege.status).toBe(422);
    expect(noPrivilege.body.errors).toEqual({
      return_of_id: ['The reservation must have failed with a return privilege.'],
      mare_id: ['A return is for the same mare: its terms allow no substitute.'],
    });
    const unknown = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      return_of_id: crypto.randomUUID(),
    });
    expect(unknown.body.errors).toEqual({
      return_of_id: ['The selected return of id is invalid.'],
    });
    const res = await call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: rosa.id,
      return_of_id: failed.id,
    });
    expect(res.status, res.text).toBe(201);
  });
});

describe('stud reservations: update', () => {
  it('edits the notes at any time and the client while requested or confirmed; terms stay', async () => {
    const { call, book, client, status, offer, mare, reservation } = await season();
    const { id } = (await book()).body.data;
    const other = await client('Other');
    const res = await call('PUT', `/reservations/${id}`, {
      client_id: other,
      notes: 'Call first.',
      stud_fee: 1,
      status: 'completed',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      client: { id: other, display_name: 'Ann Other' },
      notes: 'Call first.',
      status: 'requested',
      terms: { stud_fee: 1500 },
    });
    const mine = await call('PUT', `/reservations/${id}`, { client_id: null });
    expect(mine.status).toBe(422);
    expect(mine.body.errors).toEqual({
      client_id: ['The client id field is required unless the mare is the stud’s own.'],
    });

    const rosa = await mare('Rosa');
    const started = await reservation(offer.id, rosa.id, { status: 'in_progress' });
    const late = await call('PUT', `/reservations/${started.id}`, { client_id: other });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      'The reservation is in progress: it cannot change its client.',
    );
    const notes = await call('PUT', `/reservations/${started.id}`, { notes: 'Scanned.' });
    expect(notes.status).toBe(200);
    expect((await status(started.id)).notes).toBe('Scanned.');
  });
});

describe('stud reservations: list and timeline', () => {
  it('pages the reservations newest season first, then by stallion and mare, with filters', async () => {
    const { call, book, apollo, offer, service, stallion, mare, owner } = await season();
    const zeus = await stallion('Zeus');
    const his = await service(zeus.id);
    const older = await service(apollo.id, { season: '2025' });
    const rosa = await mare('Rosa');
    const alma = await mare('Alma');
    const bella = (await book()).body.data;
    const almaZeus = (await call('POST', '/reservations', { service_id: his.id, mare_id: alma.id }))
      .body.data;
    const rosaApollo = (
      await call('POST', '/reservations', { service_id: offer.id, mare_id: rosa.id, confirm: true })
    ).body.data;
    const rosaOld = (
      await call('POST', '/reservations', { service_id: older.id, mare_id: rosa.id })
    ).body.data;

    const res = await call('GET', '/reservations', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([
      bella.id,
      rosaApollo.id,
      almaZeus.id,
      rosaOld.id,
    ]);
    expect(res.body.data[0].timeline).toBeUndefined();
    expect(res.body.meta).toMatchObject({ total: 4, per_page: 25, current_page: 1 });

    const ids = async (query: string) =>
      (await call('GET', `/reservations?${query}`)).body.data.map((r: { id: string }) => r.id);
    expect(await ids('season=2025')).toEqual([rosaOld.id]);
    expect(await ids(`stallion_id=${zeus.id}`)).toEqual([almaZeus.id]);
    expect(await ids(`client_id=${owner}`)).toEqual([bella.id]);
    expect(await ids(`mare_id=${rosa.id}`)).toEqual([rosaApollo.id, rosaOld.id]);
    expect(await ids('status=confirmed')).toEqual([rosaApollo.id]);
    const page = await call('GET', '/reservations?per_page=3&page=2');
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([rosaOld.id]);
    expect(page.body.meta).toMatchObject({ total: 4, last_page: 2, from: 4, to: 4 });
    expect((await call('GET', '/reservations?status=open')).status).toBe(422);
    expect((await call('GET', '/reservations?per_page=101')).status).toBe(422);
  });

  it('reads the list in as many statements for 1 reservation as for 10', async () => {
    const { call, offer, mare } = await season();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => call('GET', '/reservations'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    const bookMare = async (n: number) => {
      const horse = await mare(`Mare ${n}`);
      const res = await call('POST', '/reservations', { service_id: offer.id, mare_id: horse.id });
      expect(res.status).toBe(201);
    };
    await bookMare(0);
    const small = await count();
    for (let n = 1; n < 10; n++) await bookMare(n);
    expect(await count()).toBe(small);
  });

  it('builds the timeline from events, shipments, checks and the birth', async () => {
    const { call, studId, apollo, offer, bella, reservation } = await season();
    const booked = await reservation(offer.id, bella.id, {
      status: 'completed',
      outcome: 'live_foal',
      createdAt: new Date('2026-01-10T09:00:00Z'),
      confirmedAt: new Date('2026-01-12T09:00:00Z'),
      closedAt: new Date('2027-03-12T10:00:00Z'),
    });
    const count = async () => {
      const counter = { count: 0 };
      const read = await statementCounter.run(counter, () =>
        call('GET', `/reservations/${booked.id}`),
      );
      expect(read.status, read.text).toBe(200);
      return counter.count;
    };
    const bare = await count();
    const [shipment] = await app.db
      .insert(semenShipments)
      .values({
        studId,
        reservationId: booked.id,
        type: 'chilled',
        doses: 2,
        status: 'delivered',
        shippedOn: '2026-04-01',
        deliveredOn: '2026-04-02',
        createdAt: new Date('2026-03-30T09:00:00Z'),
      })
      .returning();
    const [event] = await app.db
      .insert(breedingEvents)
      .values({
        studId,
        reservationId: booked.id,
        mareId: bella.id,
        stallionId: apollo.id,
        date: '2026-04-03',
        kind: 'insemination',
        semen: 'chilled',
        shipmentId: shipment!.id,
        dosesUsed: 1,
      })
      .returning();
    const [pregnancy] = await app.db
      .insert(pregnancies)
      .values({
        studId,
        mareId: bella.id,
        stallionId: apollo.id,
        reservationId: booked.id,
        breedingEventId: event!.id,
        baseDate: '2026-04-03',
        gestationDays: 340,
        dueDate: '2027-03-09',
        status: 'foaled',
      })
      .returning();
    const [check] = await app.db
      .insert(pregnancyChecks)
      .values({
        studId,
        pregnancyId: pregnancy!.id,
        date: '2026-04-18',
        method: 'ultrasound',
        result: 'positive',
      })
      .returning();
    const [birth] = await app.db
      .insert(births)
      .values({ studId, pregnancyId: pregnancy!.id, bornOn: '2027-03-10', outcome: 'live' })
      .returning();

    expect(await count()).toBe(bare);
    const res = await call('GET', `/reservations/${booked.id}`);
    const timeline = res.body.data.timeline.map(
      (t: { kind: string; label: string; record_id: string; at: string }) => [
        t.kind,
        t.label,
        t.record_id,
      ],
    );
    expect(timeline).toEqual([
      ['requested', 'Requested', booked.id],
      ['confirmed', 'Confirmed', booked.id],
      ['shipment_requested', 'Chilled semen, 2 doses: requested', shipment!.id],
      ['shipment_shipped', 'Chilled semen, 2 doses: shipped', shipment!.id],
      ['shipment_delivered', 'Chilled semen, 2 doses: delivered', shipment!.id],
      ['breeding_event', 'Insemination, chilled semen, 1 dose', event!.id],
      ['pregnancy_check', 'Ultrasound on day 15: positive', check!.id],
      ['birth', 'Birth: live foal', birth!.id],
      ['completed', 'Completed: live foal', booked.id],
    ]);
    expect(res.body.data.timeline.map((t: { at: string }) => t.at)).toEqual([
      '2026-01-10T09:00:00.000Z',
      '2026-01-12T09:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-18',
      '2027-03-10',
      '2027-03-12T10:00:00.000Z',
    ]);
  });
});

describe('stud reservations: links', () => {
  it('is a task’s reservation_id: the stud’s own, another stud’s a 422', async () => {
    const hill = await season('Hill');
    const vale = await season('Vale');
    const { id } = (await hill.book()).body.data;
    const task = await hill.call('POST', '/tasks', {
      title: 'Send the contract',
      reservation_id: id,
    });
    expect(task.status, task.text).toBe(201);
    expect(task.body.data.reservation_id).toBe(id);
    const theirs = await vale.call('POST', '/tasks', { title: 'T', reservation_id: id });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toEqual({
      reservation_id: ['The selected reservation id is invalid.'],
    });
  });
});

describe('stud reservations: who may', () => {
  it('answers 401 without a token; staff and viewers read, owners and managers write', async () => {
    const { studId, call, book, offer, bella, reservation } = await season();
    const { id } = (await book()).body.data;
    const started = await reservation(offer.id, bella.id, {
      season: '2024',
      status: 'in_progress',
    });
    expect((await app.request('GET', `/api/studs/${studId}/reservations`)).status).toBe(401);
    for (const as of ['staff', 'viewer'] as const) {
      expect((await call('GET', '/reservations', undefined, as)).status, as).toBe(200);
      expect((await call('GET', `/reservations/${id}`, undefined, as)).status, as).toBe(200);
      expect((await book({ notes: 'x' }, as)).status, as).toBe(403);
      expect((await call('PUT', `/reservations/${id}`, { notes: 'x' }, as)).status, as).toBe(403);
      expect((await call('DELETE', `/reservations/${id}`, undefined, as)).status, as).toBe(403);
      for (const action of ['confirm', 'reject', 'cancel'])
        expect(
          (await call('POST', `/reservations/${id}/${action}`, { reason: 'r' }, as)).status,
          `${as} ${action}`,
        ).toBe(403);
      expect(
        (await call('POST', `/reservations/${started.id}/close`, { outcome: 'no_pregnancy' }, as))
          .status,
        as,
      ).toBe(403);
    }
    expect((await call('POST', `/reservations/${id}/confirm`, {}, 'manager')).status).toBe(200);
    expect(
      (
        await call(
          'POST',
          `/reservations/${started.id}/close`,
          { outcome: 'no_pregnancy' },
          'manager',
        )
      ).status,
    ).toBe(200);
  });

  it('answers 404 for another stud’s reservation and a malformed id', async () => {
    const hill = await season('Hill');
    const vale = await breedingWorld(app, 'Vale');
    const { id } = (await hill.book()).body.data;
    for (const path of [`/reservations/${id}`, '/reservations/not-a-uuid']) {
      expect((await vale.call('GET', path)).status, path).toBe(404);
      expect((await vale.call('PUT', path, { notes: 'x' })).status, path).toBe(404);
      expect((await vale.call('DELETE', path)).status, path).toBe(404);
      expect((await vale.call('POST', `${path}/confirm`, {})).status, path).toBe(404);
      expect((await vale.call('POST', `${path}/reject`, { reason: 'x' })).status, path).toBe(404);
      expect((await vale.call('POST', `${path}/cancel`, { reason: 'x' })).status, path).toBe(404);
      expect(
        (await vale.call('POST', `${path}/close`, { outcome: 'no_pregnancy' })).status,
        path,
      ).toBe(404);
    }
    const res = await vale.call('GET', `/reservations/${id}`);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Reservation not found.' } });
    expect(
      (await vale.call('GET', `/reservations?stallion_id=${hill.apollo.id}`)).body.data,
    ).toEqual([]);
  });

  it('answers 403 for a school’s id under /studs', async () => {
    const schoolId = await app.createSchool({ members: { 'owner@school.test': 'owner' } });
    const res = await app.request('GET', `/api/studs/${schoolId}/reservations`, {
      token: await app.tokenFor('owner@school.test'),
    });
    expect(res.status).toBe(403);
  });
});
