import { router } from '../kernel/trpc/init';
import { marketplaceProcedure } from './marketplace-procedure';
import { listStatements } from './statement-queries';
import { statementListInput, statementPage } from './statement-schema';

/** The manual driver's commission statements of a seller profile (DESIGN-MODULES C.2, C.7). */
export const sellerStatementsRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/seller-profiles/{id}/statements',
        tags: ['Marketplace sellers'],
        summary: 'Commission owed per month (manual driver)',
        description:
          'With payment by hand the buyer pays the seller, who owes the platform the commission of each completed sub-order, per month (UTC) of completion. Newest first: the current month as `open` (summed when read; absent without completed sub-orders), then the statements issued once each month closed. `sales_total` is items + shipping; amounts are without tax. Orders paid through a gateway are not counted (their commission is kept at payout). Readable by the profile’s user, or its organization’s owners and managers; any other profile, or a malformed id: 404.',
      },
    })
    .input(statementListInput)
    .output(statementPage)
    .query(({ ctx, input }) => listStatements(ctx.db, ctx.caller.user.id, input, ctx.url)),
});
