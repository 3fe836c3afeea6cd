import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  horseIdentities,
  marketplaceCategories,
  sellerProfiles,
  studClients,
  studHorses,
  studReservations,
} from '@/db/schema';
import { countRateLimitHit } from '../kernel/http/rate-limit';
import { breedingWorld } from '../stud-breeding/breeding-fixtures';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

/** Hill Stud's active listing of Apollo's public frozen-semen service for 2026. */
async function listingWorld() {
  const w = await marketplaceWorld(app);
  const stud = await breedingWorld(app, 'Hill');
  const apollo = await stud.stallion('Apollo');
  const frozen = await stud.service(apollo.id, { public: true });
  const [category] = await app.db
    .insert(marketplaceCategories)
    .values({ name: 'Stallion services', slug: 'stallion-services', kind: 'stallion_service' })
    .returning();
  const [profile] = await app.db
    .insert(sellerProfiles)
    .values({ organizationId: stud.studId, displayName: 'Hill Stud', slug: 'hill-stud' })
    .returning();
  const listing = await w.listing({
    sellerProfileId: profile!.id,
    categoryId: category!.id,
    title: 'Apollo at stud',
    saleMode: 'enquiry',
    serviceIds: [frozen.id],
  });
  return { stud, frozen, listing };
}

const book = (listingId: string, body: unknown, token: string) =>
  app.request('POST', `/api/marketplace/listings/${listingId}/reservation-requests`, {
    token,
    body,
  });

describe('booking requests under concurrency (PostgreSQL)', () => {
  it("one requester's five simultaneous requests for a new mare: one prospect, one mare, one booking", async () => {
    const { stud, frozen, listing } = await listingWorld();
    const token = await app.tokenFor('rosa@mare.test', { name: 'Rosa Díaz' });
    const me = await app.request('GET', '/api/auth/me', { token });
    const body = { service_id: frozen.id, mare: { name: 'Bella', birth_year: 2015 } };

    // All five wait on her rate-limit window, then go one after the other.
    const answers = await startWhileLocked(
      app.db,
      (tx) => countRateLimitHit(tx, `marketplace-booking:${me.body.id}`, 3600),
      () => Promise.all(Array.from({ length: 5 }, () => book(listing.id, body, token))),
      { waiting: 5 },
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(
      await app.db.select().from(studClients).where(eq(studClients.studId, stud.studId)),
    ).toHaveLength(1);
    expect(
      await app.db.select().from(horseIdentities).where(eq(horseIdentities.name, 'Bella')),
    ).toHaveLength(1);
    expect(await app.db.select().from(studReservations)).toHaveLength(1);
  });

  it('two requesters naming the same horse of the platform at once: one booking, one 409', async () => {
    const { stud, frozen, listing } = await listingWorld();
    const luna = await stud.identity({ name: 'Luna' });
    const [rosa, pilar] = await Promise.all(
      ['rosa@mare.test', 'pilar@mare.test'].map(async (email) => {
        const token = await app.tokenFor(email);
        await app.request('GET', '/api/auth/me', { token });
        return token;
      }),
    );
    const body = { service_id: frozen.id, mare: { horse_identity_id: luna } };

    // Both hold the identity (linking takes it `for key share`) before either adds her.
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.execute(sql`select id from horse_identities where id = ${luna} for update`),
      () => Promise.all([book(listing.id, body, rosa!), book(listing.id, body, pilar!)]),
      { waiting: 2 },
    );
    expect(answers.map((res) => res.status).sort(), answers.map((a) => a.text).join()).toEqual([
      201, 409,
    ]);
    const conflict = answers.find((res) => res.status === 409)!;
    expect(conflict.body.error.message).toBe(
      'The mare already has an open reservation in this season.',
    );
    expect(
      await app.db.select().from(studHorses).where(eq(studHorses.horseIdentityId, luna)),
    ).toHaveLength(1);
    expect(await app.db.select().from(studReservations)).toHaveLength(1);
  });
});
