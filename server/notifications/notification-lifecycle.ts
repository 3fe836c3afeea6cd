import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, users } from '@/db/schema/identity';
import {
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@/db/schema/notification-values';
import { notificationPreferences, notifications, userSettings } from '@/db/schema/notifications';
import { invalidField } from '../kernel/errors';
import type { PreferencesInput, ProfileInput, SettingsInput } from './notification-schema';
import { findNotification, toNotification } from './notification-queries';

/** Marks one of the user's notifications read (once: a second call keeps the first time). */
export async function markRead(db: Database, userId: string, id: string) {
  const row = await findNotification(db, userId, id);
  if (row.readAt) return toNotification(row);
  const [updated] = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, row.id), eq(notifications.userId, userId)))
    .returning();
  return toNotification(updated!);
}

/** Marks every unread notification of the user read, in one statement; answers how many. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Database, userId: string, id: string) {
  const row = await findNotification(db, userId, id);
  await db
    .delete(notifications)
    .where(and(eq(notifications.id, row.id), eq(notifications.userId, userId)));
}

/** Removes notifications older than the retention (D, rule 4); idempotent. */
export async function purgeExpiredNotifications(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  const rows = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, cutoff))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Changes the profile. A new display name is the user's own from then on: the token's
 * `name` no longer renames them (D, rule 3).
 */
export async function updateProfile(db: Database, userId: string, input: ProfileInput) {
  await db.transaction(async (tx) => {
    if (input.display_name !== undefined) {
      await tx
        .update(users)
        .set({ displayName: input.display_name, displayNameEdited: true, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    }
    const fields = {
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.avatar !== undefined && { avatar: input.avatar }),
      ...(input.bio !== undefined && { bio: input.bio }),
    };
    if (Object.keys(fields).length > 0) {
      await tx
        .insert(userSettings)
        .values({ userId, ...fields })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { ...fields, updatedAt: sql`now()` },
        });
    }
  });
}

/** Changes the settings; the default organization must be one the user belongs to. */
export async function updateSettings(db: Database, userId: string, input: SettingsInput) {
  await db.transaction(async (tx) => {
    if (input.default_organization_id) {
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.organizationId, input.default_organization_id),
          ),
        );
      if (!member)
        throw invalidField(
          'default_organization_id',
          'The default organization must be one you are a member of.',
        );
    }
    const fields = {
      ...(input.locale !== undefined && { locale: input.locale }),
      ...(input.timezone !== undefined && { timezone: input.timezone }),
      ...(input.default_organization_id !== undefined && {
        defaultOrganizationId: input.default_organization_id,
      }),
      ...(input.date_format !== undefined && { dateFormat: input.date_format }),
    };
    await tx
      .insert(userSettings)
      .values({ userId, ...fields })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { ...fields, updatedAt: sql`now()` },
      });
  });
}

/**
 * Stores the choices that differ from the defaults and forgets those equal to them (D,
 * rule 1), in one transaction; turning off the in-app notice of a type that asks for action
 * is refused (rule 2).
 */
export async function updatePreferences(db: Database, userId: string, input: PreferencesInput) {
  const rows = input.preferences.map((choice, index) => {
    const spec: { email: boolean; inApp: boolean; inAppLocked?: true } =
      NOTIFICATION_TYPES[choice.type as NotificationType];
    if (spec.inAppLocked && !choice.in_app)
      throw invalidField(
        `preferences.${index}.in_app`,
        'This notice asks for action: it stays in the app.',
      );
    return { ...choice, differs: choice.email !== spec.email || choice.in_app !== spec.inApp };
  });
  const types = rows.map((row) => row.type);
  if (new Set(types).size !== types.length) {
    const index = types.findIndex((type, i) => types.indexOf(type) !== i);
    throw invalidField(`preferences.${index}.type`, 'Each type may be given once.');
  }
  await db.transaction(async (tx) => {
    if (types.length > 0)
      await tx
        .delete(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.userId, userId),
            inArray(notificationPreferences.type, types),
          ),
        );
    const stored = rows.filter((row) => row.differs);
    if (stored.length > 0)
      await tx
        .insert(notificationPreferences)
        .values(
          stored.map((row) => ({ userId, type: row.type, email: row.email, inApp: row.in_app })),
        );
  });
}
