import { z } from 'zod';
import { MAX_LISTING_IMAGES } from '@/db/schema/marketplace-values';
import { pathId } from '../kernel/fields/params';
import type { Caller } from '../kernel/trpc/context';
import { router } from '../kernel/trpc/init';
import { openStoredFile, storedFile } from '../media/stored-file';
import { mediaStore } from '../media/store';
import { createListing, updateListing } from './listing-lifecycle';
import { getListing, listingImageFile, type Viewer } from './listing-queries';
import {
  listingCreateInput,
  listingIdInput,
  listingSchema,
  listingUpdateInput,
} from './listing-schema';
import {
  applySellerTransition,
  removeListing,
  submitListing,
  type SellerAction,
} from './listing-states';
import { marketplaceProcedure } from './marketplace-procedure';

const one = z.object({ data: listingSchema });
const tags = ['Marketplace listings'];

const viewerOf = (caller: Caller): Viewer => ({
  userId: caller.user.id,
  isAdmin: caller.isPlatformAdmin,
});

const WHO =
  'Its seller (the profile’s owner, or an owner or manager of its organization); anyone else gets a 404, or a 403 when the listing is active.';

/** An action route of C.3's table: one guarded UPDATE, a 409 naming the state otherwise. */
function sellerAction(action: SellerAction, path: string, summary: string, description: string) {
  return marketplaceProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `/marketplace/listings/{id}/${path}`,
        tags,
        summary,
        description: `${description} ${WHO}`,
      },
    })
    .input(listingIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await applySellerTransition(ctx.db, viewerOf(ctx.caller), input.id, action),
    }));
}

/** A seller's listings and their states (DESIGN-MODULES C.3). */
export const listingsRouter = router({
  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/listings/{id}',
        tags,
        summary: 'A listing',
        description:
          'Active listings of active sellers for every signed-in user; any state but `removed` for its seller and platform administrators; 404 otherwise. With its category, seller (the phone when the seller shows it), images in order, and `horse`: the horse identity with three generations of its pedigree.',
      },
    })
    .input(listingIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getListing(ctx.db, viewerOf(ctx.caller), input.id),
    })),

  create: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/listings',
        tags,
        summary: 'Create a listing (a draft)',
        description:
          "`seller_profile_id`: a profile you manage (403 otherwise), by default your personal one (422 when you have none). The category must be active; `attributes` are checked against its definitions (422 on `attributes.<name>`). `price` is required unless `price_type` is `on_request`; `sale_mode` defaults to `enquiry` for horses, stallion services and prices on request, `buy_now` otherwise. `service_ids`: public services of the seller's stud, for stallion-service listings. `location` defaults to the seller's. Images are uploaded with `POST /marketplace/seller-profiles/{id}/media` (`subject_type: listing`).",
      },
    })
    .input(listingCreateInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createListing(ctx.db, viewerOf(ctx.caller), input),
    })),

  update: marketplaceProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/marketplace/listings/{id}',
        tags,
        summary: 'Update a listing (fields given)',
        description: `In draft, pending, active, paused, expired or rejected (409 otherwise). On an active listing a change of title, description, category, attributes or images sends it back to moderation (\`pending\`); price, quantity, shipping, location and condition edits keep it active, and a quantity of 0 makes it \`sold\`. \`image_ids\` (up to ${MAX_LISTING_IMAGES}) orders the listing's images; those left out are deleted. ${WHO}`,
      },
    })
    .input(listingIdInput.extend(listingUpdateInput.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const store = mediaStore(ctx.config.mediaStore);
      return { data: await updateListing(ctx.db, store, viewerOf(ctx.caller), id, fields) };
    }),

  remove: marketplaceProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/marketplace/listings/{id}',
        tags,
        summary: 'Delete a listing',
        description: `A draft, rejected or expired listing is removed (kept for the moderation log, shown to nobody); other states: 409. ${WHO}`,
      },
    })
    .input(listingIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await removeListing(ctx.db, viewerOf(ctx.caller), input.id);
      return { message: 'Listing deleted.' };
    }),

  submit: marketplaceProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketplace/listings/{id}/submit',
        tags,
        summary: 'Submit a listing for publication',
        description: `A draft or rejected listing, complete (a price unless on request, a quantity, its category's required attributes: 422), goes to moderation (\`pending\`), or live at once when \`marketplace.require_listing_approval\` is off, or \`marketplace.auto_approve_verified\` is on and the seller verified: published now, expiring after \`marketplace.listing_days\`. ${WHO}`,
      },
    })
    .input(listingIdInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await submitListing(ctx.db, viewerOf(ctx.caller), input.id),
    })),

  pause: sellerAction('pause', 'pause', 'Pause a listing', 'An active listing leaves search.'),
  resume: sellerAction('resume', 'resume', 'Resume a listing', 'A paused listing is active again.'),
  markSold: sellerAction(
    'markSold',
    'mark-sold',
    'Mark a listing sold',
    'An active listing is sold.',
  ),
  renew: sellerAction(
    'renew',
    'renew',
    'Renew a listing',
    'An active or expired listing is active for `marketplace.listing_days` more days from now.',
  ),

  imageContent: marketplaceProcedure
    .meta({
      download: openStoredFile,
      openapi: {
        method: 'GET',
        path: '/marketplace/listings/{id}/images/{mediaId}/content',
        tags,
        summary: 'A listing image',
        description:
          'For whoever may see the listing (404 otherwise). Sent with its stored type, `Content-Disposition: inline` and `X-Content-Type-Options: nosniff`.',
      },
    })
    .input(listingIdInput.extend({ mediaId: pathId }))
    .output(storedFile)
    .query(({ ctx, input }) =>
      listingImageFile(ctx.db, viewerOf(ctx.caller), input.id, input.mediaId),
    ),
});
