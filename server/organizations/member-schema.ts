import { z } from 'zod';
import { SCHOOL_ROLES, STUD_ROLES } from '@/db/schema/identity-values';
import type { Role } from '../kernel/auth/permissions';
import { pathId } from '../kernel/fields/params';

/*
 * A member of an organization (a school, a stud) as the API takes and answers it, with the
 * roles of its kind. Client-safe (zod only): the members pages take their role lists here.
 */

export { SCHOOL_ROLES, STUD_ROLES };
export type { Role };
export type SchoolRole = (typeof SCHOOL_ROLES)[number];
export type StudRole = (typeof STUD_ROLES)[number];

export const MEMBER_STATUSES = ['active', 'invited'] as const;

/** The member schemas of a tenant kind whose roles are `roles`. */
export function memberSchemasFor<const R extends readonly [Role, ...Role[]]>(roles: R) {
  const role = z.enum(roles);
  return {
    roles,
    member: z.object({
      id: z.string(),
      email: z.string(),
      role,
      user_id: z.string().nullable(),
      display_name: z.string().nullable(),
      status: z.enum(MEMBER_STATUSES),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    /** An invitation: POST /members. */
    input: z.object({ email: z.email().max(255), role }),
    /** What PUT /members/{memberId} changes. */
    roleInput: z.object({ role }),
  };
}

export const schoolMembers = memberSchemasFor(SCHOOL_ROLES);
export const studMembers = memberSchemasFor(STUD_ROLES);

export type Member = Omit<z.infer<(typeof schoolMembers)['member']>, 'role'> & { role: Role };
export type MemberInput = { email: string; role: Role };

export const memberIdField = { memberId: pathId };
