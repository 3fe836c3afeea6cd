import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { emailOutbox, listingContacts, sellerProfiles, users } from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const ask = (w: MarketplaceWorld, listingId: string, body: unknown, token = w.buyer.token) =>
  app.request('POST', `/api/marketplace/listings/${listingId}/contact`, { token, body });

const question = { message: 'Is it still available?', phone: '+34 600 000 000' };

const outbox = () =>
  app.db
    .select({
      kind: emailOutbox.kind,
      to: emailOutbox.to,
      reply_to: emailOutbox.replyTo,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
    })
    .from(emailOutbox);

const notices = () =>
  app.db
    .select({
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications);

async function person(email: string) {
  const token = await app.tokenFor(email);
  const me = await app.request('GET', '/api/auth/me', { token });
  return { email, token, id: me.body.id as string };
}

describe('POST /api/marketplace/listings/{id}/contact', () => {
  it('stores the message, e-mails the seller with Reply-To the buyer and gives an in-app notice', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();

    const res = await ask(w, saddle.id, question);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      listing: { id: saddle.id, title: 'Leather dressage saddle' },
      seller: { id: w.sellerProfile.id, display_name: 'Sally Seller' },
      sender: { name: 'buyer', email: 'buyer@market.test' },
      message: 'Is it still available?',
      phone: '+34 600 000 000',
      created_at: expect.stringMatching(/Z$/),
    });
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'marketplace-contact',
      to: 'seller@market.test',
      reply_to: 'buyer@market.test',
      subject: 'Question about your listing: Leather dressage saddle',
    });
    expect(mail!.html).toContain(`http://localhost:3000/marketplace/listings/${saddle.id}`);
    expect(mail!.html).toContain('Is it still available?');
    // In-app only: the e-mail already went to the contact address.
    expect(await notices()).toEqual([
      {
        userId: w.seller.id,
        type: 'marketplace.contact',
        title: 'A buyer wrote about your listing',
        body: 'buyer asked about "Leather dressage saddle".',
        link: '/marketplace/messages',
      },
    ]);
  });

  it("writes to the profile's contact e-mail, and an organization's managers get the notice", async () => {
    const w = await marketplaceWorld(app);
    const orgId = await app.createSchool({
      name: 'Yeguada',
      type: 'stud',
      members: {
        'owner@yeguada.test': 'owner',
        'manager@yeguada.test': 'manager',
        'staff@yeguada.test': 'staff',
      },
    });
    const [owner, manager] = await Promise.all(
      ['owner@yeguada.test', 'manager@yeguada.test', 'staff@yeguada.test'].map(person),
    );
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: orgId, displayName: 'Yeguada', slug: 'yeguada' })
      .returning();
    const mare = await w.listing({ sellerProfileId: profile!.id, title: 'Mare' });

    expect((await ask(w, mare.id, { message: 'Price?' })).status).toBe(201);
    expect((await outbox()).map((m) => [m.to, m.reply_to])).toEqual([
      ['owner@yeguada.test', 'buyer@market.test'],
    ]);
    expect((await notices()).map((n) => n.userId).sort()).toEqual([owner!.id, manager!.id].sort());

    await app.db
      .update(sellerProfiles)
      .set({ contactEmail: 'sales@yeguada.test' })
      .where(eq(sellerProfiles.id, profile!.id));
    expect((await ask(w, mare.id, { message: 'Price?' })).status).toBe(201);
    expect((await outbox()).map((m) => m.to).sort()).toEqual([
      'owner@yeguada.test',
      'sales@yeguada.test',
    ]);
    // The organization's manager cannot write to their own organization's listing.
    const own = await ask(w, mare.id, { message: 'Hi' }, manager!.token);
    expect(own.status).toBe(422);
  });

  it("refuses one's own listing (422), listings not active (409) or unseen (404)", async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const own = await ask(w, saddle.id, question, w.seller.token);
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ id: ['You cannot contact your own listing.'] });

    const paused = await w.listing({ status: 'paused' });
    expect((await ask(w, paused.id, question)).status).toBe(404);
    expect((await ask(w, paused.id, question, w.seller.token)).status).toBe(422);
    const byAdmin = await ask(w, paused.id, question, w.admin.token);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.message).toBe(
      'This listing is paused: only active listings can be contacted.',
    );
    expect((await ask(w, crypto.randomUUID(), question)).status).toBe(404);
    expect((await ask(w, 'saddle', question)).status).toBe(404);

    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    expect((await ask(w, saddle.id, question)).status).toBe(404);
    expect((await ask(w, saddle.id, question, w.admin.token)).status).toBe(409);
    expect(await app.db.select().from(listingContacts)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('takes 10 messages an hour per user (429 with Retry-After), counting only accepted ones', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const paused = await w.listing({ status: 'paused' });
    for (let i = 0; i < 9; i++) expect((await ask(w, saddle.id, question)).status).toBe(201);
    // Refused requests do not count.
    expect((await ask(w, paused.id, question, w.admin.token)).status).toBe(409);
    expect((await ask(w, saddle.id, { message: '' })).status).toBe(422);
    expect((await ask(w, saddle.id, question)).status).toBe(201);

    const over = await ask(w, saddle.id, question);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(
      'You can send 10 messages an hour. Please try again later.',
    );
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(await app.db.select().from(listingContacts)).toHaveLength(10);
    expect(await outbox()).toHaveLength(10);
    // Another user has their own allowance.
    expect((await ask(w, saddle.id, question, w.admin.token)).status).toBe(201);
  });

  it('validates the message and phone (422), needs sign-in (401) and an open marketplace (503)', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    for (const [body, field] of [
      [{}, 'message'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ message: 'Hi', phone: '1'.repeat(41) }, 'phone'],
      [{ message: 42 }, 'message'],
    ] as const) {
      const res = await ask(w, saddle.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const long = await ask(w, saddle.id, { message: 'x'.repeat(5000), phone: '' });
    expect(long.status).toBe(201);
    expect(long.body.data.phone).toBeNull();

    const anonymous = await app.request('POST', `/api/marketplace/listings/${saddle.id}/contact`, {
      body: question,
    });
    expect(anonymous.status).toBe(401);
    await w.setMarketplace(false);
    expect((await ask(w, saddle.id, question)).status).toBe(503);
  });

  it('asks for an e-mail address the seller can answer (422)', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const token = await app.tokenFor('no-mail@market.test', { email: '' });
    const res = await ask(w, saddle.id, question, token);
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['email']);
  });
});

