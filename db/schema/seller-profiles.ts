import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { organizations, users } from './identity';
import { PAYOUT_STATUSES } from './marketplace-values';
import { inList } from './tenant';

/*
 * The marketplace's sellers (DESIGN-MODULES C.2), apart from the catalogue's tables: media
 * belong to a seller profile or to an organization, and the listings' images reference media.
 */

/** C.2: a user's or an organization's shop window; one each. */
export const sellerProfiles = pgTable(
  'seller_profiles',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    displayName: text('display_name').notNull(),
    slug: text('slug').notNull(),
    bio: text('bio'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    phone: text('phone'),
    phoneVisible: boolean('phone_visible').notNull().default(false),
    /** Null: the owner's e-mail (a user's own, an organization owner's). */
    contactEmail: text('contact_email'),
    avatarMediaId: uuid('avatar_media_id'),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATUSES })
      .notNull()
      .default('not_connected'),
    /** The seller's account at the gateway (a Stripe connected account), set by onboarding. */
    gatewayAccountId: text('gateway_account_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('seller_profiles_user_key').on(t.userId),
    uniqueIndex('seller_profiles_organization_key').on(t.organizationId),
    uniqueIndex('seller_profiles_slug_key').on(t.slug),
    uniqueIndex('seller_profiles_gateway_account_key').on(t.gatewayAccountId),
    check('seller_profiles_owner_check', sql`num_nonnulls(${t.userId}, ${t.organizationId}) = 1`),
    check('seller_profiles_payout_status_check', inList(t.payoutStatus, PAYOUT_STATUSES)),
  ],
);
