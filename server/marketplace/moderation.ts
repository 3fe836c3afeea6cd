import { z } from 'zod';
import { adminProcedure, router } from '../kernel/trpc/init';
import { dismissReports, decideListing } from './moderation-lifecycle';
import {
  findModerationState,
  getModerationDetail,
  listModerationActions,
  listModerationQueue,
} from './moderation-queries';
import {
  moderationDetailSchema,
  moderationIdInput,
  moderationLogInput,
  moderationLogPage,
  moderationQueueInput,
  moderationQueuePage,
  moderationReasonInput,
} from './moderation-schema';

const tags = ['Administration: moderation'];
const audit = { subject: 'publication', read: findModerationState };
const one = z.object({ data: moderationDetailSchema });
const base = '/admin/moderation/publications';

/** The platform administrators' moderation of listings (DESIGN-MODULES E.3, G.10). */
export const adminModerationRouter = router({
  queue: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'A moderation queue of listings',
        description:
          '`pending` (default): oldest submission first; `reported`: listings with open reports, oldest report first; `suspended`, `rejected`: latest decision first.',
      },
    })
    .input(moderationQueueInput)
    .output(moderationQueuePage)
    .query(({ ctx, input }) => listModerationQueue(ctx.db, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${base}/{id}`,
        tags,
        summary: 'One listing in any state, its seller, open reports and moderation history',
      },
    })
    .input(moderationIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getModerationDetail(ctx.db, input.id) })),

  approve: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${base}/{id}/approve`,
        tags,
        summary: 'Approve a pending listing: it goes live for `marketplace.listing_days`',
        description: 'Not pending → 409; one’s own listing → 409. The seller is told.',
      },
    })
    .input(moderationIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideListing(
        ctx.db,
        { id: input.id, adminId: ctx.caller.user.id, action: 'approve', reason: null },
        ctx.config.appUrl,
      ),
    })),

  reject: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${base}/{id}/reject`,
        tags,
        summary: 'Reject a pending listing with a reason the seller is told',
        description: 'Not pending → 409. Closes its open reports as upheld.',
      },
    })
    .input(moderationReasonInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideListing(
        ctx.db,
        { id: input.id, adminId: ctx.caller.user.id, action: 'reject', reason: input.reason },
        ctx.config.appUrl,
      ),
    })),

  suspend: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${base}/{id}/suspend`,
        tags,
        summary: 'Suspend a listing with a reason: nobody but its seller sees it',
        description:
          'Sold, removed, archived or already suspended → 409. Closes its open reports as upheld; the seller is told.',
      },
    })
    .input(moderationReasonInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideListing(
        ctx.db,
        { id: input.id, adminId: ctx.caller.user.id, action: 'suspend', reason: input.reason },
        ctx.config.appUrl,
      ),
    })),

  reinstate: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${base}/{id}/reinstate`,
        tags,
        summary: 'Lift a suspension: the listing returns to the state it had',
        description: 'Not suspended → 409. The seller is told.',
      },
    })
    .input(moderationIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideListing(
        ctx.db,
        { id: input.id, adminId: ctx.caller.user.id, action: 'reinstate', reason: null },
        ctx.config.appUrl,
      ),
    })),

  dismissReports: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${base}/{id}/dismiss-reports`,
        tags,
        summary: 'Dismiss the open reports of a listing found fine: it leaves the reported queue',
        description: 'No open report → 409. The listing’s state does not change.',
      },
    })
    .input(moderationIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await dismissReports(ctx.db, input.id, ctx.caller.user.id),
    })),

  actions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/moderation/actions',
        tags,
        summary: 'The moderation log, newest first',
      },
    })
    .input(moderationLogInput)
    .output(moderationLogPage)
    .query(({ ctx, input }) => listModerationActions(ctx.db, input, ctx.url)),
});
