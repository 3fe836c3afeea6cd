import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  contractEvents,
  contractSigners,
  contracts,
  studClients,
  studReservations,
} from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();
const year = todayIn('UTC').slice(0, 4);

/**
 * A stud with a stallion's natural-cover service naming a breeding contract template (terms
 * require a signed contract, the default), and a client's mare; `book` posts a reservation.
 */
async function contractWorld(name = 'Hill') {
  const world = await breedingWorld(app, name);
  const apollo = await world.stallion('Apollo');
  const template = await world.contractTemplate();
  const offer = await world.service(apollo.id, {
    method: 'natural_cover',
    delivery: 'on_site',
    contract_template_id: template.id,
  });
  const owner = await world.client('Owner');
  await app.db
    .update(studClients)
    .set({ email: 'ann@owner.test' })
    .where(and(eq(studClients.studId, world.studId), eq(studClients.id, owner)));
  const bella = await world.mare('Bella', { ownership: 'client', owner_client_id: owner });
  const book = async (body: Record<string, unknown> = {}) => {
    const res = await world.call('POST', '/reservations', {
      service_id: offer.id,
      mare_id: bella.id,
      ...body,
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.data as { id: string; contract_id: string | null; contract: unknown };
  };
  const contractsOf = (reservationId: string) =>
    app.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.studId, world.studId), eq(contracts.reservationId, reservationId)));
  const signersOf = (contractId: string) =>
    app.db
      .select()
      .from(contractSigners)
      .where(
        and(eq(contractSigners.studId, world.studId), eq(contractSigners.contractId, contractId)),
      )
      .orderBy(asc(contractSigners.position));
  /** The contract as signed by all, written directly (its document frozen, as the check wants). */
  const markSigned = (contractId: string, status: 'signed' | 'sent' = 'signed') =>
    app.db
      .update(contracts)
      .set({ status, documentHtml: '<p>Signed.</p>', documentSha256: 'a'.repeat(64) })
      .where(and(eq(contracts.studId, world.studId), eq(contracts.id, contractId)));
  return {
    ...world,
    apollo,
    template,
    offer,
    owner,
    bella,
    book,
    contractsOf,
    signersOf,
    markSigned,
  };
}

describe('stud reservations: the contract drafted on confirmation', () => {
  it('drafts it from the service’s template when booked confirmed, signed by the client', async () => {
    const w = await contractWorld();
    const booking = await w.book({ confirm: true });
    const [draft, ...more] = await w.contractsOf(booking.id);
    expect(more).toEqual([]);
    expect(draft).toMatchObject({
      number: `C-${year}-0001`,
      kind: 'breeding',
      title: 'Breeding contract: Apollo × Bella (2026)',
      body: w.template.body,
      status: 'draft',
      clientId: w.owner,
      reservationId: booking.id,
      templateId: w.template.id,
      documentSha256: null,
    });
    expect(booking.contract_id).toBe(draft!.id);
    expect(booking.contract).toEqual({ id: draft!.id, number: `C-${year}-0001`, status: 'draft' });
    const signers = await w.signersOf(draft!.id);
    expect(signers.map((s) => [s.name, s.email, s.role, s.position, s.status])).toEqual([
      ['Ann Owner', 'ann@owner.test', 'client', 1, 'pending'],
    ]);
    const events = await app.db
      .select()
      .from(contractEvents)
      .where(and(eq(contractEvents.studId, w.studId), eq(contractEvents.contractId, draft!.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'created', actorUserId: draft!.createdBy });
    expect(events[0]!.actor).toContain(w.emails.owner);

    const read = await w.call('GET', `/reservations/${booking.id}`, undefined, 'viewer');
    expect(read.body.data.contract).toEqual(booking.contract);
    const list = await w.call('GET', '/reservations');
    expect(list.body.data[0].contract).toEqual(booking.contract);
  });

  it('drafts it on POST …/confirm, once; a client without an e-mail gives a draft without signer', async () => {
    const w = await contractWorld();
    await app.db
      .update(studClients)
      .set({ email: null })
      .where(and(eq(studClients.studId, w.studId), eq(studClients.id, w.owner)));
    const booking = await w.book();
    expect(booking.contract).toBeNull();
    expect(await w.contractsOf(booking.id)).toEqual([]);
    const confirmed = await w.call('POST', `/reservations/${booking.id}/confirm`, {}, 'manager');
    expect(confirmed.status, confirmed.text).toBe(200);
    const [draft, ...more] = await w.contractsOf(booking.id);
    expect(more).toEqual([]);
    expect(confirmed.body.data.contract).toEqual({
      id: draft!.id,
      number: `C-${year}-0001`,
      status: 'draft',
    });
    expect(await w.signersOf(draft!.id)).toEqual([]);
    const again = await w.call('POST', `/reservations/${booking.id}/confirm`, {});
    expect(again.status).toBe(409);
    expect(await w.contractsOf(booking.id)).toHaveLength(1);
  });

  it('keeps a contract the reservation already has: no second draft', async () => {
    const w = await contractWorld();
    const booking = await w.book();
    const [own] = await app.db
      .insert(contracts)
      .values({
        studId: w.studId,
        number: `C-${year}-0099`,
        kind: 'breeding',
        title: 'Drafted by hand',
        body: 'Agreed.',
        reservationId: booking.id,
      })
      .returning();
    // As POST /contracts with the reservation_id links it.
    await app.db
      .update(studReservations)
      .set({ contractId: own!.id })
      .where(and(eq(studReservations.studId, w.studId), eq(studReservations.id, booking.id)));
    const confirmed = await w.call('POST', `/reservations/${booking.id}/confirm`, {});
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.contract).toEqual({
      id: own!.id,
      number: `C-${year}-0099`,
      status: 'draft',
    });
    expect(await w.contractsOf(booking.id)).toHaveLength(1);
  });

  it('drafts none without a template, nor for the stud’s own mare, who is bred without one', async () => {
    const w = await contractWorld();
    const plain = await w.service(w.apollo.id, { method: 'fresh_semen' });
    const booking = await w.book({ service_id: plain.id, confirm: true });
    expect(booking.contract).toBeNull();
    expect(await w.contractsOf(booking.id)).toEqual([]);

    // No other party to sign with: no draft, and the signature gate does not hold her.
    const home = await w.mare('Luna');
    const own = await w.book({ mare_id: home.id, confirm: true });
    expect(own.contract).toBeNull();
    expect(await w.contractsOf(own.id)).toEqual([]);
    const bred = await w.call('POST', '/breeding-events', {
      reservation_id: own.id,
      date: todayIn('UTC'),
      kind: 'natural_cover',
    });
    expect(bred.status, bred.text).toBe(201);
  });
});

