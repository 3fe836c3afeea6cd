import { z } from 'zod';
import { DATE_FORMATS, LOCALES, NOTIFICATION_TYPE_NAMES } from '@/db/schema/notification-values';
import { pathId } from '../kernel/fields/params';
import { pageLinksSchema, pageMetaSchema, paginationInput } from '../kernel/trpc/pagination';
import { timezoneField } from '../organizations/schema';

/*
 * Notifications, the profile, its settings and the notification preferences as the API
 * takes and answers them (DESIGN-MODULES D). Client-safe (zod only): the profile page's
 * forms use these schemas.
 */

export { DATE_FORMATS, LOCALES, NOTIFICATION_TYPE_NAMES };

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  organization_id: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications: a page, newest first; `unread=true` for the unread ones only. */
export const notificationListInput = paginationInput(20).extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationListInput = z.infer<typeof notificationListInput>;

export const notificationPage = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ unread_count: z.number().int() }),
  links: pageLinksSchema,
});

export const notificationIdInput = z.object({ id: pathId });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const profileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /profile: the e-mail comes from the identity provider and is not taken here. */
export const profileInput = z.object({
  display_name: z.string().trim().min(1).max(120).optional(),
  phone: optionalText(40),
  /** An image address (https), shown as the user's picture. */
  avatar: z
    .url({ protocol: /^https$/ })
    .max(500)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  bio: optionalText(2000),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const settingsSchema = z.object({
  locale: z.enum(LOCALES),
  timezone: z.string().nullable(),
  default_organization_id: z.string().nullable(),
  date_format: z.enum(DATE_FORMATS),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsInput = z.object({
  locale: z.enum(LOCALES).optional(),
  timezone: timezoneField.nullable().optional(),
  default_organization_id: z.uuid().nullable().optional(),
  date_format: z.enum(DATE_FORMATS).optional(),
});
export type SettingsInput = z.infer<typeof settingsInput>;

export const preferenceSchema = z.object({
  type: z.string(),
  label: z.string(),
  email: z.boolean(),
  in_app: z.boolean(),
  in_app_locked: z.boolean(),
});
export type Preference = z.infer<typeof preferenceSchema>;

export const preferencesInput = z.object({
  preferences: z
    .array(
      z.object({ type: z.enum(NOTIFICATION_TYPE_NAMES), email: z.boolean(), in_app: z.boolean() }),
    )
    .max(NOTIFICATION_TYPE_NAMES.length),
});
export type PreferencesInput = z.infer<typeof preferencesInput>;
