import { z } from 'zod';
import { paginationInput } from '../kernel/trpc/pagination';

/** One admin write as the audit log shows it. Client-safe (zod only). */
export const adminActionSchema = z.object({
  id: z.string(),
  actor: z
    .object({ id: z.string(), display_name: z.string(), email: z.string().nullable() })
    .nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});

export type AdminAction = z.infer<typeof adminActionSchema>;

/** GET /admin/audit-log: newest first, by subject (type, then id), actor or action. */
export const auditLogFilters = paginationInput(50).extend({
  subject_type: z.string().trim().min(1).max(64).optional(),
  subject_id: z.string().trim().min(1).max(255).optional(),
  actor_id: z.uuid().optional(),
  action: z.string().trim().min(1).max(128).optional(),
});

export type AuditLogFilters = z.infer<typeof auditLogFilters>;
