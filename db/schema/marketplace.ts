import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  numeric,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { folded, id, timestamps } from './columns';
import { users } from './identity';
import {
  CATEGORY_KINDS,
  LISTING_CONDITIONS,
  LISTING_STATUSES,
  MODERATION_ACTIONS,
  LISTING_PRICE_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  SALE_MODES,
  type AttributeType,
} from './marketplace-values';
import { media } from './media';
import { sellerProfiles } from './seller-profiles';
import { horseIdentities } from './pedigree';
import { inList, money } from './tenant';

/*
 * The marketplace catalogue (DESIGN-MODULES C.1 to C.4, E.3, G.10). Platform tables: a
 * listing belongs to a seller profile, which belongs to a user or an organization.
 */

export * from './marketplace-values';
export * from './seller-profiles';

/** One typed field that listings of a category fill in (`attributes.<name>`). */
export type CategoryAttribute = {
  name: string;
  label: string;
  type: AttributeType;
  required: boolean;
  /** The choices of a `select`. */
  options?: string[];
  /** Bounds of an `integer` or `number`. */
  min?: number;
  max?: number;
};

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Lower case without accents (é → e, ñ → n): immutable, so a generated column may use it. */
/** A number attribute (`birth_year`, `height_cm`), null when it holds anything else. */
const numberAttribute = (name: string) =>
  `case when jsonb_typeof(attributes -> '${name}') = 'number' then (attributes ->> '${name}')::numeric end`;

/**
 * The values the search filters on, kept by the database beside the listing (the generated
 * columns of `publications`): places, breed and discipline folded as the search folds its
 * input; sex, year of birth and height from the attributes. Real columns, unlike expressions,
 * let the covering indexes of the sorts answer a search and its count from the index alone.
 */
const SEARCH_COLUMNS = [
  'sellerProfileId',
  'saleMode',
  'stateKey',
  'cityKey',
  'breedKey',
  'disciplineKey',
  'sex',
  'birthYear',
  'heightCm',
] as const;
const searchColumns = (t: Record<(typeof SEARCH_COLUMNS)[number], PgColumn>) =>
  SEARCH_COLUMNS.map((name) => t[name]);

/** The listings a search can find (listingPublic), the predicate of the search's indexes. */
const searchable = (t: { status: PgColumn; sellerActive: PgColumn }) =>
  sql`${t.status} = 'active' and ${t.sellerActive}`;

/**
 * What full-text search reads, kept by the database: title (weight A), breed and
 * discipline (B), description (C), each stemmed in English and in Spanish, accents folded.
 */
const SEARCH_DOCUMENT = [
  ['title', 'A'],
  ["coalesce(attributes->>'breed', '') || ' ' || coalesce(attributes->>'discipline', '')", 'B'],
  ['description', 'C'],
]
  .flatMap(([column, weight]) =>
    ['english', 'spanish'].map(
      (language) =>
        `setweight(to_tsvector('${language}'::regconfig, ${folded(column!)}), '${weight}')`,
    ),
  )
  .join(' || ');

