import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { activeCategoryTree } from './category-queries';
import { categoryTree } from './category-schema';
import { MARKETPLACE_TAG, marketplaceProcedure } from './marketplace-procedure';

/** The category tree users browse and list under (DESIGN-MODULES C.1). */
export const marketplaceCategoriesRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/categories',
        tags: [MARKETPLACE_TAG],
        summary: 'The category tree',
        description:
          'Active root categories by `position` then name, each with its active `children`. `listings_count` counts active listings (a root’s include its children’s).',
      },
    })
    .input(z.object({}))
    .output(categoryTree)
    .query(async ({ ctx }) => ({ data: await activeCategoryTree(ctx.db) })),
});
