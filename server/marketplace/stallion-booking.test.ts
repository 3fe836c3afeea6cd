import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  emailOutbox,
  horseIdentities,
  marketplaceCategories,
  organizations,
  sellerProfiles,
  studClients,
  studHorses,
  studReservations,
  studServices,
} from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { breedingWorld } from '../stud-breeding/breeding-fixtures';
import { awayFromWindowEdge } from '../test/rate-limit-window';
import { useTestApp } from '../test/harness';
import { marketplaceWorld } from './marketplace-fixtures';
import { NAME_NOT_GIVEN } from './stallion-booking-lifecycle';
import { BOOKING_REQUESTS_PER_HOUR } from './stallion-booking-schema';

const app = useTestApp();

async function person(email: string, name?: string) {
  const token = await app.tokenFor(email, name ? { name } : {});
  const me = await app.request('GET', '/api/auth/me', { token });
  return { email, token, id: me.body.id as string };
}

/**
 * A marketplace with Hill Stud selling its stallion Apollo's two public services (frozen
 * semen shipped, natural cover on site, season 2026) on an active stallion-service listing;
 * the stud's owner and manager have signed in; Rosa Díaz, a mare owner, asks.
 */
async function bookingWorld() {
  const w = await marketplaceWorld(app);
  const stud = await breedingWorld(app, 'Hill');
  const apollo = await stud.stallion('Apollo');
  const frozen = await stud.service(apollo.id, { public: true, booking_fee: 300 });
  const natural = await stud.service(apollo.id, {
    method: 'natural_cover',
    delivery: 'on_site',
    public: true,
    stud_fee: 2000,
  });
  const [category] = await app.db
    .insert(marketplaceCategories)
    .values({ name: 'Stallion services', slug: 'stallion-services', kind: 'stallion_service' })
    .returning();
  const [profile] = await app.db
    .insert(sellerProfiles)
    .values({ organizationId: stud.studId, displayName: 'Hill Stud', slug: 'hill-stud' })
    .returning();
  const listing = (values: Parameters<typeof w.listing>[0] = {}) =>
    w.listing({
      sellerProfileId: profile!.id,
      categoryId: category!.id,
      title: 'Apollo at stud',
      price: '1500.00',
      saleMode: 'enquiry',
      serviceIds: [frozen.id, natural.id],
      ...values,
    });
  const [owner, manager, rosa] = await Promise.all([
    person(stud.emails.owner),
    person(stud.emails.manager),
    person('rosa@mare.test', 'Rosa Díaz'),
  ]);
  return {
    w,
    stud,
    apollo,
    frozen,
    natural,
    category: category!,
    profile: profile!,
    listing,
    owner,
    manager,
    rosa,
  };
}

type World = Awaited<ReturnType<typeof bookingWorld>>;

const book = (listingId: string, body: unknown, token?: string) =>
  app.request('POST', `/api/marketplace/listings/${listingId}/reservation-requests`, {
    token,
    body,
  });

const bella = { name: 'Bella', breed: 'Hanoverian', birth_year: 2015, ueln: '276 0000 1234 5678' };

/** What the stud holds beyond the stallion: its clients, horses, reservations, and notices. */
async function written(world: World) {
  const [row] = await queryRows<
    Record<'clients' | 'horses' | 'identities' | 'reservations' | 'notices' | 'emails', number>
  >(
    app.db,
    sql`select (select count(*)::int from stud_clients where stud_id = ${world.stud.studId}) as clients,
               (select count(*)::int from stud_horses where stud_id = ${world.stud.studId}) as horses,
               (select count(*)::int from horse_identities) as identities,
               (select count(*)::int from stud_reservations) as reservations,
               (select count(*)::int from notifications) as notices,
               (select count(*)::int from email_outbox) as emails`,
  );
  return row!;
}

