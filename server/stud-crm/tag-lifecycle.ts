import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { studTags } from '@/db/schema';
import { notFound, registerUniqueField } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getTag } from './tag-queries';
import type { Tag, TagFields } from './tag-schema';

// Unique in the stud whatever the case (a concurrent request included): 422 on `name`.
registerUniqueField('stud_tags_name_key', 'name', 'The name has already been taken.');

const ofTag = (stud: Organization, tagId: string) =>
  and(eq(studTags.studId, stud.id), eq(studTags.id, tagId));

export async function createTag(db: Database, stud: Organization, input: TagFields): Promise<Tag> {
  const [row] = await db
    .insert(studTags)
    .values({ studId: stud.id, name: input.name, colour: input.colour })
    .returning({ id: studTags.id });
  return getTag(db, stud, row!.id);
}

/** The fields sent change. */
export async function updateTag(
  db: Database,
  stud: Organization,
  tagId: string,
  input: Partial<TagFields>,
): Promise<Tag> {
  const [row] = isUuid(tagId)
    ? await db
        .update(studTags)
        .set({ name: input.name, colour: input.colour, updatedAt: sql`now()` })
        .where(ofTag(stud, tagId))
        .returning({ id: studTags.id })
    : [];
  if (!row) throw notFound('Tag');
  return getTag(db, stud, row.id);
}

/** Deleting a tag takes it off its clients (the link rows cascade). */
export async function deleteTag(db: Database, stud: Organization, tagId: string): Promise<void> {
  const [row] = isUuid(tagId)
    ? await db.delete(studTags).where(ofTag(stud, tagId)).returning({ id: studTags.id })
    : [];
  if (!row) throw notFound('Tag');
}
