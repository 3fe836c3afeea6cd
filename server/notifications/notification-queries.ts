import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { NOTIFICATION_TYPES, type NotificationType } from '@/db/schema/notification-values';
import { users } from '@/db/schema/identity';
import { notificationPreferences, notifications, userSettings } from '@/db/schema/notifications';
import { notFound } from '../kernel/errors';
import { pageOffset, paginate } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type {
  Notification,
  NotificationListInput,
  Preference,
  Profile,
  Settings,
} from './notification-schema';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    organization_id: row.organizationId,
    data: row.data,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A user's notifications, newest first, with the unread count of all of them: the page, the
 * total and the unread count in two statements whatever the page size.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  input: NotificationListInput,
  url: URL,
) {
  const mine = eq(notifications.userId, userId);
  const where: SQL | undefined = input.unread ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db
      .select({
        total: input.unread
          ? sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`
          : sql<number>`count(*)::int`,
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
      })
      .from(notifications)
      .where(mine),
  ]);
  const page = paginate(rows.map(toNotification), counts?.total ?? 0, input, url);
  return { ...page, meta: { ...page.meta, unread_count: counts?.unread ?? 0 } };
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** The user's notification of a path id, or 404: another user's is not theirs to know of. */
export async function findNotification(db: Database, userId: string, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    : [];
  if (!row) throw notFound('Notification');
  return row;
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      phone: userSettings.phone,
      avatar: userSettings.avatar,
      bio: userSettings.bio,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return {
    id: row!.id,
    email: row!.email,
    display_name: row!.displayName,
    phone: row!.phone ?? null,
    avatar: row!.avatar ?? null,
    bio: row!.bio ?? null,
  };
}

export async function getSettings(db: Database, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    locale: row?.locale ?? 'en',
    timezone: row?.timezone ?? null,
    default_organization_id: row?.defaultOrganizationId ?? null,
    date_format: row?.dateFormat ?? 'YYYY-MM-DD',
  };
}

/** Every type with the user's choice, or its default where they made none. */
export async function getPreferences(db: Database, userId: string): Promise<Preference[]> {
  const stored = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(stored.map((row) => [row.type, row]));
  return (Object.keys(NOTIFICATION_TYPES) as NotificationType[]).map((type) => {
    const spec: { label: string; email: boolean; inApp: boolean; inAppLocked?: true } =
      NOTIFICATION_TYPES[type];
    const choice = chosen.get(type);
    const locked = spec.inAppLocked === true;
    return {
      type,
      label: spec.label,
      email: choice?.email ?? spec.email,
      in_app: locked ? true : (choice?.inApp ?? spec.inApp),
      in_app_locked: locked,
    };
  });
}
