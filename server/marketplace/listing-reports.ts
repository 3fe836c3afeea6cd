import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { marketplaceProcedure } from './marketplace-procedure';
import { reportListing } from './report-lifecycle';
import { reportInput, reportSchema } from './report-schema';

const tags = ['Marketplace listings'];

/** Users' reports of listings, for the moderators (DESIGN-MODULES G.10, E.3). */
export const listingReportsRouter = router({
  create: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/listings/{id}/report',
        tags,
        summary: 'Report a listing to the moderators',
        description:
          "`reason`: spam, fraud, prohibited, wrong_category or other; `details` up to 2,000 characters, required for other. Active listings only (409; 404 when the caller cannot see it), not one's own (422), one open report per user and listing (409 on a second). The report joins the moderation queue (`?status=reported`).",
      },
    })
    .input(reportInput)
    .output(z.object({ data: reportSchema }))
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(async (tx) => ({ data: await reportListing(tx, ctx.caller, input) })),
    ),
});
