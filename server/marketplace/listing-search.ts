import { router } from '../kernel/trpc/init';
import { listingPage, listingSearchInput, myListingsInput } from './listing-schema';
import { marketplaceProcedure } from './marketplace-procedure';
import { myListings, searchListings } from './search-queries';

const tags = ['Marketplace listings'];

/** The lists of listing cards (DESIGN-MODULES C.3): the search, and a seller's own listings. */
export const listingSearchRouter = router({
  search: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/listings',
        tags,
        summary: 'Search the active listings',
        description:
          'Paginated (24) cards of the active listings of active sellers. Filters: `q` (full text over title, breed, discipline and description, in English and Spanish, ignoring case and accents; web-search syntax: `"exact words"`, `or`, `-word`), `category_id` (the category and its children), `kind`, `min_price` and `max_price` (listings priced on request drop out; 422 when min > max), `state` and `city` (equal, ignoring case and accents), `seller_id` (a seller profile), `sale_mode`, and for horses `breed` and `discipline` (equal, ignoring case and accents), `sex`, `min_age` and `max_age` (years since `birth_year`, in UTC), `min_height` and `max_height` (cm). Sort `newest` (the default, with `q` too), `price_asc` or `price_desc` (no price last).',
      },
    })
    .input(listingSearchInput)
    .output(listingPage)
    .query(({ ctx, input }) => searchListings(ctx.db, ctx.caller.user.id, input, ctx.url)),

  mine: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/my/listings',
        tags,
        summary: 'My listings, in every state',
        description:
          'Paginated (24) cards of the listings of every seller profile the caller manages (their own, and those of organizations they own or manage), in any state but `removed`, last updated first. Filters: `status`, `seller_profile_id`.',
      },
    })
    .input(myListingsInput)
    .output(listingPage)
    .query(({ ctx, input }) => myListings(ctx.db, ctx.caller.user.id, input, ctx.url)),
});
