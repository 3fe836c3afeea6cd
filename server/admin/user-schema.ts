import { z } from 'zod';
import {
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  ROLES,
  USER_STATUSES,
} from '@/db/schema/identity-values';
import { PORTAL_LINK_STATUSES, PORTAL_RELATIONSHIPS } from '@/db/schema/progression-values';
import { pathId } from '../kernel/fields/params';
import { paginationInput } from '../kernel/trpc/pagination';

/** A user as a platform administrator lists and changes it. */

export { USER_STATUSES };

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string(),
  status: z.enum(USER_STATUSES),
  is_platform_admin: z.boolean(),
  /** Vouched for by an administrator: the user's seller profile shows verified (C.2). */
  verified: z.boolean(),
  issuer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users/{id}: the user with where they belong and what they have. */
export const adminUserDetailSchema = adminUserSchema.extend({
  memberships: z.array(
    z.object({
      organization: z.object({
        id: z.string(),
        name: z.string(),
        type: z.enum(ORGANIZATION_TYPES),
        status: z.enum(ORGANIZATION_STATUSES),
        verified: z.boolean(),
      }),
      role: z.enum(ROLES),
    }),
  ),
  /** The user's own marketplace seller profile (organizations' are their organizations'). */
  seller_profiles: z.array(z.object({ id: z.string() })),
  portal_links: z.array(
    z.object({
      id: z.string(),
      student_id: z.string(),
      school: z.object({ id: z.string(), name: z.string() }),
      relationship: z.enum(PORTAL_RELATIONSHIPS),
      status: z.enum(PORTAL_LINK_STATUSES),
    }),
  ),
  counts: z.object({
    memberships: z.number().int(),
    portal_links: z.number().int(),
    notifications: z.number().int(),
    unread_notifications: z.number().int(),
    access_code_redemptions: z.number().int(),
  }),
});

export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** GET /admin/users: a page, by name. */
export const userListInput = paginationInput(20).extend({
  search: z.string().trim().max(255).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

export type UserListInput = z.infer<typeof userListInput>;

export const userIdInput = z.object({ id: pathId });

/** PUT /admin/users/{id}. */
export const userUpdateInput = z.object({
  id: pathId,
  status: z.enum(USER_STATUSES).optional(),
  is_platform_admin: z.boolean().optional(),
  verified: z.boolean().optional(),
});

export type UserUpdateInput = z.infer<typeof userUpdateInput>;
