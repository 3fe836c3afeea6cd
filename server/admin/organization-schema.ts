import { z } from 'zod';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@/db/schema/identity-values';
import { currencyField, timezoneField } from '../organizations/schema';

/*
 * What a platform administrator sends to create or change an organization. Client-safe (zod
 * only): the admin organization forms check with it and take their value lists from here.
 */

export { ORGANIZATION_STATUSES, ORGANIZATION_TYPES };

export const createOrganizationInput = z.object({
  name: z.string().trim().min(1).max(255),
  type: z.enum(ORGANIZATION_TYPES),
  timezone: timezoneField.optional(),
  currency: currencyField.optional(),
  /**
   * The organization's first owner: a user known with that verified e-mail becomes the owner
   * at once, anyone else is invited (bound at their first sign-in with that verified e-mail).
   */
  owner_email: z.email().max(255).optional(),
});

export const updateOrganizationInput = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  timezone: timezoneField.optional(),
  currency: currencyField.optional(),
  verified: z.boolean().optional(),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
});
