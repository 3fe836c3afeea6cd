import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { ORGANIZATION_TYPES, organizations, users } from './identity';
import { media } from './media';
import { inList } from './tenant';
import { ACCESS_CODE_STATUSES, VERIFICATION_STATUSES } from './admin-values';

/*
 * Platform administration (DESIGN-MODULES E.1, E.2, E.4): the audit log of admin writes,
 * organizations' verification requests, and access codes with their redemptions.
 */

export * from './admin-values';

/** One write through a platform-administration route: who, what, the subject before and after. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The route's procedure, e.g. `admin.users.update`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    /** A record's id, or a setting's key; null for a write with no one subject. */
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_actions_subject_idx').on(t.subjectType, t.subjectId, t.createdAt.desc()),
  ],
);

export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id'),
    registrationNumber: text('registration_number'),
    address: text('address'),
    phone: text('phone'),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    unique('verification_requests_organization_id_key').on(t.organizationId, t.id),
    // One pending request per organization, whatever the races.
    uniqueIndex('verification_requests_one_pending_key')
      .on(t.organizationId)
      .where(sql`${t.status} = 'pending'`),
    index('verification_requests_queue_idx').on(t.status, t.createdAt, t.id),
    check('verification_requests_status_check', inList(t.status, VERIFICATION_STATUSES)),
  ],
);

/** The documents of a request: media of the same organization (composite foreign keys). */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    organizationId: uuid('organization_id').notNull(),
    requestId: uuid('request_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.mediaId] }),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [verificationRequests.organizationId, verificationRequests.id],
      name: 'verification_documents_request_fkey',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.mediaId],
      foreignColumns: [media.organizationId, media.id],
      name: 'verification_documents_media_fkey',
    }).onDelete('cascade'),
    index('verification_documents_media_idx').on(t.organizationId, t.mediaId),
  ],
);

export const accessCodes = pgTable(
  'access_codes',
  {
    id: id(),
    /** Hex SHA-256 of the code: the code itself is shown once, at creation. */
    codeHash: text('code_hash').notNull(),
    codeHint: text('code_hint').notNull(),
    organizationType: text('organization_type', { enum: ORGANIZATION_TYPES }).notNull(),
    maxRedemptions: integer('max_redemptions').notNull().default(1),
    redemptionsCount: integer('redemptions_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    autoVerify: boolean('auto_verify').notNull().default(false),
    note: text('note'),
    status: text('status', { enum: ACCESS_CODE_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('access_codes_code_hash_key').on(t.codeHash),
    index('access_codes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('access_codes_type_check', inList(t.organizationType, ORGANIZATION_TYPES)),
    check('access_codes_status_check', inList(t.status, ACCESS_CODE_STATUSES)),
    check(
      'access_codes_redemptions_check',
      sql`${t.maxRedemptions} >= 1 and ${t.redemptionsCount} between 0 and ${t.maxRedemptions}`,
    ),
  ],
);

export const accessCodeRedemptions = pgTable(
  'access_code_redemptions',
  {
    id: id(),
    accessCodeId: uuid('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A user redeems a given code once.
    uniqueIndex('access_code_redemptions_user_key').on(t.accessCodeId, t.userId),
    index('access_code_redemptions_code_idx').on(t.accessCodeId, t.createdAt),
  ],
);
