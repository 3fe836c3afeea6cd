import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { marketplaceProcedure } from './marketplace-procedure';
import { startPayoutOnboarding } from './payout-onboarding';
import { createSellerProfile, updateSellerProfile } from './seller-profile-lifecycle';
import { getSellerProfile, listSellerProfiles } from './seller-profile-queries';
import {
  sellerProfileCreateFields,
  sellerProfileIdInput,
  sellerProfileSchema,
  sellerProfileUpdateFields,
} from './seller-profile-schema';

const tags = ['Marketplace sellers'];
const one = z.object({ data: sellerProfileSchema });

/** The shops a user runs: their own and their organizations' (DESIGN-MODULES C.2). */
export const sellerProfilesRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/seller-profiles',
        tags,
        summary: 'Your seller profiles',
        description:
          'Your personal one first, then those of the organizations where you are an owner or manager.',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(sellerProfileSchema) }))
    .query(async ({ ctx }) => ({ data: await listSellerProfiles(ctx.db, ctx.caller.user.id) })),

  create: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/seller-profiles',
        tags,
        summary: 'Open a seller profile',
        description:
          'Yours, or with `organization_id` one of an organization where you are an owner or manager (403 otherwise; 409 while it is suspended). One per user and one per organization (409). `display_name` defaults to the owner’s name; the slug is made from it.',
      },
    })
    .input(sellerProfileCreateFields)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createSellerProfile(ctx.db, ctx.caller.user.id, input),
    })),

  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/seller-profiles/{id}',
        tags,
        summary: 'One of your seller profiles',
        description:
          'Profiles you do not manage are not found; their public page is `/marketplace/sellers/{id}`.',
      },
    })
    .input(sellerProfileIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getSellerProfile(ctx.db, ctx.caller.user.id, input.id),
    })),

  update: marketplaceProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/marketplace/seller-profiles/{id}',
        tags,
        summary: 'Update a seller profile (fields given)',
        description:
          '`slug` is unique (422); `avatar_media_id` names an image among the profile’s media (422 otherwise), null removes it; `contact_email` null sends buyers’ messages to the owner’s address.',
      },
    })
    .input(sellerProfileIdInput.extend(sellerProfileUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await updateSellerProfile(ctx.db, ctx.caller.user.id, id, changes),
    })),

  payoutOnboarding: marketplaceProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketplace/seller-profiles/{id}/payout-onboarding',
        tags,
        summary: 'Connect the profile’s payouts at the payment gateway',
        description:
          'By its managers (403 otherwise). Creates the seller’s account at the gateway on first use (`payout_status` pending) and answers the gateway’s onboarding link; the gateway’s webhook sets `payout_status` (active, restricted) afterwards. With the manual driver → 409 (buyers pay sellers directly). The gateway unreachable → 503.',
      },
    })
    .input(sellerProfileIdInput)
    .output(z.object({ data: z.object({ url: z.string() }) }))
    .mutation(async ({ ctx, input }) => ({
      data: await startPayoutOnboarding(ctx.db, ctx.config, ctx.caller.user.id, input.id),
    })),
});
