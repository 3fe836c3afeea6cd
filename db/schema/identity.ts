import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES, ROLES, USER_STATUSES } from './identity-values';

export { ORGANIZATION_STATUSES, ORGANIZATION_TYPES, ROLES, USER_STATUSES };

/** A person as known to an identity provider: `(issuer, subject)` is the identity. */
export const users = pgTable(
  'users',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name').notNull(),
    /** Set once the user edits their name: from then the token's `name` no longer renames them. */
    displayNameEdited: boolean('display_name_edited').notNull().default(false),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    /** Vouched for by a platform administrator: their marketplace seller profile shows verified. */
    verified: boolean('verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject),
    index('users_email_idx').on(sql`lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
  ],
);

/** A tenant: a riding school or a breeding stud. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    type: text('type', { enum: ORGANIZATION_TYPES }).notNull(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status', { enum: ORGANIZATION_STATUSES }).notNull().default('active'),
    /** A school's public waitlist takes registrations (DESIGN-MODULES A.4 rule 3). */
    waitlistOpen: boolean('waitlist_open').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('organizations_type_check', sql`${t.type} in ('school', 'stud')`),
    check('organizations_status_check', sql`${t.status} in ('active', 'suspended')`),
    index('organizations_name_idx').on(t.name),
  ],
);

/**
 * A role in an organization, held by a user or, until that person first signs in with
 * the verified address, by an invited e-mail.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedEmail: text('invited_email'),
    role: text('role', { enum: ROLES }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    uniqueIndex('memberships_organization_invited_email_key')
      .on(t.organizationId, sql`lower(${t.invitedEmail})`)
      .where(sql`${t.userId} is null`),
    index('memberships_user_idx').on(t.userId),
    index('memberships_invited_email_idx')
      .on(sql`lower(${t.invitedEmail})`)
      .where(sql`${t.userId} is null`),
    check(
      'memberships_holder_check',
      sql`${t.userId} is not null or ${t.invitedEmail} is not null`,
    ),
    check(
      'memberships_role_check',
      sql`${t.role} in ('owner', 'manager', 'instructor', 'staff', 'viewer')`,
    ),
  ],
);

/** Signing keys of the development issuer, kept in the database so every app process shares them. */
export const devIssuerKeys = pgTable('dev_issuer_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
