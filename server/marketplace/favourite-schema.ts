import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { paginationInput } from '../kernel/trpc/pagination';
import { LISTINGS_PER_PAGE, listingCardSchema } from './listing-schema';

/* A user's favourite listings (DESIGN-MODULES C.4). Loads nothing but zod. */

export const favouritesInput = paginationInput(LISTINGS_PER_PAGE);

/** POST /favourites: a listing the caller can see. */
export const favouriteInput = z.object({ listing_id: z.uuid() });

export const favouriteIdInput = z.object({ listingId: pathId });

/** The favourite listing's card (`is_favourite` true, `favourites_count` counting it). */
export const favouriteAnswer = z.object({ data: listingCardSchema });
