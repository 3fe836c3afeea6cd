import { z } from 'zod';
import { USER_STATUSES } from '@/db/schema/identity-values';
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
  issuer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users: a page, by name. */
export const userListInput = paginationInput(20).extend({
  search: z.string().trim().max(255).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

export type UserListInput = z.infer<typeof userListInput>;

/** PUT /admin/users/{id}. */
export const userUpdateInput = z.object({
  id: pathId,
  status: z.enum(USER_STATUSES).optional(),
  is_platform_admin: z.boolean().optional(),
});

export type UserUpdateInput = z.infer<typeof userUpdateInput>;
