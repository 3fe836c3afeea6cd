import { z } from 'zod';
import type { Database } from '@/db/client';
import { publicationMedia, publications } from '@/db/schema';
import { pathId } from '../kernel/fields/params';
import { router } from '../kernel/trpc/init';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_UPLOAD_BYTES } from '../media/media-file';
import { deleteMedia, uploadMedia, type Upload } from '../media/media-lifecycle';
import { findMedia, getMedia, listMedia, type MediaScope } from '../media/media-queries';
import {
  mediaFieldsFor,
  mediaIdInput,
  mediaPage,
  mediaSchema,
  subjectTogether,
} from '../media/media-schema';
import type { MediaSubject } from '../media/media-subjects';
import { openStoredFile, storedFile, storedFileOf } from '../media/stored-file';
import { mediaStore } from '../media/store';
import { attachListingImage } from './listing-images';
import { marketplaceProcedure } from './marketplace-procedure';
import { managedProfile } from './seller-access';

/** A listing's images: `subject_type: listing`, in order, up to the cap (listing-images.ts). */
export const listingImages: MediaSubject = {
  type: 'listing',
  label: 'listing',
  link: {
    table: publicationMedia,
    ownerId: publicationMedia.sellerProfileId,
    subjectId: publicationMedia.publicationId,
    mediaId: publicationMedia.mediaId,
  },
  target: { table: publications, ownerId: publications.sellerProfileId, id: publications.id },
  attach: attachListingImage,
};

const subjects = [listingImages];
const tags = ['Marketplace seller media'];
const MB = 1024 * 1024;
const path = '/marketplace/seller-profiles/{id}/media';
const profileInput = z.object({ id: pathId });
const oneInput = profileInput.extend(mediaIdInput.shape);
const fields = mediaFieldsFor(subjects.map((s) => s.type));
const one = z.object({ data: mediaSchema });

/** A seller profile's media, for its managers (404 unknown, 403 another's: managedProfile). */
const scopeOf = (profileId: string): MediaScope => ({
  owner: { kind: 'seller_profile', id: profileId },
  subjects,
  hidden: [],
  basePath: `/api${path.replace('{id}', profileId)}`,
});

async function managed(ctx: { db: Database; caller: { user: { id: string } } }, profileId: string) {
  return scopeOf((await managedProfile(ctx.db, ctx.caller.user.id, profileId)).id);
}

/**
 * The media of a seller profile (DESIGN-MODULES 0.4), the school media routes' contract:
 * listing images and the avatar are uploaded here.
 */
export const sellerMediaRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path,
        tags,
        summary: 'The profile’s files, newest first',
        description: 'Filter by a listing: `subject_type=listing&subject_id=…`.',
      },
    })
    .input(profileInput.extend(fields.list).superRefine(subjectTogether))
    .output(mediaPage)
    .query(async ({ ctx, input }) =>
      listMedia(ctx.db, await managed(ctx, input.id), input as never, ctx.url),
    ),

  create: marketplaceProcedure
    .meta({
      successStatus: 201,
      upload: { field: 'file', maxBytes: MAX_UPLOAD_BYTES, binary: true },
      openapi: {
        method: 'POST',
        path,
        tags,
        summary: 'Upload a photo (or a PDF)',
        description: `Multipart (\`file\` and the other fields as parts), or JSON with \`file\` in base64 within 1 MB. JPEG, PNG or WebP up to ${MAX_IMAGE_BYTES / MB} MB (metadata stripped), PDF up to ${MAX_PDF_BYTES / MB} MB; other types → 422 on \`file\`, larger → 413. With \`subject_type: listing\` and \`subject_id\` the image joins that listing of the profile, last (another profile’s listing → 422 on \`subject_id\`; a PDF or a 21st image → 422 on \`file\`; a sold, suspended or removed listing → 409; an active listing goes back to moderation). An avatar is uploaded without a subject, then named in the profile’s \`avatar_media_id\`.`,
      },
    })
    .input(profileInput.extend(fields.upload).superRefine(subjectTogether))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const scope = await managed(ctx, input.id);
      const store = mediaStore(ctx.config.mediaStore);
      const id = await uploadMedia(ctx.db, store, scope, input as Upload, ctx.caller.user.id);
      return { data: await getMedia(ctx.db, scope, id) };
    }),

  get: marketplaceProcedure
    .meta({
      openapi: { method: 'GET', path: `${path}/{mediaId}`, tags, summary: 'A file’s details' },
    })
    .input(oneInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getMedia(ctx.db, await managed(ctx, input.id), input.mediaId),
    })),

  content: marketplaceProcedure
    .meta({
      download: openStoredFile,
      openapi: {
        method: 'GET',
        path: `${path}/{mediaId}/content`,
        tags,
        summary: 'The file itself',
        description:
          'Sent with its stored type, `Content-Disposition: inline` and its file name, `X-Content-Type-Options: nosniff`.',
      },
    })
    .input(oneInput)
    .output(storedFile)
    .query(async ({ ctx, input }) => {
      // A download needs no subject: the lookup skips its subquery.
      const scope = { ...(await managed(ctx, input.id)), subjects: [] };
      return storedFileOf((await findMedia(ctx.db, scope, input.mediaId)).row);
    }),

  remove: marketplaceProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${path}/{mediaId}`,
        tags,
        summary: 'Delete a file',
        description: 'It leaves the listing it illustrated, and the avatar when it was one.',
      },
    })
    .input(oneInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const scope = await managed(ctx, input.id);
      await deleteMedia(ctx.db, mediaStore(ctx.config.mediaStore), scope, input.mediaId);
      return { message: 'Media deleted.' };
    }),
});
