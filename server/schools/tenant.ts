import { ROLES, type TenantKind } from '../kernel/auth/permissions';

/**
 * Schools (DESIGN 4): organizations of type `school`, under `/schools/{schoolId}`, whose
 * members are owners, managers, instructors and viewers. The payments and competitions
 * modules serve this tenant kind too.
 */
export const school: TenantKind = {
  kind: 'school',
  collection: 'schools',
  param: 'schoolId',
  roles: ROLES,
  adminRole: 'owner',
};