/** C.1: a tree of two levels; a child shares its root's kind. */
export const marketplaceCategories = pgTable(
  'marketplace_categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => marketplaceCategories.id, {
      onDelete: 'restrict',
    }),
    kind: text('kind', { enum: CATEGORY_KINDS }).notNull(),
    attributes: jsonb('attributes').$type<CategoryAttribute[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('marketplace_categories_slug_key').on(t.slug),
    index('marketplace_categories_parent_idx').on(t.parentId, t.position),
    check('marketplace_categories_kind_check', inList(t.kind, CATEGORY_KINDS)),
    check('marketplace_categories_parent_check', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

/**
 * The version of what the search can find: one row, moved on by triggers (migration 0035) in
 * every statement that changes a listing a search could find (its state, seller, category,
 * price, place, text or attributes: not its favourites or stock) or a category. A search's
 * total counted under a version holds while the version does (search-queries.ts).
 */
export const marketplaceSearchVersion = pgTable(
  'marketplace_search_version',
  {
    one: boolean('one').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('marketplace_search_version_one_check', sql`${t.one}`)],
);

/**
 * C.3: a listing. The settings issue's table, extended; the test dashboard counts its
 * statuses. `suspended_from` is the state a reinstatement returns to.
 */
export const publications = pgTable(
  'publications',
  {
    id: id(),
    sellerProfileId: uuid('seller_profile_id')
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketplaceCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: money('price'),
    priceType: text('price_type', { enum: LISTING_PRICE_TYPES }).notNull().default('fixed'),
    saleMode: text('sale_mode', { enum: SALE_MODES }).notNull().default('enquiry'),
    quantity: integer('quantity').notNull().default(1),
    condition: text('condition', { enum: LISTING_CONDITIONS }),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    ships: boolean('ships').notNull().default(false),
    shippingPrice: money('shipping_price'),
    pickup: boolean('pickup').notNull().default(true),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    horseIdentityId: uuid('horse_identity_id').references(() => horseIdentities.id, {
      onDelete: 'set null',
    }),
    serviceIds: uuid('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('draft'),
    statusReason: text('status_reason'),
    suspendedFrom: text('suspended_from', { enum: LISTING_STATUSES }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    favouritesCount: integer('favourites_count').notNull().default(0),
    /**
     * Whether the seller's owner (user or organization) is active: kept by triggers in the
     * transaction that suspends or reinstates them (migration 0034), so that a search reads the
     * listing alone, and its partial indexes leave out the listings of suspended sellers.
     */
    sellerActive: boolean('seller_active').notNull().default(true),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql.raw(SEARCH_DOCUMENT)),
    stateKey: text('state_key').generatedAlwaysAs(sql.raw(folded('state'))),
    cityKey: text('city_key').generatedAlwaysAs(sql.raw(folded('city'))),
    breedKey: text('breed_key').generatedAlwaysAs(sql.raw(folded("attributes ->> 'breed'"))),
    disciplineKey: text('discipline_key').generatedAlwaysAs(
      sql.raw(folded("attributes ->> 'discipline'")),
    ),
    sex: text('sex').generatedAlwaysAs(
      sql.raw(
        `case when jsonb_typeof(attributes -> 'sex') = 'string' then attributes ->> 'sex' end`,
      ),
    ),
    birthYear: numeric('birth_year').generatedAlwaysAs(sql.raw(numberAttribute('birth_year'))),
    heightCm: numeric('height_cm').generatedAlwaysAs(sql.raw(numberAttribute('height_cm'))),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('publications_seller_profile_id_key').on(t.sellerProfileId, t.id),
    index('publications_status_idx').on(t.status),
    // The three sorts of active listings, each with the id as its tie-breaker (listing-cards.ts)
    // and then every column the search filters on: a page and its count are read from the
    // index alone, however few listings match (no visit to the wide rows to test a filter).
    index('publications_active_newest_idx')
      .on(t.publishedAt.desc(), t.id.desc(), t.price, t.categoryId, ...searchColumns(t))
      .where(searchable(t)),
    index('publications_active_price_idx')
      .on(t.price, t.id.desc(), t.publishedAt, t.categoryId, ...searchColumns(t))
      .where(searchable(t)),
    index('publications_active_price_desc_idx')
      .on(t.price.desc(), t.id.desc(), t.publishedAt, t.categoryId, ...searchColumns(t))
      .where(searchable(t)),
    // The place filters, narrow enough to be read before the sorts' indexes.
    index('publications_active_city_idx').on(t.cityKey).where(searchable(t)),
    index('publications_active_state_idx').on(t.stateKey).where(searchable(t)),
    index('publications_active_category_idx')
      .on(t.categoryId, t.publishedAt.desc())
      .where(searchable(t)),
    // Without a column to check, a count of the matches of `q` reads this index alone (PostgreSQL
    // skips the heap pages all visible).
    index('publications_search_idx').using('gin', t.searchVector).where(searchable(t)),
    // A category's or a kind's active listings under any other filter, counted from the index
    // alone.
    index('publications_active_category_seller_idx')
      .on(t.categoryId, ...searchColumns(t), t.price)
      .where(searchable(t)),
    // The narrowest: the count of a search without filters reads it, and a seller's listings.
    index('publications_active_seller_idx').on(t.sellerProfileId).where(searchable(t)),
    index('publications_seller_idx').on(t.sellerProfileId, t.status, t.updatedAt.desc()),
    // A horse identity deleted sets its listings' reference to null: found by this index, not by
    // reading every listing (the bench's cleanup of 10,000 identities ran for minutes).
    index('publications_horse_identity_idx')
      .on(t.horseIdentityId)
      .where(sql`${t.horseIdentityId} is not null`),
    index('publications_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check('publications_status_check', inList(t.status, LISTING_STATUSES)),
    check('publications_price_type_check', inList(t.priceType, LISTING_PRICE_TYPES)),
    check('publications_sale_mode_check', inList(t.saleMode, SALE_MODES)),
    check('publications_price_check', sql`${t.price} >= 0 and ${t.shippingPrice} >= 0`),
    check(
      'publications_price_given_check',
      sql`${t.priceType} = 'on_request' or ${t.price} is not null`,
    ),
    check('publications_quantity_check', sql`${t.quantity} >= 0`),
    check('publications_favourites_count_check', sql`${t.favouritesCount} >= 0`),
    check(
      'publications_suspended_from_check',
      sql`(${t.status} = 'suspended') = (${t.suspendedFrom} is not null)`,
    ),
  ],
);

/** A listing's images, in order: media of its seller profile (composite keys on both sides). */
export const publicationMedia = pgTable(
  'publication_media',
  {
    sellerProfileId: uuid('seller_profile_id').notNull(),
    publicationId: uuid('publication_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.mediaId] }),
    index('publication_media_order_idx').on(t.publicationId, t.position),
    foreignKey({
      columns: [t.sellerProfileId, t.publicationId],
      foreignColumns: [publications.sellerProfileId, publications.id],
      name: 'publication_media_publication_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.sellerProfileId, t.mediaId],
      foreignColumns: [media.sellerProfileId, media.id],
      name: 'publication_media_media_fk',
    }).onDelete('cascade'),
  ],
);

/** C.4: a user's favourite listings. */
export const favourites = pgTable(
  'marketplace_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.publicationId] }),
    index('marketplace_favourites_newest_idx').on(t.userId, t.createdAt.desc()),
    index('marketplace_favourites_publication_idx').on(t.publicationId),
  ],
);

/** C.4: a buyer's message about a listing, e-mailed to its seller. */
export const listingContacts = pgTable(
  'listing_contacts',
  {
    id: id(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    sellerProfileId: uuid('seller_profile_id')
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_contacts_received_idx').on(t.sellerProfileId, t.createdAt.desc()),
    index('listing_contacts_sent_idx').on(t.senderId, t.createdAt.desc()),
  ],
);

/** G.10: a user's report of a listing; one open report per user and listing. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: id(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_reports_open_key')
      .on(t.publicationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_open_idx')
      .on(t.publicationId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('listing_reports_reason_check', inList(t.reason, REPORT_REASONS)),
    check('listing_reports_status_check', inList(t.status, REPORT_STATUSES)),
  ],
);

/** E.3: every moderation decision, with its reason: the listing's history and the log. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: LISTING_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: LISTING_STATUSES }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_publication_idx').on(t.publicationId, t.createdAt),
    index('moderation_actions_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('moderation_actions_action_check', inList(t.action, MODERATION_ACTIONS)),
  ],
);