describe('GET /api/marketplace/contacts/received and /sent', () => {
  it('lists messages to my profiles and from me, newest first, paginated', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const bridle = await w.listing({ title: 'Bridle' });
    const other = await person('other@market.test');
    const ids: string[] = [];
    for (const [listing, token, message] of [
      [saddle, w.buyer.token, 'First'],
      [bridle, other.token, 'Second'],
      [saddle, other.token, 'Third'],
    ] as const) {
      const res = await ask(w, listing.id, { message }, token);
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    // Three messages in one second: set their times apart.
    for (const [i, id] of ids.entries()) {
      await app.db
        .update(listingContacts)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(listingContacts.id, id));
    }
    const list = async (which: string, token: string, query = '') => {
      const res = await app.request('GET', `/api/marketplace/contacts/${which}?${query}`, {
        token,
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const received = await list('received', w.seller.token);
    expect(received.data.map((c: { message: string }) => c.message)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    expect(received.data[0]).toEqual({
      id: ids[2],
      listing: { id: saddle.id, title: 'Leather dressage saddle' },
      seller: { id: w.sellerProfile.id, display_name: 'Sally Seller' },
      sender: { name: 'other', email: 'other@market.test' },
      message: 'Third',
      phone: null,
      created_at: expect.any(String),
    });
    expect(received.meta).toMatchObject({ total: 3, per_page: 25 });
    const page = await list('received', w.seller.token, 'per_page=2&page=2');
    expect(page.data.map((c: { message: string }) => c.message)).toEqual(['First']);
    expect(page.meta).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
    expect(
      (await list('received', w.seller.token, `listing_id=${saddle.id}`)).data.map(
        (c: { message: string }) => c.message,
      ),
    ).toEqual(['Third', 'First']);
    expect(
      (await list('received', w.seller.token, `seller_profile_id=${w.buyerProfile.id}`)).data,
    ).toEqual([]);

    expect(
      (await list('sent', other.token)).data.map((c: { message: string }) => c.message),
    ).toEqual(['Third', 'Second']);
    expect(
      (await list('sent', w.buyer.token)).data.map((c: { message: string }) => c.message),
    ).toEqual(['First']);
    // Nobody sees another's messages.
    expect((await list('received', w.buyer.token)).data).toEqual([]);
    expect((await list('sent', w.seller.token)).data).toEqual([]);
    expect((await list('received', w.admin.token)).data).toEqual([]);
  });

  it('refuses bad filters (422) and strangers (401), in the same number of statements for any page', async () => {
    const w = await marketplaceWorld(app);
    const bad = await app.request('GET', '/api/marketplace/contacts/received?listing_id=x', {
      token: w.seller.token,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['listing_id']);
    expect((await app.request('GET', '/api/marketplace/contacts/received')).status).toBe(401);
    expect((await app.request('GET', '/api/marketplace/contacts/sent')).status).toBe(401);

    const saddle = await w.listing();
    const count = async (which: string, token: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `/api/marketplace/contacts/${which}`, { token }),
      );
      expect(res.status).toBe(200);
      return [res.body.data.length, counter.count];
    };
    await ask(w, saddle.id, question);
    const [one, oneReceived] = await count('received', w.seller.token);
    const [, oneSent] = await count('sent', w.buyer.token);
    for (let i = 0; i < 5; i++) await ask(w, saddle.id, question);
    const [six, sixReceived] = await count('received', w.seller.token);
    const [, sixSent] = await count('sent', w.buyer.token);
    expect([one, six]).toEqual([1, 6]);
    expect([sixReceived, sixSent]).toEqual([oneReceived, oneSent]);
  });
});
