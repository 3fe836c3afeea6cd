import { z } from 'zod';
import { ACCESS_CODE_STATUSES } from '@/db/schema/admin-values';
import { ORGANIZATION_TYPES, ROLES } from '@/db/schema/identity-values';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { currencyField, timezoneField } from '../organizations/schema';

/*
 * Access codes (DESIGN-MODULES E.4): a licence to a module that creates an organization of
 * its type, owned by whoever redeems it. Client-safe (zod only).
 */

export { ACCESS_CODE_STATUSES };

export const accessCodeSchema = z.object({
  id: z.string(),
  /** The code's last four characters: the code itself is shown once, when it is created. */
  code_hint: z.string(),
  organization_type: z.enum(ORGANIZATION_TYPES),
  max_redemptions: z.number().int(),
  redemptions_count: z.number().int(),
  expires_at: z.string().nullable(),
  auto_verify: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(ACCESS_CODE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type AccessCode = z.infer<typeof accessCodeSchema>;

/** POST /admin/access-codes answers the code, this once. */
export const createdAccessCodeSchema = accessCodeSchema.extend({ code: z.string() });

const maxRedemptions = z.number().int().min(1).max(100_000);
const expiresAt = z.iso.datetime({ offset: true });

export const accessCodeFields = z.object({
  organization_type: z.enum(ORGANIZATION_TYPES),
  max_redemptions: maxRedemptions.optional(),
  expires_at: expiresAt.nullable().optional(),
  auto_verify: z.boolean().optional(),
  note: optionalText(500),
});

export type AccessCodeFields = z.infer<typeof accessCodeFields>;

/** PUT /admin/access-codes/{id}: the type and the code itself never change. */
export const accessCodeUpdateFields = z.object({
  note: optionalText(500),
  expires_at: expiresAt.nullable().optional(),
  max_redemptions: maxRedemptions.optional(),
  status: z.enum(ACCESS_CODE_STATUSES).optional(),
});

export type AccessCodeUpdate = z.infer<typeof accessCodeUpdateFields>;

export const accessCodeIdInput = z.object({ id: pathId });

export const accessCodeFilters = paginationInput(20).extend({
  status: z.enum(ACCESS_CODE_STATUSES).optional(),
  organization_type: z.enum(ORGANIZATION_TYPES).optional(),
});

export type AccessCodeFilters = z.infer<typeof accessCodeFilters>;

export const redemptionSchema = z.object({
  id: z.string(),
  user: z
    .object({ id: z.string(), display_name: z.string(), email: z.string().nullable() })
    .nullable(),
  organization: z
    .object({ id: z.string(), name: z.string(), type: z.enum(ORGANIZATION_TYPES) })
    .nullable(),
  created_at: z.string(),
});

export type Redemption = z.infer<typeof redemptionSchema>;

/** POST /access-codes/redeem: the code as typed, and the new organization's profile. */
export const redeemFields = z.object({
  code: z.string().max(64),
  organization: z.object({
    name: z.string().trim().min(1).max(255),
    timezone: timezoneField.optional(),
    currency: currencyField.optional(),
  }),
});

export type RedeemFields = z.infer<typeof redeemFields>;

export const redeemedSchema = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(ORGANIZATION_TYPES),
    role: z.enum(ROLES),
  }),
});
