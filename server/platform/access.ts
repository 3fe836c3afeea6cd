import { z } from 'zod';
import { authedProcedure, router } from '../kernel/trpc/init';

/**
 * What the web UI may offer the signed-in person. tRPC only, not a REST route: the body of
 * GET /api/auth/me is fixed by the spec.
 */
export const accessRouter = router({
  get: authedProcedure
    .input(z.object({}))
    .output(z.object({ is_platform_admin: z.boolean() }))
    .query(({ ctx }) => ({ is_platform_admin: ctx.caller.isPlatformAdmin })),
});
