import { z } from 'zod';
import { ROLES } from '@/db/schema/identity-values';

/**
 * A school or stud in the signed-in user's list, with their role in it. Client-safe (zod
 * only).
 */
export const organizationListItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  timezone: z.string(),
  currency: z.string(),
});

export type OrganizationListItem = z.infer<typeof organizationListItem>;
