import { z } from 'zod';
import { ROLES } from '@/db/schema/identity-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';

/*
 * A member of a school as the API takes and answers it. Client-safe (zod only): the members
 * page takes its role list from here.
 */

export { ROLES };
export type Role = (typeof ROLES)[number];

export const MEMBER_STATUSES = ['active', 'invited'] as const;

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  user_id: z.string().nullable(),
  display_name: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Member = z.infer<typeof memberSchema>;

/** An invitation: POST /members. */
export const memberInput = z.object({
  email: z.email().max(255),
  role: z.enum(ROLES),
});

export type MemberInput = z.infer<typeof memberInput>;

export const memberIdInput = schoolIdInput.extend({ memberId: pathId });

/** What PUT /members/{memberId} changes. */
export const memberRoleInput = z.object({ role: z.enum(ROLES) });
