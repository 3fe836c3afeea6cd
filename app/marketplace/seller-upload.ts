import type { Media } from '@/server/media/media-schema';

/** The picture types the seller media route keeps as images, and their size limit (0.4). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The refusal's own words: a 422's field messages, else its message, else the status. */
function refusalOf(request: XMLHttpRequest): string {
  try {
    const answer = JSON.parse(request.responseText) as {
      message?: string;
      errors?: Record<string, string[]>;
      error?: { message?: string };
    };
    const fields = Object.values(answer.errors ?? {})
      .flat()
      .join(' ');
    return (
      fields || answer.message || answer.error?.message || `The upload failed (${request.status}).`
    );
  } catch {
    // Not JSON: the status says enough.
    return `The upload failed (${request.status}).`;
  }
}

/**
 * Sends one file to the seller profile's media route as multipart (C.2, 0.4), reporting the
 * share sent: `fetch` cannot tell upload progress, XMLHttpRequest can. With `subject` the file
 * joins it (a listing's photo); without, it stays loose until named (the avatar).
 */
export function uploadSellerMedia(
  profileId: string,
  file: File,
  {
    subject,
    onProgress,
  }: {
    subject?: { type: 'listing'; id: string };
    onProgress?: (share: number) => void;
  } = {},
): Promise<Media> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('file', file, file.name);
    if (subject) {
      body.append('subject_type', subject.type);
      body.append('subject_id', subject.id);
    }
    const request = new XMLHttpRequest();
    request.open('POST', `/api/marketplace/seller-profiles/${profileId}/media`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300)
        return reject(new Error(refusalOf(request)));
      try {
        resolve((JSON.parse(request.responseText) as { data: Media }).data);
      } catch {
        reject(new Error('The upload failed: the answer was unreadable.'));
      }
    };
    request.onerror = () => reject(new Error('The upload failed: the network is down.'));
    request.send(body);
  });
}
