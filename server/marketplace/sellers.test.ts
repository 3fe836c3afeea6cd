import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations, sellerProfiles, users } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { png } from '../test/media-fixtures';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

describe('a seller’s public page (C.2)', () => {
  it('shows the profile without its contact e-mail, and its newest active listings', async () => {
    const w = await marketplaceWorld(app);
    await app.db
      .update(sellerProfiles)
      .set({ phone: '600 000 000', phoneVisible: false, contactEmail: 'private@sally.test' })
      .where(eq(sellerProfiles.id, w.sellerProfile.id));
    for (let i = 0; i < 26; i++)
      await w.listing({
        title: `Saddle ${i}`,
        publishedAt: new Date(Date.now() - (60 - i) * 60_000),
      });
    await w.listing({ status: 'draft', publishedAt: null, title: 'Draft' });
    await w.listing({ status: 'sold', title: 'Sold' });

    const res = await app.request('GET', `/api/marketplace/sellers/${w.sellerProfile.id}`, {
      token: w.buyer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: w.sellerProfile.id,
      owner: { type: 'user', id: w.seller.id },
      display_name: 'Sally Seller',
      slug: 'sally-seller',
      location: { city: 'Madrid' },
      phone: null,
      avatar_url: null,
      verified: false,
      stats: { active_listings: 26, sold_listings: 1 },
      listings_total: 26,
    });
    expect(JSON.stringify(res.body)).not.toContain('private@sally.test');
    expect(res.body.data).not.toHaveProperty('contact_email');
    expect(res.body.data).not.toHaveProperty('payout_status');
    const titles = res.body.data.listings.map((l: { title: string }) => l.title);
    expect(titles).toHaveLength(24);
    expect(titles[0]).toBe('Saddle 25');
    expect(titles[23]).toBe('Saddle 2');
    expect(res.body.data.listings[0]).toMatchObject({
      price: 450,
      seller: { id: w.sellerProfile.id },
      category: { slug: 'saddles' },
    });
  });

  it('finds a seller by slug, and shows a visible phone', async () => {
    const w = await marketplaceWorld(app);
    await app.db
      .update(sellerProfiles)
      .set({ phone: '600 000 000', phoneVisible: true })
      .where(eq(sellerProfiles.id, w.sellerProfile.id));
    const res = await app.request('GET', '/api/marketplace/sellers/sally-seller', {
      token: w.buyer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: w.sellerProfile.id, phone: '600 000 000' });
    expect(res.body.data.listings).toEqual([]);
  });

  it('shows an organization seller, verified with its organization', async () => {
    const w = await marketplaceWorld(app);
    const schoolId = await app.createSchool({ name: 'Verified Stables' });
    await app.db
      .update(organizations)
      .set({ verified: true })
      .where(eq(organizations.id, schoolId));
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: schoolId, displayName: 'Verified Stables', slug: 'verified' })
      .returning();
    const res = await app.request('GET', `/api/marketplace/sellers/${profile!.id}`, {
      token: w.buyer.token,
    });
    expect(res.body.data).toMatchObject({
      owner: { type: 'organization', id: schoolId, name: 'Verified Stables' },
      verified: true,
    });
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, schoolId));
    const suspended = await app.request('GET', `/api/marketplace/sellers/${profile!.id}`, {
      token: w.buyer.token,
    });
    expect(suspended.status).toBe(404);
  });

  it('hides a suspended user’s page, and unknown ones (404); asks for sign-in', async () => {
    const w = await marketplaceWorld(app);
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    for (const id of [
      w.sellerProfile.id,
      'sally-seller',
      'nobody',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await app.request('GET', `/api/marketplace/sellers/${id}`, {
        token: w.buyer.token,
      });
      expect(res.status, id).toBe(404);
    }
    expect((await app.request('GET', `/api/marketplace/sellers/${w.buyerProfile.id}`)).status).toBe(
      401,
    );
  });

  it('serves the avatar to every signed-in user', async () => {
    const w = await marketplaceWorld(app);
    const avatarPath = `/api/marketplace/sellers/${w.sellerProfile.id}/avatar`;
    const none = await app.request('GET', avatarPath, { token: w.buyer.token });
    expect(none.status).toBe(404);

    const body = new FormData();
    body.append('file', new Blob([(await png(20, 20)) as Uint8Array<ArrayBuffer>]), 'me.png');
    const uploaded = await app.request(
      'POST',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}/media`,
      { token: w.seller.token, rawBody: body },
    );
    const set = await app.request('PUT', `/api/marketplace/seller-profiles/${w.sellerProfile.id}`, {
      token: w.seller.token,
      body: { avatar_media_id: uploaded.body.data.id },
    });
    expect(set.body.data.avatar_url).toBe(uploaded.body.data.url);

    const page = await app.request('GET', `/api/marketplace/sellers/${w.sellerProfile.id}`, {
      token: w.buyer.token,
    });
    expect(page.body.data.avatar_url).toBe(avatarPath);
    const res = await app.handler(
      new Request(`http://localhost:3000${avatarPath}`, {
        headers: { authorization: `Bearer ${w.buyer.token}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');

    await app.request(
      'DELETE',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}/media/${uploaded.body.data.id}`,
      { token: w.seller.token },
    );
    const after = await app.request(
      'GET',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}`,
      {
        token: w.seller.token,
      },
    );
    expect(after.body.data.avatar_url).toBeNull();
  });
});
