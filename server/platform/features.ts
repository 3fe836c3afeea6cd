import { z } from 'zod';
import { publicProcedure, router } from '../kernel/trpc/init';
import { readFeatures } from './feature-queries';
import { featuresSchema } from './feature-schema';

export const featuresRouter = router({
  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/features',
        protect: false,
        tags: ['General'],
        summary: 'Which features are switched on, for the UI',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: featuresSchema }))
    .query(async ({ ctx }) => ({ data: await readFeatures(ctx.db) })),
});
