import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { MEDIA_TYPES } from '@/db/schema/media';
import { AppError, invalidField } from '../kernel/errors';

type MediaType = (typeof MEDIA_TYPES)[number];

const MB = 1024 * 1024;

/** The largest file of each accepted type (DESIGN-MODULES 0.4). */
export const MAX_IMAGE_BYTES = 10 * MB;
export const MAX_PDF_BYTES = 20 * MB;
export const MAX_UPLOAD_BYTES = MAX_PDF_BYTES;

// PNG stays lossless: its `quality` would reduce it to a palette.
const IMAGE_FORMATS = {
  'image/jpeg': ['jpeg', { quality: 90 }],
  'image/png': ['png', {}],
  'image/webp': ['webp', { quality: 90 }],
} as const satisfies Partial<Record<MediaType, readonly [keyof sharp.FormatEnum, object]>>;

export type CleanFile = {
  contentType: MediaType;
  extension: string;
  bytes: Uint8Array;
  sha256: string;
  width: number | null;
  height: number | null;
};

const tooLarge = (what: string, limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `${what} may be at most ${limit / MB} MB.`);

/**
 * The bytes to keep of an upload. The type is read from the bytes themselves, never from the
 * name or a header; an image is decoded and written again in its own format, turned upright
 * by its EXIF orientation and without any metadata (camera, place, time: a photo of a child
 * must not tell where it was taken).
 */
export async function cleanUpload(bytes: Uint8Array): Promise<CleanFile> {
  if (bytes.length === 0) throw invalidField('file', 'The file is empty.');
  const sniffed = await fileTypeFromBuffer(bytes);
  const type = sniffed?.mime;
  if (type === 'application/pdf') {
    if (bytes.length > MAX_PDF_BYTES) throw tooLarge('A PDF', MAX_PDF_BYTES);
    return {
      contentType: type,
      extension: 'pdf',
      bytes,
      sha256: sha256(bytes),
      width: null,
      height: null,
    };
  }
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp')
    throw invalidField('file', 'The file must be a JPEG, PNG or WebP image or a PDF.');
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge('An image', MAX_IMAGE_BYTES);
  let image: { data: Buffer; info: sharp.OutputInfo };
  const [format, options] = IMAGE_FORMATS[type];
  try {
    image = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .toFormat(format, options)
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidField('file', 'The image could not be read.');
  }
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return {
    contentType: type,
    extension: sniffed!.ext,
    bytes: data,
    sha256: sha256(data),
    width: image.info.width,
    height: image.info.height,
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
