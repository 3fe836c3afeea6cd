import { z } from 'zod';
import { MAX_VERIFICATION_DOCUMENTS, VERIFICATION_STATUSES } from '@/db/schema/admin-values';
import { ORGANIZATION_TYPES } from '@/db/schema/identity-values';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';

/*
 * An organization's request to be verified (DESIGN-MODULES E.2): the owners send who they
 * are with documents; a platform administrator approves or rejects it with a reason.
 * Client-safe (zod only).
 */

export { VERIFICATION_STATUSES };

export const verificationFields = z.object({
  legal_name: z.string().trim().min(1).max(255),
  tax_id: optionalText(64),
  registration_number: optionalText(64),
  address: optionalText(500),
  phone: optionalText(40),
  /** Media of the organization (uploaded through its media routes). */
  documents: z.array(z.uuid()).max(MAX_VERIFICATION_DOCUMENTS).default([]),
});

export type VerificationFields = z.infer<typeof verificationFields>;

export const verificationSchema = z.object({
  id: z.string(),
  organization: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(ORGANIZATION_TYPES),
    verified: z.boolean(),
  }),
  legal_name: z.string(),
  tax_id: z.string().nullable(),
  registration_number: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  documents: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      content_type: z.string(),
      size_bytes: z.number().int(),
    }),
  ),
  status: z.enum(VERIFICATION_STATUSES),
  decision_reason: z.string().nullable(),
  requested_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type VerificationRequest = z.infer<typeof verificationSchema>;

export const verificationIdInput = z.object({ id: pathId });

/** The admin queue: pending first, oldest first; `status` narrows it. */
export const verificationQueueFilters = paginationInput(20).extend({
  status: z.enum(VERIFICATION_STATUSES).optional(),
});

export type VerificationQueueFilters = z.infer<typeof verificationQueueFilters>;

export const rejectFields = z.object({ reason: z.string().trim().min(1).max(2000) });
export const approveFields = z.object({ reason: optionalText(2000) });
