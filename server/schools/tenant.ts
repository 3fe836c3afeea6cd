import { SCHOOL_ROLES } from '@/db/schema/identity-values';
import type { TenantKind } from '../kernel/auth/permissions';

/**
 * Schools (DESIGN 4): organizations of type `school`, under `/schools/{schoolId}`, whose
 * members are owners, managers, instructors and viewers. The payments and competitions
 * modules serve this tenant kind too.
 */
export const school = {
  kind: 'school',
  collection: 'schools',
  param: 'schoolId',
  roles: SCHOOL_ROLES,
  adminRole: 'owner',
} as const satisfies TenantKind;
