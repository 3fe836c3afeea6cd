import { z } from 'zod';
import type { media } from '@/db/schema';
import type { Services } from '../kernel/trpc/context';
import type { FileAnswer } from '../kernel/trpc/init';
import { MEDIA_TYPES } from './media-schema';
import { mediaStore } from './store';

/** What a content route hands the file renderer: enough to find the bytes. */
export const storedFile = z.object({
  id: z.string(),
  content_type: z.enum(MEDIA_TYPES),
  filename: z.string(),
  size_bytes: z.number().int(),
  storage_key: z.string(),
});

export type StoredFile = z.infer<typeof storedFile>;

export const storedFileOf = (row: typeof media.$inferSelect): StoredFile => ({
  id: row.id,
  content_type: row.contentType as StoredFile['content_type'],
  filename: row.filename,
  size_bytes: row.sizeBytes,
  storage_key: row.storageKey,
});

/** A content route's `meta.download`: the stored bytes, shown inline. */
export const openStoredFile = (async (
  file: StoredFile,
  services: Services,
): Promise<FileAnswer> => {
  const body = await mediaStore(services.config.mediaStore).open(services.db, {
    mediaId: file.id,
    key: file.storage_key,
    contentType: file.content_type,
  });
  return {
    body,
    contentType: file.content_type,
    filename: file.filename,
    size: file.size_bytes,
    disposition: 'inline',
  };
}) as (output: never, services: Services) => Promise<FileAnswer>;
