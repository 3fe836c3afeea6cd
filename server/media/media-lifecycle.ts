import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { media } from '@/db/schema/media';
import { invalidField, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { cleanUpload } from './media-file';
import { ownerColumn, visibleIn, type MediaScope } from './media-queries';
import type { MediaStore } from './store';

export type Upload = {
  file: string;
  filename?: string;
  caption?: string | null;
  subject_type?: string;
  subject_id?: string;
};

/**
 * The name a download is offered under: the client's, without any directory, and ending in
 * the extension of the type the bytes really have.
 */
function downloadName(given: string | undefined, extension: string): string {
  const base = path.posix.basename((given ?? '').replaceAll('\\', '/')).trim();
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem.slice(0, 150)}.${extension}`;
}

/**
 * Stores an upload (sniffed, cleaned: media-file.ts) as one of the owner's media, linked to
 * its subject in the same transaction (by the subject's `attach` when it has one); answers
 * the new id. A subject the owner does not have is a 422 on `subject_id`, and nothing is kept.
 */
export async function uploadMedia(
  db: Database,
  store: MediaStore,
  scope: MediaScope,
  input: Upload,
  userId: string,
): Promise<string> {
  const file = await cleanUpload(Buffer.from(input.file, 'base64'));
  const subject = scope.subjects.find((s) => s.type === input.subject_type);
  const id = randomUUID();
  const { owner } = scope;
  const key = `${owner.id}/${id}.${file.extension}`;
  try {
    await db.transaction(async (tx) => {
      if (subject && input.subject_id) {
        const { target } = subject;
        // Held until commit, so the subject cannot go away before the link is written.
        const [found] = await tx
          .select({ id: target.id })
          .from(target.table)
          .where(and(eq(target.ownerId, owner.id), eq(target.id, input.subject_id)))
          .for('key share');
        if (!found) throw invalidField('subject_id', `The ${subject.label} was not found.`);
      }
      await tx.insert(media).values({
        id,
        ...(owner.kind === 'organization'
          ? { organizationId: owner.id }
          : { sellerProfileId: owner.id }),
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: file.sha256,
        store: store.kind,
        storageKey: key,
        filename: downloadName(input.filename, file.extension),
        caption: input.caption ?? null,
        width: file.width,
        height: file.height,
        createdBy: userId,
      });
      await store.put(tx, { mediaId: id, key, contentType: file.contentType }, file.bytes);
      if (subject?.attach && input.subject_id) {
        await subject.attach(tx, owner.id, input.subject_id, id);
      } else if (subject && input.subject_id) {
        const { link } = subject;
        await tx.execute(
          sql`insert into ${link.table} (${sql.identifier(link.ownerId.name)}, ${sql.identifier(link.subjectId.name)}, ${sql.identifier(link.mediaId.name)}) values (${owner.id}, ${input.subject_id}, ${id})`,
        );
      }
    });
  } catch (error) {
    await store.discard(key).catch(() => undefined);
    throw error;
  }
  return id;
}

/** Deletes one of the owner's media, its links and its bytes. */
export async function deleteMedia(
  db: Database,
  store: MediaStore,
  scope: MediaScope,
  mediaId: string,
): Promise<void> {
  const [row] = isUuid(mediaId)
    ? await db
        .delete(media)
        .where(and(eq(ownerColumn(scope), scope.owner.id), eq(media.id, mediaId), visibleIn(scope)))
        .returning({ key: media.storageKey, store: media.store })
    : [];
  if (!row) throw notFound('Media');
  // A bucket's object outlives a failed delete only as unreachable bytes: the row is gone.
  if (row.store === 's3') await store.discard(row.key).catch(() => undefined);
}