describe('POST /api/marketplace/listings/{id}/reservation-requests', () => {
  it('creates the prospect, the mare off the premises and a requested reservation, and tells the stud', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();

    const res = await book(
      listing.id,
      { service_id: world.frozen.id, mare: bella, message: 'She foaled last year.' },
      world.rosa.token,
    );
    expect(res.status, res.text).toBe(201);
    const data = res.body.data;
    expect(data).toEqual({
      id: expect.any(String),
      status: 'requested',
      source: 'owner_request',
      listing: { id: listing.id, title: 'Apollo at stud' },
      stud: { id: world.stud.studId, name: 'Hill Stud' },
      service: {
        id: world.frozen.id,
        name: 'Apollo, 2026: Frozen semen, shipped',
        season: '2026',
        method: 'frozen_semen',
        delivery: 'shipped',
      },
      stallion: { id: world.apollo.id, name: 'Apollo' },
      mare: { id: expect.any(String), horse_identity_id: expect.any(String), name: 'Bella' },
      terms: { stud_fee: 1500, booking_fee: 300, currency: 'EUR' },
      message: 'She foaled last year.',
      created_at: expect.stringMatching(/Z$/),
    });

    // The requester as a prospect of the stud, found again by this e-mail.
    const [client] = await app.db
      .select()
      .from(studClients)
      .where(eq(studClients.studId, world.stud.studId));
    expect(client).toMatchObject({
      stage: 'prospect',
      kind: 'person',
      firstName: 'Rosa',
      lastName: 'Díaz',
      email: 'rosa@mare.test',
      source: 'marketplace',
      pipelineStatus: 'new',
      interestStallionId: world.apollo.id,
      interestServiceId: world.frozen.id,
      expectedValue: '1500.00',
    });

    // The mare: a new identity (the stud's), a client's horse off the premises.
    const [mare] = await app.db.select().from(studHorses).where(eq(studHorses.id, data.mare.id));
    expect(mare).toMatchObject({
      studId: world.stud.studId,
      horseIdentityId: data.mare.horse_identity_id,
      ownership: 'client',
      ownerClientId: client!.id,
      onPremises: false,
      status: 'active',
    });
    const [identity] = await app.db
      .select()
      .from(horseIdentities)
      .where(eq(horseIdentities.id, data.mare.horse_identity_id));
    expect(identity).toMatchObject({
      name: 'Bella',
      sex: 'female',
      birthYear: 2015,
      breed: 'Hanoverian',
      ueln: '276000012345678',
      status: 'unverified',
      createdByOrgId: world.stud.studId,
    });

    // The reservation, as the stud's own routes show it.
    const detail = await world.stud.call('GET', `/reservations/${data.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({
      service_id: world.frozen.id,
      stallion: { id: world.apollo.id, name: 'Apollo' },
      season: '2026',
      mare: { id: data.mare.id, name: 'Bella' },
      client: { id: client!.id, display_name: 'Rosa Díaz' },
      status: 'requested',
      source: 'owner_request',
      notes: 'She foaled last year.',
      contract: null,
      terms: { stud_fee: 1500, booking_fee: 300, method: 'frozen_semen', delivery: 'shipped' },
      timeline: [expect.objectContaining({ kind: 'requested', label: 'Requested by the owner' })],
    });
    const [reservation] = await app.db.select().from(studReservations);
    expect(reservation!.createdBy).toBe(world.rosa.id);

    // Owners and managers hear of it, in the app and by e-mail; staff and viewers do not.
    const notices = await app.db
      .select({
        userId: notifications.userId,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        organizationId: notifications.organizationId,
      })
      .from(notifications);
    const notice = {
      type: 'stud.reservation_requested',
      title: 'Booking request: Bella to Apollo',
      body: 'Rosa Díaz (rosa@mare.test) asked through the marketplace listing “Apollo at stud” to book Bella to Apollo, 2026: Frozen semen, shipped.\n\nShe foaled last year.',
      link: `/studs/${world.stud.studId}/reservations/${data.id}`,
      organizationId: world.stud.studId,
    };
    expect(notices.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [world.owner.id, world.manager.id].sort().map((userId) => ({ userId, ...notice })),
    );
    const mails = await app.db
      .select({ kind: emailOutbox.kind, to: emailOutbox.to, html: emailOutbox.html })
      .from(emailOutbox);
    expect(mails.map((m) => [m.kind, m.to]).sort()).toEqual([
      ['notice', world.stud.emails.manager],
      ['notice', world.stud.emails.owner],
    ]);
    expect(mails[0]!.html).toContain(
      `http://localhost:3000/studs/${world.stud.studId}/reservations/${data.id}`,
    );
  });

  it('reuses the client with that e-mail and the mare the stud already has', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    // Rosa is already a client (her e-mail in other case), and her mare is in the herd.
    const [client] = await app.db
      .insert(studClients)
      .values({
        studId: world.stud.studId,
        firstName: 'Rosa',
        lastName: 'Díaz Ruiz',
        email: 'Rosa@Mare.test',
      })
      .returning();
    const herdMare = await world.stud.mare('Luna', {
      ownership: 'client',
      owner_client_id: client!.id,
    });
    const before = await written(world);

    const res = await book(
      listing.id,
      { service_id: world.natural.id, mare: { horse_identity_id: herdMare.horse_identity_id } },
      world.rosa.token,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.mare).toEqual({
      id: herdMare.id,
      horse_identity_id: herdMare.horse_identity_id,
      name: 'Luna',
    });
    expect(res.body.data.message).toBeNull();
    expect(await written(world)).toEqual({
      ...before,
      reservations: before.reservations + 1,
      notices: before.notices + 2,
      emails: before.emails + 2,
    });
    const [reservation] = await app.db.select().from(studReservations);
    expect(reservation).toMatchObject({ clientId: client!.id, mareId: herdMare.id, notes: null });
    // A client stays a client: the request changes nothing of the CRM record.
    const [after] = await app.db.select().from(studClients).where(eq(studClients.id, client!.id));
    expect(after).toEqual(client);
  });

  it('links the horse of the platform a UELN names, and finds the mare by name the next time', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    const elsewhere = await world.stud.identity({ name: 'Brisa', ueln: '724015000123456' });

    const first = await book(
      listing.id,
      { service_id: world.frozen.id, mare: { name: 'Whatever', ueln: '724-015-000-123-456' } },
      world.rosa.token,
    );
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.mare).toMatchObject({ horse_identity_id: elsewhere, name: 'Brisa' });
    const [linked] = await app.db
      .select()
      .from(studHorses)
      .where(eq(studHorses.id, first.body.data.mare.id));
    expect(linked).toMatchObject({ ownership: 'client', onPremises: false });

    // The same season again: the mare already has an open reservation (409), nothing written.
    const before = await written(world);
    const again = await book(
      listing.id,
      { service_id: world.natural.id, mare: { name: 'brisa' } },
      world.rosa.token,
    );
    expect(again.status, again.text).toBe(409);
    expect(again.body.error.message).toBe(
      'The mare already has an open reservation in this season.',
    );
    expect(await written(world)).toEqual(before);

    // Another season: her mare of that name is found (no new horse), her client reused.
    const next = await world.stud.service(world.apollo.id, { season: '2027', public: true });
    await app.db.execute(
      sql`update publications set service_ids = array_append(service_ids, ${next.id}::uuid)
           where id = ${listing.id}`,
    );
    const later = await book(
      listing.id,
      { service_id: next.id, mare: { name: 'BRISA', breed: 'PRE' } },
      world.rosa.token,
    );
    expect(later.status, later.text).toBe(201);
    expect(later.body.data.mare).toEqual(first.body.data.mare);
    expect(await written(world)).toMatchObject({
      clients: before.clients,
      horses: before.horses,
      identities: before.identities,
      reservations: before.reservations + 1,
    });
  });

  it('answers 401 without a token, and 404 for a listing the caller cannot book', async () => {
    const world = await bookingWorld();
    const body = { service_id: world.frozen.id, mare: bella };
    const active = await world.listing();
    expect((await book(active.id, body)).status).toBe(401);

    expect((await book(crypto.randomUUID(), body, world.rosa.token)).status).toBe(404);
    expect((await book('apollo', body, world.rosa.token)).status).toBe(404);
    // Another seller's draft does not exist for her.
    const draft = await world.listing({ status: 'draft', publishedAt: null });
    const hidden = await book(draft.id, body, world.rosa.token);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('Apollo at stud');
    // A paused listing takes no booking, even from an administrator who may see it.
    const paused = await world.listing({ status: 'paused' });
    expect((await book(paused.id, body, world.rosa.token)).status).toBe(404);
    expect((await book(paused.id, body, world.w.admin.token)).status).toBe(404);
    // Nor does a suspended stud's.
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, world.stud.studId));
    expect((await book(active.id, body, world.rosa.token)).status).toBe(404);
    expect(await app.db.select().from(studReservations)).toEqual([]);
  });

  it('refuses a listing of another kind, and members of the stud (422 on id)', async () => {
    const world = await bookingWorld();
    const saddle = await world.w.listing();
    const body = { service_id: world.frozen.id, mare: bella };
    const other = await book(saddle.id, body, world.rosa.token);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ id: ['This listing offers no stallion service to book.'] });

    const listing = await world.listing();
    for (const role of ['owner', 'staff', 'viewer'] as const) {
      const member = await book(listing.id, body, await app.tokenFor(world.stud.emails[role]));
      expect(member.status, role).toBe(422);
      expect(member.body.errors).toEqual({
        id: ["You belong to Hill Stud: book its stallions from the stud's reservations."],
      });
    }
    expect(await app.db.select().from(studClients)).toEqual([]);
  });

  it('takes only a public, active service the listing offers (422 on service_id)', async () => {
    const world = await bookingWorld();
    const listing = await world.listing({ serviceIds: [world.frozen.id] });
    const offered = 'The selected service id is not offered by this listing.';
    const ask = (serviceId: string) =>
      book(listing.id, { service_id: serviceId, mare: bella }, world.rosa.token);

    // A public service of the stud that this listing does not name.
    let res = await ask(world.natural.id);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ service_id: [offered] });
    // Another stud's service, an unknown one, a malformed id.
    const vale = await breedingWorld(app, 'Vale');
    const valeService = await vale.service((await vale.stallion('Zeus')).id, { public: true });
    await app.db.execute(
      sql`update publications set service_ids = array_append(service_ids, ${valeService.id}::uuid)
           where id = ${listing.id}`,
    );
    expect((await ask(valeService.id)).body.errors).toEqual({ service_id: [offered] });
    expect((await ask(crypto.randomUUID())).body.errors).toEqual({ service_id: [offered] });
    res = await ask('frozen');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ service_id: ['The service id field must be a valid UUID.'] });
    // Withdrawn: no longer public, or no longer active.
    await app.db
      .update(studServices)
      .set({ public: false })
      .where(eq(studServices.id, world.frozen.id));
    expect((await ask(world.frozen.id)).body.errors).toEqual({ service_id: [offered] });
    await app.db
      .update(studServices)
      .set({ public: true, active: false })
      .where(eq(studServices.id, world.frozen.id));
    expect((await ask(world.frozen.id)).body.errors).toEqual({ service_id: [offered] });
    expect(await app.db.select().from(studClients)).toEqual([]);
  });

  it('checks the mare (422 on mare.*) and writes nothing when she is refused', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    const before = await written(world);
    const refused = async (mare: unknown, errors: Record<string, string[]>, message?: unknown) => {
      const res = await book(
        listing.id,
        { service_id: world.frozen.id, mare, ...(message === undefined ? {} : { message }) },
        world.rosa.token,
      );
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors).toEqual(errors);
    };

    await refused(
      {},
      {
        'mare.name': ['The mare.name field is required unless mare.horse identity id is present.'],
      },
    );
    await refused(undefined, { mare: ['The mare field is required.'] });
    await refused(
      { horse_identity_id: crypto.randomUUID(), name: 'Bella' },
      {
        'mare.horse_identity_id': [
          'The mare.horse identity id field cannot be sent with a description of the mare.',
        ],
      },
    );
    await refused({ name: ' ' }, { 'mare.name': ['The mare.name field is required.'] });
    await refused(
      { name: 'Bella', ueln: '12345', birth_year: 1800 },
      {
        'mare.ueln': ['The mare.ueln field must be 15 letters and digits (UELN).'],
        'mare.birth_year': ['The mare.birth year field must be at least 1900.'],
      },
    );
    await refused(
      bella,
      { message: ['The message field must not be greater than 5000 characters.'] },
      'x'.repeat(5001),
    );
    // A new mare needs her birth year, as every horse of the platform does.
    await refused(
      { name: 'Bella' },
      {
        'mare.birth_year': [
          'The mare.birth year field is required to describe a mare new to the platform.',
        ],
      },
    );
    // A foal of this year is not a mare yet.
    await refused(
      { name: 'Bella', birth_year: new Date().getUTCFullYear() },
      { 'mare.birth_year': ['The mare must be a female horse a year old or more.'] },
    );
    // The platform's horses: unknown, merged, a stallion, a gelding's UELN.
    await refused(
      { horse_identity_id: crypto.randomUUID() },
      { 'mare.horse_identity_id': ['The horse identity was not found.'] },
    );
    const survivor = await world.stud.identity({ name: 'Luna' });
    const merged = await world.stud.identity({
      name: 'Luna',
      status: 'merged',
      mergedIntoId: survivor,
    });
    await refused(
      { horse_identity_id: merged },
      {
        'mare.horse_identity_id': [
          `That horse was merged into the horse ${survivor}: send that one.`,
        ],
      },
    );
    await refused(
      { horse_identity_id: world.apollo.horse_identity_id },
      {
        'mare.horse_identity_id': ['The horse must be a mare: a female horse a year old or more.'],
      },
    );
    await world.stud.identity({
      name: 'Trueno',
      sex: 'male',
      gelded: true,
      ueln: '724015000999999',
    });
    await refused(
      { name: 'Trueno', ueln: '724015000999999', birth_year: 2012 },
      {
        'mare.ueln': [
          "The UELN is Trueno's, who is not a mare (a female horse a year old or more).",
        ],
      },
    );
    expect(await written(world)).toEqual({ ...before, identities: before.identities + 3 });
  });

  it('names a prospect whose account gives one word for a name; each requester is her own client', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    const res = await book(
      listing.id,
      { service_id: world.frozen.id, mare: bella },
      world.w.buyer.token,
    );
    expect(res.status, res.text).toBe(201);
    const [client] = await app.db.select().from(studClients);
    expect(client).toMatchObject({
      stage: 'prospect',
      firstName: 'buyer',
      lastName: NAME_NOT_GIVEN,
      email: 'buyer@market.test',
    });
    // Rosa's request to the same stud is hers: a second prospect.
    const second = await book(
      listing.id,
      { service_id: world.natural.id, mare: { name: 'Luna', birth_year: 2016 } },
      world.rosa.token,
    );
    expect(second.status, second.text).toBe(201);
    expect((await app.db.select().from(studClients)).map((c) => c.email).sort()).toEqual([
      'buyer@market.test',
      'rosa@mare.test',
    ]);
    // The UELN names the buyer's Bella, booked for this season already.
    const taken = await book(
      listing.id,
      { service_id: world.natural.id, mare: { name: 'Bella', ueln: bella.ueln } },
      world.rosa.token,
    );
    expect(taken.status, taken.text).toBe(409);
  });

  it('needs an e-mail to answer the requester (422 on email)', async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    const token = await app.tokenFor('nomail@mare.test', { email: undefined });
    const res = await book(listing.id, { service_id: world.frozen.id, mare: bella }, token);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['Your account has no e-mail address for the stud to answer.'],
    });
  });

  it(`takes ${BOOKING_REQUESTS_PER_HOUR} requests an hour per user (429), counting only accepted ones`, async () => {
    const world = await bookingWorld();
    const listing = await world.listing();
    await awayFromWindowEdge(app.db, 15, 3600);
    const ask = (n: number) =>
      book(
        listing.id,
        { service_id: world.frozen.id, mare: { name: `Mare ${n}`, birth_year: 2014 } },
        world.rosa.token,
      );
    for (let n = 1; n < BOOKING_REQUESTS_PER_HOUR; n++) expect((await ask(n)).status).toBe(201);
    // Refused requests do not count.
    expect((await ask(1)).status).toBe(409);
    expect((await ask(BOOKING_REQUESTS_PER_HOUR)).status).toBe(201);

    const over = await ask(BOOKING_REQUESTS_PER_HOUR + 1);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another requester has her own count.
    const other = await person('pilar@mare.test', 'Pilar Gómez');
    const res = await book(
      listing.id,
      { service_id: world.frozen.id, mare: { name: 'Nube', birth_year: 2014 } },
      other.token,
    );
    expect(res.status, res.text).toBe(201);
  }, 60_000);
});
