import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { marketplaceCategories, publications, sellerProfiles } from '@/db/schema';
import { ADMIN_EMAIL, type TestApp } from '../test/harness';
import { HORSE_CATEGORY_ATTRIBUTES } from '@/db/schema/marketplace-defaults';
import type { ShippingAddress } from './order-schema';

/** A shipping address as the checkout takes it and as orders keep it (no state, no phone). */
export const SHIPPING_ADDRESS: ShippingAddress = {
  name: 'Bob Buyer',
  street: 'Calle Mayor 1',
  city: 'Madrid',
  state: null,
  postal_code: '28013',
  country: 'ES',
  phone: null,
};

/**
 * A marketplace to test against, written directly (no route of the module needed): the
 * categories Horses (with Sport horses), Tack (with Saddles) and Services; a seller and a
 * buyer, each with a personal seller profile; the platform administrator. `listing` writes
 * a listing in any state; `addToCart` and `checkout` are the buyer's requests.
 */
export async function marketplaceWorld(app: TestApp) {
  const person = async (email: string) => {
    const token = await app.tokenFor(email);
    const me = await app.request('GET', '/api/auth/me', { token });
    return { email, token, id: me.body.id as string };
  };
  const [seller, buyer, admin] = await Promise.all([
    person('seller@market.test'),
    person('buyer@market.test'),
    person(ADMIN_EMAIL),
  ]);
  const [horses, tack, services] = await app.db
    .insert(marketplaceCategories)
    .values([
      { name: 'Horses', slug: 'horses', kind: 'horse', attributes: HORSE_CATEGORY_ATTRIBUTES },
      { name: 'Tack', slug: 'tack', kind: 'item', position: 1 },
      { name: 'Services', slug: 'services', kind: 'service', position: 2 },
    ])
    .returning();
  const [sportHorses, saddles] = await app.db
    .insert(marketplaceCategories)
    .values([
      {
        name: 'Sport horses',
        slug: 'sport-horses',
        kind: 'horse',
        parentId: horses!.id,
        attributes: HORSE_CATEGORY_ATTRIBUTES,
      },
      {
        name: 'Saddles',
        slug: 'saddles',
        kind: 'item',
        parentId: tack!.id,
        attributes: [
          { name: 'size', label: 'Seat size', type: 'number', required: false, min: 10, max: 20 },
        ],
      },
    ])
    .returning();
  const [sellerProfile, buyerProfile] = await app.db
    .insert(sellerProfiles)
    .values([
      { userId: seller.id, displayName: 'Sally Seller', slug: 'sally-seller', city: 'Madrid' },
      { userId: buyer.id, displayName: 'Bob Buyer', slug: 'bob-buyer' },
    ])
    .returning();

  /** A listing of the seller written directly: an active saddle for 450.00 unless told. */
  const listing = async (values: Partial<typeof publications.$inferInsert> = {}) => {
    const [row] = await app.db
      .insert(publications)
      .values({
        sellerProfileId: sellerProfile!.id,
        categoryId: saddles!.id,
        title: 'Leather dressage saddle',
        description: 'A well-kept 17.5" dressage saddle.',
        price: '450.00',
        saleMode: 'buy_now',
        status: 'active',
        publishedAt: sql`now()`,
        expiresAt: sql`now() + interval '90 days'`,
        createdBy: seller.id,
        ...values,
      })
      .returning();
    return row!;
  };

  /** Opens or closes the marketplace (C.8), as the administrator's settings route does. */
  const setMarketplace = (enabled: boolean, maintenance_message: string | null = null) =>
    app.request('PUT', '/api/admin/settings/marketplace', {
      token: admin.token,
      body: { enabled, maintenance_message },
    });

  /** The buyer puts `quantity` of the listing in their cart, as a new line (201). */
  const addToCart = async (listingId: string, quantity = 1) => {
    const res = await app.request('POST', '/api/marketplace/cart/items', {
      token: buyer.token,
      body: { listing_id: listingId, quantity },
    });
    expect(res.status, res.text).toBe(201);
  };

  /**
   * POST /orders, the buyer's checkout to SHIPPING_ADDRESS unless told, under a new
   * Idempotency-Key unless told (`key: ''` sends none): the answer.
   */
  const checkout = ({
    key = crypto.randomUUID(),
    body = { shipping_address: SHIPPING_ADDRESS } as Record<string, unknown>,
    token = buyer.token,
  } = {}) =>
    app.request('POST', '/api/marketplace/orders', {
      token,
      body,
      headers: key === '' ? {} : { 'Idempotency-Key': key },
    });

  /** A second seller, `tack-shop@market.test` with a personal profile, and their listing writer. */
  const otherSeller = async () => {
    const other = await person('tack-shop@market.test');
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ userId: other.id, displayName: 'Tack Shop', slug: 'tack-shop' })
      .returning();
    return {
      token: other.token,
      profile: profile!,
      listing: (values: Partial<typeof publications.$inferInsert> = {}) =>
        listing({ sellerProfileId: profile!.id, createdBy: other.id, ...values }),
    };
  };

  return {
    seller,
    buyer,
    admin,
    categories: {
      horses: horses!,
      tack: tack!,
      services: services!,
      sportHorses: sportHorses!,
      saddles: saddles!,
    },
    sellerProfile: sellerProfile!,
    buyerProfile: buyerProfile!,
    listing,
    otherSeller,
    setMarketplace,
    addToCart,
    checkout,
  };
}

export type MarketplaceWorld = Awaited<ReturnType<typeof marketplaceWorld>>;
