import { z } from 'zod';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@/db/schema/identity-values';
import { paginationInput } from '../kernel/trpc/pagination';
import { currencyField, timezoneField } from '../organizations/schema';

/** An organization as a platform administrator creates, lists and changes it. */

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

export type CreateOrganizationInput = z.infer<typeof createOrganizationInput>;

export const updateOrganizationInput = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  timezone: timezoneField.optional(),
  currency: currencyField.optional(),
  verified: z.boolean().optional(),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
});

export type UpdateOrganizationInput = z.infer<typeof updateOrganizationInput>;

/** GET /admin/organizations: a page, by name. */
export const organizationListInput = paginationInput(20).extend({
  search: z.string().trim().max(255).optional(),
  type: z.enum(ORGANIZATION_TYPES).optional(),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
});

export type OrganizationListInput = z.infer<typeof organizationListInput>;
