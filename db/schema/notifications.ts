import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { organizations, users } from './identity';
import { DATE_FORMATS, LOCALES } from './notification-values';
import { inList } from './tenant';

/** An in-app notice to one user (DESIGN-MODULES D); kept 180 days. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the web app (`/studs/…/reservations/…`). */
    link: text('link'),
    /** The ids the notice is about. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** A user's own settings and the profile fields the identity provider does not hold. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    timezone: text('timezone'),
    defaultOrganizationId: uuid('default_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('YYYY-MM-DD'),
    phone: text('phone'),
    avatar: text('avatar'),
    bio: text('bio'),
    ...timestamps,
  },
  (t) => [
    check('user_settings_locale_check', inList(t.locale, LOCALES)),
    check('user_settings_date_format_check', inList(t.dateFormat, DATE_FORMATS)),
  ],
);

/** A user's choice for one notification type, stored only where it differs from the default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull(),
    inApp: boolean('in_app').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
