import { z } from 'zod';

/**
 * Path parameters of school routes. Ids in the path are plain strings: the school guard
 * answers 403 and record lookups 404 for a malformed one (DESIGN 4), never 422.
 */
export const schoolIdInput = z.object({ schoolId: z.string() });

export const pathId = z.string().max(100);

/** The input naming the organization of a tenant kind's route: `{ schoolId }`, `{ studId }`. */
export function organizationIdInput<const P extends string>(param: P) {
  return z.object({ [param]: z.string() } as { [K in P]: z.ZodString });
}
