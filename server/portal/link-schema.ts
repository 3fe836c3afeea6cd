import { z } from 'zod';
import { PORTAL_LINK_STATUSES, PORTAL_RELATIONSHIPS } from '@/db/schema/progression-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';

/*
 * Portal links (DESIGN-MODULES A.5) as staff make and read them. Client-safe (zod only): the
 * invitation form on the student page validates with these.
 */

export { PORTAL_LINK_STATUSES, PORTAL_RELATIONSHIPS };

/** At most this many live (invited or active) links per student (A.5 rule 3). */
export const MAX_LINKS_PER_STUDENT = 4;
/** A rider's own access from this age on the invitation day (G.6). */
export const SELF_ACCESS_AGE = 14;

export const portalAccessFields = z.object({
  email: z.email().max(255),
  relationship: z.enum(PORTAL_RELATIONSHIPS),
});

export type PortalAccessFields = z.infer<typeof portalAccessFields>;

export const portalLinkIdInput = schoolIdInput.extend({ studentId: pathId, linkId: pathId });

/**
 * A link as staff see it: who was invited and whether they signed in. Like a membership
 * invitation, it never says whether the e-mail has an account (issue 13).
 */
export const portalLinkSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  email: z.string(),
  relationship: z.enum(PORTAL_RELATIONSHIPS),
  status: z.enum(PORTAL_LINK_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type PortalLink = z.infer<typeof portalLinkSchema>;