describe('stud reservations: the signature gate', () => {
  it('breeds a reservation whose terms require a signed contract only once it is signed (409)', async () => {
    const w = await contractWorld();
    const booking = await w.book({ confirm: true });
    const breed = () =>
      w.call('POST', '/breeding-events', {
        reservation_id: booking.id,
        date: todayIn('UTC'),
        kind: 'natural_cover',
      });
    const unsigned = await breed();
    expect(unsigned.status).toBe(409);
    expect(unsigned.body.error.message).toBe(
      'The reservation’s contract must be signed before breeding or shipping.',
    );
    await w.markSigned(booking.contract_id!, 'sent');
    expect((await breed()).status).toBe(409);
    const still = await w.call('GET', `/reservations/${booking.id}`);
    expect(still.body.data.status).toBe('confirmed');

    await w.markSigned(booking.contract_id!);
    const bred = await breed();
    expect(bred.status, bred.text).toBe(201);
    const started = await w.call('GET', `/reservations/${booking.id}`);
    expect(started.body.data).toMatchObject({
      status: 'in_progress',
      contract: { id: booking.contract_id, status: 'signed' },
    });
  });

  it('holds a shipment too, and a reservation without any contract', async () => {
    const w = await contractWorld();
    const frozen = await w.service(w.apollo.id);
    const stock = await w.batch(w.apollo.id);
    const booking = await w.book({ service_id: frozen.id, confirm: true });
    expect(booking.contract).toBeNull();
    const ship = () =>
      w.call('POST', '/shipments', {
        reservation_id: booking.id,
        type: 'frozen',
        batch_id: stock.id,
        doses: 2,
        requested_for: '2026-04-10',
        destination: { name: 'Green Farm', city: 'Ronda', country: 'ES' },
      });
    const held = await ship();
    expect(held.status).toBe(409);
    expect(held.body.error.message).toBe(
      'The reservation’s contract must be signed before breeding or shipping.',
    );
    // Terms that require no signed contract breed and ship without one.
    const free = await w.reservation(frozen.id, (await w.mare('Rosa')).id);
    expect(free.requiresSignedContract).toBe(false);
    const shipped = await w.call('POST', '/shipments', {
      reservation_id: free.id,
      type: 'frozen',
      batch_id: stock.id,
      doses: 2,
      requested_for: '2026-04-10',
      destination: { name: 'Home', city: 'Ronda', country: 'ES' },
    });
    expect(shipped.status, shipped.text).toBe(201);
  });
});
