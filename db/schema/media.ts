import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id } from './columns';
import { organizations, users } from './identity';
import { sellerProfiles } from './seller-profiles';
import { inList } from './tenant';

/** The types an upload may have, sniffed from its bytes (DESIGN-MODULES 0.4). */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const MEDIA_STORES = ['database', 's3'] as const;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A stored file (DESIGN-MODULES 0.4), owned by an organization or a marketplace seller profile. Modules link media to their
 * records by join tables keyed (organization, subject, media); the bytes live in
 * `media_blobs` or in an S3 bucket under `storage_key`.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    /** The owner when it is a marketplace seller profile (a person's shop has no organization). */
    sellerProfileId: uuid('seller_profile_id').references((): AnyPgColumn => sellerProfiles.id, {
      onDelete: 'cascade',
    }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the stored bytes (after metadata was stripped). */
    sha256: text('sha256').notNull(),
    store: text('store').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    caption: text('caption'),
    isPublic: boolean('is_public').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('media_organization_id_key').on(t.organizationId, t.id),
    unique('media_seller_profile_id_key').on(t.sellerProfileId, t.id),
    check('media_owner_check', sql`num_nonnulls(${t.organizationId}, ${t.sellerProfileId}) = 1`),
    index('media_organization_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('media_seller_profile_created_idx').on(
      t.sellerProfileId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    check('media_content_type_check', inList(t.contentType, MEDIA_TYPES)),
    check('media_store_check', inList(t.store, MEDIA_STORES)),
    check('media_size_check', sql`${t.sizeBytes} > 0`),
  ],
);

/** The bytes of media kept in the database (`MEDIA_STORE` unset), apart from the rows listed. */
export const mediaBlobs = pgTable('media_blobs', {
  mediaId: uuid('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
