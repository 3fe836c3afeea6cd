import type { Media } from '@/server/media/media-schema';

/** A refused upload, shaped like a tRPC error so that `errorMessage` and the forms read it. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly data: { fieldErrors?: Record<string, string[]> },
  ) {
    super(message);
  }
}

/**
 * Sends a file to a media route (`/api/schools/{id}/media`) as multipart, as any client of
 * the API does: the tRPC link speaks JSON only, and a photo does not belong in a JSON body.
 * The session cookie signs the request in.
 */
export async function uploadMedia(
  path: string,
  file: File,
  fields: Record<string, string | undefined>,
): Promise<Media> {
  const body = new FormData();
  body.append('file', file, file.name);
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== '') body.append(name, value);
  const res = await fetch(path, { method: 'POST', body, credentials: 'same-origin' });
  const answer = (await res.json().catch(() => null)) as {
    data?: Media;
    message?: string;
    errors?: Record<string, string[]>;
    error?: { message: string };
  } | null;
  if (res.ok && answer?.data) return answer.data;
  const message = answer?.message ?? answer?.error?.message ?? `The upload failed (${res.status}).`;
  throw new UploadError(message, { fieldErrors: answer?.errors });
}
