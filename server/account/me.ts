import { z } from 'zod';
import { authedProcedure, router } from '../kernel/trpc/init';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  status: z.string(),
});

export const accountRouter = router({
  me: authedProcedure
    .meta({
      allowSuspended: true,
      openapi: {
        method: 'GET',
        path: '/auth/me',
        tags: ['Authentication'],
        summary: 'The signed-in user',
      },
    })
    .input(z.object({}))
    .output(currentUserSchema)
    .query(({ ctx }) => {
      const { user } = ctx.caller;
      return {
        id: user.id,
        email: user.email ?? '',
        display_name: user.displayName,
        status: user.status,
      };
    }),
});
