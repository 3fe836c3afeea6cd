import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { addFavourite, removeFavourite } from './favourite-lifecycle';
import { listFavourites, listingCard } from './favourite-queries';
import {
  favouriteAnswer,
  favouriteIdInput,
  favouriteInput,
  favouritesInput,
} from './favourite-schema';
import { listingPage } from './listing-schema';
import { marketplaceProcedure } from './marketplace-procedure';

const tags = ['Marketplace favourites'];

/** A user's favourite listings (DESIGN-MODULES C.4). */
export const favouritesRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/favourites',
        tags,
        summary: 'My favourite listings, newest favourite first',
        description:
          'Paginated (24) listing cards. A favourite shows while its listing can be opened by the caller: active listings of active sellers, and listings the caller manages. One that is paused, sold, expired, back in moderation or of a suspended seller is kept, hidden, and shows again when the listing returns.',
      },
    })
    .input(favouritesInput)
    .output(listingPage)
    .query(({ ctx, input }) => listFavourites(ctx.db, ctx.caller.user.id, input, ctx.url)),

  add: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/favourites',
        tags,
        summary: 'Save a listing as a favourite',
        description:
          "201 with the listing's card when added, 200 when it already was a favourite. The listing must be active (409) and one the caller can see (404); one's own may be saved.",
      },
    })
    .input(favouriteInput)
    .output(favouriteAnswer)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(async (tx) => {
        const { added } = await addFavourite(tx, ctx.caller, input.listing_id);
        if (!added) ctx.setResponseStatus(200);
        return { data: await listingCard(tx, ctx.caller.user.id, input.listing_id, ctx.url) };
      }),
    ),

  remove: marketplaceProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/marketplace/favourites/{listingId}',
        tags,
        summary: 'Remove a favourite',
        description: "Whatever the listing's state now; 404 when it is not a favourite.",
      },
    })
    .input(favouriteIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await removeFavourite(ctx.db, ctx.caller.user.id, input.listingId);
      return { message: 'Removed from favourites.' };
    }),
});
