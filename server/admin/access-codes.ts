import { z } from 'zod';
import { adminProcedure, authedProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { createAccessCode, redeemAccessCode, updateAccessCode } from './access-code-lifecycle';
import {
  findAccessCode,
  getAccessCode,
  listAccessCodes,
  listRedemptions,
} from './access-code-queries';
import {
  accessCodeFields,
  accessCodeFilters,
  accessCodeIdInput,
  accessCodeSchema,
  accessCodeUpdateFields,
  createdAccessCodeSchema,
  redeemedSchema,
  redeemFields,
  redemptionSchema,
} from './access-code-schema';

const tags = ['Administration: access codes'];
const audit = { subject: 'access_code', read: findAccessCode };
const one = z.object({ data: accessCodeSchema });

/** Platform administrators issue and manage access codes (DESIGN-MODULES E.4). */
export const adminAccessCodesRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/access-codes',
        tags,
        summary: 'Access codes, newest first',
      },
    })
    .input(accessCodeFilters)
    .output(paginatedSchema(accessCodeSchema))
    .query(({ ctx, input }) => listAccessCodes(ctx.db, input, ctx.url)),

  create: adminProcedure
    .meta({
      audit,
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/admin/access-codes',
        tags,
        summary: 'Issue a code',
        description:
          'The answer carries `code` this once: only its SHA-256 and last four characters (`code_hint`) are kept.',
      },
    })
    .input(accessCodeFields)
    .output(z.object({ data: createdAccessCodeSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await createAccessCode(ctx.db, input, ctx.caller.user.id),
    })),

  get: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/access-codes/{id}', tags, summary: 'One code' },
    })
    .input(accessCodeIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getAccessCode(ctx.db, input.id) })),

  update: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'PUT',
        path: '/admin/access-codes/{id}',
        tags,
        summary: 'Change the note, expiry, redemption limit or status',
        description: '`max_redemptions` below the redemptions made → 422.',
      },
    })
    .input(accessCodeIdInput.extend(accessCodeUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await updateAccessCode(ctx.db, id, changes),
    })),

  redemptions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/access-codes/{id}/redemptions',
        tags,
        summary: 'Who redeemed the code, when, and the organization it made',
      },
    })
    .input(accessCodeIdInput.extend(paginationInput(20).shape))
    .output(paginatedSchema(redemptionSchema))
    .query(({ ctx, input: { id, ...page } }) => listRedemptions(ctx.db, id, page, ctx.url)),
});

/** Any signed-in user turns a code into their own school or stud. */
export const accessCodeRedeemRouter = router({
  redeem: authedProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/access-codes/redeem',
        tags: ['Access codes'],
        summary: 'Redeem a code: a new organization of its type, owned by you',
        description:
          'Unknown, expired, disabled and used-up codes → the same 422 on `code`; five failures in 15 minutes → 429; a code you redeemed before → 409.',
      },
    })
    .input(redeemFields)
    .output(z.object({ message: z.string(), data: redeemedSchema }))
    .mutation(async ({ ctx, input }) => {
      const data = await redeemAccessCode(
        ctx.db,
        ctx.caller.user.id,
        input,
        ctx.config.appTimezone,
      );
      return { message: `${data.organization.name} is yours.`, data };
    }),
});
