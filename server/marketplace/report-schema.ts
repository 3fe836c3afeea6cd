import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '@/db/schema/marketplace-values';
import { optionalText } from '../kernel/fields/record-fields';
import { fieldMessage } from '../kernel/validation';
import { listingIdInput } from './listing-schema';

/* A user's report of a listing (DESIGN-MODULES G.10). Loads nothing but zod. */

/** POST /listings/{id}/report: `details` up to 2,000 characters, required for `other`. */
export const reportInput = listingIdInput
  .extend({ reason: z.enum(REPORT_REASONS), details: optionalText(2000) })
  .superRefine((report, ctx) => {
    if (report.reason === 'other' && !report.details)
      ctx.addIssue({
        code: 'custom',
        path: ['details'],
        message: fieldMessage('field is required when the reason is other.'),
      });
  });
export type ReportFields = z.infer<typeof reportInput>;

export const reportSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  /** Open until a moderation decision on the listing closes it. */
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
