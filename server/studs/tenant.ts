import { STUD_ROLES } from '@/db/schema/identity-values';
import type { TenantKind } from '../kernel/auth/permissions';
import { organizationIdInput } from '../kernel/fields/params';

/**
 * Studs (DESIGN-MODULES 0.1): organizations of type `stud`, under `/studs/{studId}`, whose
 * members are owners, managers, staff and viewers. The stud modules (herd, breeding,
 * contracts, finance, CRM) serve this tenant kind.
 */
export const stud = {
  kind: 'stud',
  collection: 'studs',
  param: 'studId',
  roles: STUD_ROLES,
  adminRole: 'owner',
} as const satisfies TenantKind;

/** `{ studId }`: the stud a route of the stud modules serves. */
export const studIdInput = organizationIdInput(stud.param);
