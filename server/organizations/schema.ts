import { z } from 'zod';
import type { organizations } from '@/db/schema';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@/db/schema/identity-values';
import { isValidTimezone } from '../kernel/config';
import { fieldMessage } from '../kernel/validation';

export const timezoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    isValidTimezone,
    fieldMessage('field must be a valid IANA time zone (e.g. Europe/Madrid).'),
  );
export const currencyField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, fieldMessage('field must be a 3-letter ISO 4217 code.'))
  .transform((code) => code.toUpperCase());

export const organizationSchema = z.object({
  id: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  name: z.string(),
  timezone: z.string(),
  currency: z.string(),
  verified: z.boolean(),
  status: z.enum(ORGANIZATION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The profile its members read: a school's also says whether its waiting list is open. */
export const organizationProfileSchema = organizationSchema.extend({
  waitlist_open: z.boolean().optional(),
});

/** What an owner may change of their school's or stud's profile. */
export const organizationProfileInput = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  timezone: timezoneField.optional(),
  currency: currencyField.optional(),
});

/** A school's profile also opens and closes its public waiting list. */
export const schoolProfileInput = organizationProfileInput.extend({
  waitlist_open: z.boolean().optional(),
});

export type OrganizationProfile = z.infer<typeof schoolProfileInput>;

export const DEFAULT_CURRENCY = 'USD';

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrganizationRow): z.infer<typeof organizationSchema> {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    verified: row.verified,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An organization as its own members read it (GET and PUT /schools/{id}, /studs/{id}). */
export function toProfile(row: OrganizationRow): z.infer<typeof organizationProfileSchema> {
  return {
    ...toOrganization(row),
    ...(row.type === 'school' ? { waitlist_open: row.waitlistOpen } : {}),
  };
}
