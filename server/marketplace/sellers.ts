import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { openStoredFile, storedFile } from '../media/stored-file';
import { marketplaceProcedure } from './marketplace-procedure';
import { getPublicSeller, publicAvatar } from './seller-profile-queries';
import { publicSellerSchema, sellerProfileIdInput } from './seller-profile-schema';

const tags = ['Marketplace sellers'];

/** A seller's public page (DESIGN-MODULES C.2), for every signed-in user. */
export const sellersRouter = router({
  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/sellers/{id}',
        tags,
        summary: 'A seller’s public profile and newest listings',
        description:
          '`id` is the profile’s id or slug. No contact e-mail; the phone only when the seller shows it. `listings` are the 24 newest active ones, `listings_total` all of them. A suspended seller is not found.',
      },
    })
    .input(sellerProfileIdInput)
    .output(z.object({ data: publicSellerSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getPublicSeller(ctx.db, ctx.caller.user.id, input.id, ctx.url),
    })),

  avatar: marketplaceProcedure
    .meta({
      download: openStoredFile,
      openapi: {
        method: 'GET',
        path: '/marketplace/sellers/{id}/avatar',
        tags,
        summary: 'A seller’s avatar, as the image itself',
        description: '404 when the seller has none (or is suspended).',
      },
    })
    .input(sellerProfileIdInput)
    .output(storedFile)
    .query(({ ctx, input }) => publicAvatar(ctx.db, input.id)),
});
