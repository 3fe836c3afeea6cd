import { z } from 'zod';
import { publicProcedure, router } from '../kernel/trpc/init';
import { checkIdentityProvider, serviceHealth } from './health-queries';
import { healthSchema, idpCheckSchema } from './health-schema';

export const healthRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        protect: false,
        tags: ['General'],
        summary: 'Service health',
      },
    })
    .input(z.object({}))
    .output(healthSchema)
    .query(async ({ ctx }) => serviceHealth(ctx.db)),

  testIdp: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/test-idp',
        protect: false,
        tags: ['General'],
        summary: "Checks that the identity provider's discovery document and key set answer",
        description: 'Answers 500 with the same body when the provider cannot be reached.',
      },
    })
    .input(z.object({}))
    .output(idpCheckSchema)
    .query(async ({ ctx }) => {
      const check = await checkIdentityProvider(ctx.db, ctx.config);
      if (!check.idp_connected) ctx.responseStatus = 500;
      return check;
    }),
});
