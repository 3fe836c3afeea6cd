import { z } from 'zod';
import { ROLES } from '@/db/schema/identity-values';

/** A school in the signed-in user's list, with their role in it. Client-safe (zod only). */
export const schoolListItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  timezone: z.string(),
  currency: z.string(),
});

export type SchoolListItem = z.infer<typeof schoolListItem>;
