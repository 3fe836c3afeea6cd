import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media, organizations, sellerProfiles, users } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const PATH = '/api/marketplace/seller-profiles';

async function newcomer(email = 'carol@market.test') {
  const token = await app.tokenFor(email, { name: 'Carol Jiménez' });
  const me = await app.request('GET', '/api/auth/me', { token });
  return { token, id: me.body.id as string };
}

/** A school where Carol is owner, Dan manager and Eve instructor. */
async function school(name = 'Riverside Riding') {
  return app.createSchool({
    name,
    members: {
      'carol@market.test': 'owner',
      'dan@market.test': 'manager',
      'eve@market.test': 'instructor',
    },
  });
}

/** A medium of the profile written directly (uploads are seller-media.test.ts's). */
async function mediumOf(profileId: string, contentType = 'image/png') {
  const [row] = await app.db
    .insert(media)
    .values({
      sellerProfileId: profileId,
      contentType,
      sizeBytes: 10,
      sha256: 'x',
      store: 'database',
      storageKey: `${profileId}/x`,
      filename: 'x.png',
    })
    .returning();
  return row!;
}

describe('seller profiles (C.2)', () => {
  it('opens a personal profile named after the user', async () => {
    await marketplaceWorld(app);
    const carol = await newcomer();
    const res = await app.request('POST', PATH, { token: carol.token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      owner: { type: 'user', id: carol.id, name: 'Carol Jiménez' },
      display_name: 'Carol Jiménez',
      slug: 'carol-jimenez',
      bio: null,
      location: { city: null, state: null, country: null },
      phone: null,
      phone_visible: false,
      contact_email: null,
      avatar_url: null,
      verified: false,
      payout_status: 'not_connected',
      stats: { active_listings: 0, sold_listings: 0 },
    });
    expect(res.body.data.stats.member_since).toMatch(/Z$/);

    const again = await app.request('POST', PATH, {
      token: carol.token,
      body: { display_name: 'Another shop' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You already have a seller profile.');
  });

  it('opens one profile of two simultaneous requests; the other gets 409', async () => {
    await marketplaceWorld(app);
    const carol = await newcomer();
    const answers = await Promise.all(
      ['Shop one', 'Shop two'].map((display_name) =>
        app.request('POST', PATH, { token: carol.token, body: { display_name } }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const rows = await app.db
      .select()
      .from(sellerProfiles)
      .where(eq(sellerProfiles.userId, carol.id));
    expect(rows).toHaveLength(1);
  });

  it('takes the fields given, and a free slug', async () => {
    const w = await marketplaceWorld(app);
    const carol = await newcomer();
    const res = await app.request('POST', PATH, {
      token: carol.token,
      body: {
        display_name: 'Sally Seller',
        bio: ' Saddles since 1990 ',
        location: { city: 'Sevilla', country: 'es' },
        phone: '+34 600 000 000',
        phone_visible: true,
        contact_email: 'shop@carol.test',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      display_name: 'Sally Seller',
      slug: 'sally-seller-2',
      bio: 'Saddles since 1990',
      location: { city: 'Sevilla', state: null, country: 'ES' },
      phone: '+34 600 000 000',
      phone_visible: true,
      contact_email: 'shop@carol.test',
    });
    expect(w.sellerProfile.slug).toBe('sally-seller');
  });

  it('opens an organization’s profile for its owners and managers only', async () => {
    await marketplaceWorld(app);
    const carol = await newcomer();
    const schoolId = await school();
    const dan = await app.tokenFor('dan@market.test');
    const eve = await app.tokenFor('eve@market.test');

    const staff = await app.request('POST', PATH, {
      token: eve,
      body: { organization_id: schoolId },
    });
    expect(staff.status).toBe(403);
    const unknown = await app.request('POST', PATH, {
      token: dan,
      body: { organization_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(403);

    const res = await app.request('POST', PATH, {
      token: dan,
      body: { organization_id: schoolId },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      owner: { type: 'organization', id: schoolId, name: 'Riverside Riding' },
      display_name: 'Riverside Riding',
      slug: 'riverside-riding',
    });
    const second = await app.request('POST', PATH, {
      token: carol.token,
      body: { organization_id: schoolId },
    });
    expect(second.status).toBe(409);

    const personal = await app.request('POST', PATH, { token: carol.token, body: {} });
    const mine = await app.request('GET', PATH, { token: carol.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((p: { id: string }) => p.id)).toEqual([
      personal.body.data.id,
      res.body.data.id,
    ]);
    const eves = await app.request('GET', PATH, { token: eve });
    expect(eves.body.data).toEqual([]);
  });

  it('refuses a suspended organization (409)', async () => {
    await marketplaceWorld(app);
    const carol = await newcomer();
    const schoolId = await school();
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, schoolId));
    const res = await app.request('POST', PATH, {
      token: carol.token,
      body: { organization_id: schoolId },
    });
    expect(res.status).toBe(409);
  });

  it('answers 422 on bad fields', async () => {
    await marketplaceWorld(app);
    const carol = await newcomer();
    for (const [body, field] of [
      [{ display_name: '' }, 'display_name'],
      [{ display_name: 'x'.repeat(121) }, 'display_name'],
      [{ bio: 'x'.repeat(2001) }, 'bio'],
      [{ location: { country: 'Spain' } }, 'location.country'],
      [{ phone: 'call me' }, 'phone'],
      [{ contact_email: 'nope' }, 'contact_email'],
      [{ organization_id: 'nope' }, 'organization_id'],
      [{ phone_visible: 'yes' }, 'phone_visible'],
    ] as const) {
      const res = await app.request('POST', PATH, { token: carol.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(await app.db.select().from(sellerProfiles)).toHaveLength(2);
  });

  it('asks for sign-in', async () => {
    const w = await marketplaceWorld(app);
    expect((await app.request('GET', PATH)).status).toBe(401);
    expect((await app.request('POST', PATH, { body: {} })).status).toBe(401);
    expect((await app.request('GET', `${PATH}/${w.sellerProfile.id}`)).status).toBe(401);
    const put = await app.request('PUT', `${PATH}/${w.sellerProfile.id}`, { body: {} });
    expect(put.status).toBe(401);
  });

  it('shows a profile to its managers only', async () => {
    const w = await marketplaceWorld(app);
    const own = await app.request('GET', `${PATH}/${w.sellerProfile.id}`, {
      token: w.seller.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      id: w.sellerProfile.id,
      display_name: 'Sally Seller',
      location: { city: 'Madrid' },
    });
    for (const id of [w.sellerProfile.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.request('GET', `${PATH}/${id}`, { token: w.buyer.token });
      expect(res.status, id).toBe(404);
    }
  });

  it('counts active and sold listings, and shows a verified owner', async () => {
    const w = await marketplaceWorld(app);
    await w.listing();
    await w.listing();
    await w.listing({ status: 'sold' });
    await w.listing({ status: 'draft', publishedAt: null });
    await app.db.update(users).set({ verified: true }).where(eq(users.id, w.seller.id));
    const res = await app.request('GET', `${PATH}/${w.sellerProfile.id}`, {
      token: w.seller.token,
    });
    expect(res.body.data).toMatchObject({
      verified: true,
      stats: { active_listings: 2, sold_listings: 1 },
    });
  });

  describe('PUT', () => {
    it('changes the fields given', async () => {
      const w = await marketplaceWorld(app);
      const avatar = await mediumOf(w.sellerProfile.id);
      const res = await app.request('PUT', `${PATH}/${w.sellerProfile.id}`, {
        token: w.seller.token,
        body: {
          display_name: 'Sally’s Saddlery',
          slug: 'sallys-saddlery',
          bio: 'Hand-made.',
          location: { state: 'Madrid', country: 'ES' },
          phone: '600 000 000',
          phone_visible: true,
          contact_email: 'shop@sally.test',
          avatar_media_id: avatar.id,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        display_name: 'Sally’s Saddlery',
        slug: 'sallys-saddlery',
        bio: 'Hand-made.',
        location: { city: 'Madrid', state: 'Madrid', country: 'ES' },
        phone: '600 000 000',
        phone_visible: true,
        contact_email: 'shop@sally.test',
        avatar_url: `${PATH}/${w.sellerProfile.id}/media/${avatar.id}/content`,
      });
      const cleared = await app.request('PUT', `${PATH}/${w.sellerProfile.id}`, {
        token: w.seller.token,
        body: { contact_email: null, avatar_media_id: null, bio: '' },
      });
      expect(cleared.body.data).toMatchObject({
        contact_email: null,
        avatar_url: null,
        bio: null,
        slug: 'sallys-saddlery',
      });
    });

    it('lets an organization’s managers edit its profile', async () => {
      await marketplaceWorld(app);
      await newcomer();
      const schoolId = await school();
      const dan = await app.tokenFor('dan@market.test');
      const created = await app.request('POST', PATH, {
        token: dan,
        body: { organization_id: schoolId },
      });
      const carol = await app.tokenFor('carol@market.test');
      const res = await app.request('PUT', `${PATH}/${created.body.data.id}`, {
        token: carol,
        body: { bio: 'Lessons and ponies.' },
      });
      expect(res.status).toBe(200);
      const eve = await app.tokenFor('eve@market.test');
      const staff = await app.request('PUT', `${PATH}/${created.body.data.id}`, {
        token: eve,
        body: { bio: 'Mine now.' },
      });
      expect(staff.status).toBe(403);
    });

    it('answers 403 for another’s profile, 404 for an unknown one', async () => {
      const w = await marketplaceWorld(app);
      const res = await app.request('PUT', `${PATH}/${w.sellerProfile.id}`, {
        token: w.buyer.token,
        body: { display_name: 'Stolen' },
      });
      expect(res.status).toBe(403);
      const unknown = await app.request('PUT', `${PATH}/00000000-0000-4000-8000-000000000000`, {
        token: w.buyer.token,
        body: { display_name: 'X' },
      });
      expect(unknown.status).toBe(404);
    });

    it('answers 422 per rule', async () => {
      const w = await marketplaceWorld(app);
      const pdf = await mediumOf(w.sellerProfile.id, 'application/pdf');
      const others = await mediumOf(w.buyerProfile.id);
      for (const [body, field] of [
        [{ slug: 'bob-buyer' }, 'slug'],
        [{ slug: 'Not a slug' }, 'slug'],
        [{ avatar_media_id: pdf.id }, 'avatar_media_id'],
        [{ avatar_media_id: others.id }, 'avatar_media_id'],
        [{ avatar_media_id: '00000000-0000-4000-8000-000000000000' }, 'avatar_media_id'],
        [{ display_name: ' ' }, 'display_name'],
      ] as const) {
        const res = await app.request('PUT', `${PATH}/${w.sellerProfile.id}`, {
          token: w.seller.token,
          body,
        });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors)).toContain(field);
      }
    });
  });
});
