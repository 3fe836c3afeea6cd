import { z } from 'zod';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_PUBLIC_STATUSES,
  CERTIFICATE_STATUSES,
} from '@/db/schema/progression-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';

/*
 * Certificates and their public verification (DESIGN-MODULES A.3) as the API takes and
 * answers them. Client-safe (zod only): the issue form validates with these.
 */

export { CERTIFICATE_KINDS, CERTIFICATE_PUBLIC_STATUSES, CERTIFICATE_STATUSES };

/** POST /certificates. A certificate is immutable once issued: there is no update. */
export const certificateFields = z.object({
  student_id: z.uuid(),
  title: z.string().trim().min(1).max(200),
  kind: z.enum(CERTIFICATE_KINDS),
  level_id: z.uuid().nullable().optional(),
  badge_id: z.uuid().nullable().optional(),
  competition_id: z.uuid().nullable().optional(),
  description: optionalText(2000),
  issued_on: calendarDateField.optional(),
  valid_until: calendarDateField.nullable().optional(),
  signed_by_name: optionalText(200),
});

export type CertificateFields = z.infer<typeof certificateFields>;

export const certificateIdInput = schoolIdInput.extend({ certificateId: pathId });

export const CERTIFICATES_PER_PAGE = 20;

/** GET /certificates filters; `status` also takes `expired`, derived from `valid_until`. */
export const certificateListFilters = paginationInput(CERTIFICATES_PER_PAGE).extend({
  student_id: z.uuid().optional(),
  kind: z.enum(CERTIFICATE_KINDS).optional(),
  status: z.enum(CERTIFICATE_PUBLIC_STATUSES).optional(),
});

export type CertificateListFilters = z.infer<typeof certificateListFilters>;

export const revokeFields = z.object({ reason: z.string().trim().min(1).max(1000) });

export const certificateSchema = z.object({
  id: z.string(),
  code: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  title: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  level_id: z.string().nullable(),
  badge_id: z.string().nullable(),
  competition_id: z.string().nullable(),
  description: z.string().nullable(),
  issued_on: z.string(),
  valid_until: z.string().nullable(),
  signed_by_name: z.string().nullable(),
  holder_name: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** Derived: `valid_until` lies before the school's today. */
  expired: z.boolean(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  issued_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  verify_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Certificate = z.infer<typeof certificateSchema>;

/** GET /api/public/certificates/{code}: only what the printed certificate shows. */
export const publicCertificateSchema = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_PUBLIC_STATUSES),
  title: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  holder_name: z.string(),
  issued_on: z.string(),
  valid_until: z.string().nullable(),
  revoked_at: z.string().nullable(),
  school: z.object({ name: z.string(), verified: z.boolean() }),
});

export type PublicCertificate = z.infer<typeof publicCertificateSchema>;
