import { z } from 'zod';
import {
  canIn,
  tenantPrefix,
  type Permission,
  type Role,
  type TenantKind,
} from '../kernel/auth/permissions';
import { forbidden } from '../kernel/errors';
import { organizationIdInput } from '../kernel/fields/params';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_UPLOAD_BYTES } from './media-file';
import { deleteMedia, uploadMedia, type Upload } from './media-lifecycle';
import { findMedia, getMedia, listMedia, type MediaScope } from './media-queries';
import {
  mediaFieldsFor,
  mediaIdInput,
  mediaPage,
  mediaSchema,
  subjectTogether,
} from './media-schema';
import type { MediaSubject } from './media-subjects';
import { openStoredFile, storedFile, storedFileOf } from './stored-file';
import { mediaStore } from './store';

const MB = 1024 * 1024;

// The generic `param` leaves the inputs' types opaque in here (they are exact for callers).
type MediaId = { mediaId: string };

/**
 * The media routes of one tenant kind (`/schools/{schoolId}/media`, `/studs/{studId}/media`,
 * DESIGN-MODULES 0.4) over the subjects it links media to.
 */
export function mediaRouterFor<const P extends string>(
  tenant: TenantKind & { param: P },
  tag: string,
  subjects: readonly MediaSubject[],
) {
  const { kind } = tenant;
  const path = `${tenantPrefix(tenant)}/media` as const;
  const organizationInput = organizationIdInput(tenant.param);
  const fields = mediaFieldsFor(subjects.map((s) => s.type));
  const oneInput = organizationInput.extend(mediaIdInput.shape);
  const procedure = (permission: string) => organizationProcedure(kind, permission as Permission);
  const one = z.object({ data: mediaSchema });
  const subjectList = subjects.length
    ? `\`subject_type\` is one of ${subjects.map((s) => `\`${s.type}\``).join(', ')}, with \`subject_id\`.`
    : 'No record of this kind takes media yet: leave `subject_type` and `subject_id` out.';
  /** The caller's view: media of subjects whose resource they cannot view are not theirs to see. */
  const scopeOf = (organizationId: string, role: Role): MediaScope => ({
    owner: { kind: 'organization', id: organizationId },
    subjects,
    hidden: subjects.filter((s) => s.resource && !canIn(kind, role, `${s.resource}.view`)),
    basePath: `/api/${tenant.collection}/${organizationId}/media`,
  });

  return router({
    list: procedure('media.view')
      .meta({
        openapi: {
          method: 'GET',
          path,
          tags: [tag],
          summary: 'Files, newest first',
          description: `Filter by a subject: ${subjectList}`,
        },
      })
      .input(organizationInput.extend(fields.list).superRefine(subjectTogether))
      .output(mediaPage)
      .query(async ({ ctx, input }) =>
        listMedia(ctx.db, scopeOf(ctx.organization.id, ctx.role), input as never, ctx.url),
      ),

    create: procedure('media.create')
      .meta({
        successStatus: 201,
        upload: { field: 'file', maxBytes: MAX_UPLOAD_BYTES, binary: true },
        openapi: {
          method: 'POST',
          path,
          tags: [tag],
          summary: 'Upload a photo or a PDF',
          description: `Multipart (\`file\` and the other fields as parts); a small file may come in JSON with \`file\` in base64, within the 1 MB of a JSON body. The type is read from the bytes: JPEG, PNG or WebP up to ${MAX_IMAGE_BYTES / MB} MB (decoded and written again without metadata), PDF up to ${MAX_PDF_BYTES / MB} MB; any other type is a 422 on \`file\`, a larger file a 413. ${subjectList}`,
        },
      })
      .input(organizationInput.extend(fields.upload).superRefine(subjectTogether))
      .output(one)
      .mutation(async ({ ctx, input }) => {
        const scope = scopeOf(ctx.organization.id, ctx.role);
        const subject = subjects.find((s) => s.type === (input as Upload).subject_type);
        if (subject?.resource && !canIn(kind, ctx.role, `${subject.resource}.edit`))
          throw forbidden();
        const store = mediaStore(ctx.config.mediaStore);
        const id = await uploadMedia(ctx.db, store, scope, input as Upload, ctx.caller.user.id);
        return { data: await getMedia(ctx.db, scope, id) };
      }),

    get: procedure('media.view')
      .meta({
        openapi: {
          method: 'GET',
          path: `${path}/{mediaId}`,
          tags: [tag],
          summary: 'A file’s details',
        },
      })
      .input(oneInput)
      .output(one)
      .query(async ({ ctx, input }) => ({
        data: await getMedia(
          ctx.db,
          scopeOf(ctx.organization.id, ctx.role),
          (input as MediaId).mediaId,
        ),
      })),

    content: procedure('media.view')
      .meta({
        download: openStoredFile,
        openapi: {
          method: 'GET',
          path: `${path}/{mediaId}/content`,
          tags: [tag],
          summary: 'The file itself',
          description:
            'Sent with its stored type, `Content-Disposition: inline` and its file name, `X-Content-Type-Options: nosniff`.',
        },
      })
      .input(oneInput)
      .output(storedFile)
      .query(async ({ ctx, input }) => {
        // A download needs no subject: the lookup skips its subquery.
        const scope = { ...scopeOf(ctx.organization.id, ctx.role), subjects: [] };
        const { row } = await findMedia(ctx.db, scope, (input as MediaId).mediaId);
        return storedFileOf(row);
      }),

    remove: procedure('media.delete')
      .meta({
        openapi: {
          method: 'DELETE',
          path: `${path}/{mediaId}`,
          tags: [tag],
          summary: 'Delete a file',
        },
      })
      .input(oneInput)
      .output(z.object({ message: z.string() }))
      .mutation(async ({ ctx, input }) => {
        const store = mediaStore(ctx.config.mediaStore);
        await deleteMedia(
          ctx.db,
          store,
          scopeOf(ctx.organization.id, ctx.role),
          (input as MediaId).mediaId,
        );
        return { message: 'Media deleted.' };
      }),
  });
}
