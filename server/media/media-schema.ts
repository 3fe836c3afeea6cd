import { z } from 'zod';
import { MEDIA_TYPES } from '@/db/schema/media';
import { optionalText } from '../kernel/fields/record-fields';
import { pathId } from '../kernel/fields/params';
import { fieldMessage } from '../kernel/validation';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';

/*
 * Media as the API takes and answers them (DESIGN-MODULES 0.4). Client-safe (zod only): the
 * upload forms read the limits and types from here.
 */

export { MEDIA_TYPES };
export const ACCEPTED_FILES =
  '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

export const mediaSchema = z.object({
  id: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  content_type: z.enum(MEDIA_TYPES),
  size_bytes: z.number().int(),
  sha256: z.string(),
  filename: z.string(),
  caption: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  is_public: z.boolean(),
  /** The path of the content route, for an `<img>` or a download link. */
  url: z.string(),
  created_at: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaPage = paginatedSchema(mediaSchema);

/**
 * The fields of an upload and of the list filter, over the subject types an organization
 * kind links media to (none yet: media without a subject, such as a verification document).
 * Both go with `subjectTogether` once the path's fields are added.
 */
export function mediaFieldsFor(subjectTypes: readonly string[]) {
  const subject = subjectTypes.length
    ? {
        subject_type: z.enum(subjectTypes as [string, ...string[]]).optional(),
        subject_id: z.uuid().optional(),
      }
    : {};
  return {
    upload: {
      file: z.base64(fieldMessage('field must be a multipart file part, or base64 in JSON.')),
      filename: z.string().trim().min(1).max(200).optional(),
      caption: optionalText(500),
      ...subject,
    },
    list: { ...paginationInput(24).shape, ...subject },
  };
}

/** `subject_type` and `subject_id` come together or not at all. */
export function subjectTogether<T>(input: T, ctx: z.RefinementCtx) {
  const value = input as { subject_type?: string; subject_id?: string };
  if ((value.subject_type === undefined) === (value.subject_id === undefined)) return;
  const [missing, given] =
    value.subject_type === undefined
      ? ['subject_type', 'subject_id']
      : ['subject_id', 'subject_type'];
  ctx.addIssue({
    code: 'custom',
    path: [missing],
    message: `The ${missing.replace('_', ' ')} field is required with ${given.replace('_', ' ')}.`,
  });
}

export const mediaIdInput = z.object({ mediaId: pathId });
