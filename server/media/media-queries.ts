import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { media } from '@/db/schema/media';
import { notFound } from '../kernel/errors';
import { pageOffset, paginate, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { Media } from './media-schema';
import type { MediaSubject } from './media-subjects';

type MediaRow = typeof media.$inferSelect;

/** The owner's column of `media` that a scope reads. */
export const ownerColumn = (scope: MediaScope) =>
  scope.owner.kind === 'organization' ? media.organizationId : media.sellerProfileId;

/** The subject a media row is linked to, `{type, id}` or null, by one scalar subquery. */
function subjectOf(scope: MediaScope): SQL<{ type: string; id: string } | null> {
  if (scope.subjects.length === 0) return sql`null::json`;
  const owner = ownerColumn(scope);
  const links = sql.join(
    scope.subjects.map(
      ({ type, link }) =>
        sql`select ${type}::text as type, ${link.subjectId} as id from ${link.table} where ${link.ownerId} = ${owner} and ${link.mediaId} = ${media.id}`,
    ),
    sql` union all `,
  );
  return sql`(select json_build_object('type', s.type, 'id', s.id) from (${links}) s limit 1)`;
}

/** Not linked to any of the subjects the caller may not see. */
export function visibleIn(scope: MediaScope): SQL | undefined {
  if (scope.hidden.length === 0) return undefined;
  const owner = ownerColumn(scope);
  return and(
    ...scope.hidden.map(
      ({ link }) =>
        sql`not exists (select 1 from ${link.table} where ${link.ownerId} = ${owner} and ${link.mediaId} = ${media.id})`,
    ),
  );
}

/** The media of one subject. */
function linkedTo(scope: MediaScope, subject: MediaSubject, subjectId: string): SQL {
  const { link } = subject;
  return sql`exists (select 1 from ${link.table} where ${link.ownerId} = ${ownerColumn(scope)} and ${link.mediaId} = ${media.id} and ${link.subjectId} = ${subjectId})`;
}

export function toMedia(
  row: MediaRow,
  subject: { type: string; id: string } | null,
  contentPath: string,
): Media {
  return {
    id: row.id,
    subject_type: subject?.type ?? null,
    subject_id: subject?.id ?? null,
    content_type: row.contentType as Media['content_type'],
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    filename: row.filename,
    caption: row.caption,
    width: row.width,
    height: row.height,
    is_public: row.isPublic,
    url: `${contentPath}/${row.id}/content`,
    created_at: row.createdAt.toISOString(),
  };
}

export type MediaScope = {
  /** Whose media: an organization's (`media.organization_id`) or a seller profile's. */
  owner: { kind: 'organization' | 'seller_profile'; id: string };
  subjects: readonly MediaSubject[];
  /** Subjects whose media the caller may not see (their resource's `.view`): left out. */
  hidden: readonly MediaSubject[];
  /** `/api/schools/{id}/media`: where each item's `url` points. */
  basePath: string;
};

/** The owner's media, newest first, optionally of one subject: two statements. */
export async function listMedia(
  db: Database,
  scope: MediaScope,
  filter: PageRequest & { subject_type?: string; subject_id?: string },
  url: URL,
) {
  const subject = scope.subjects.find((s) => s.type === filter.subject_type);
  const where = and(
    eq(ownerColumn(scope), scope.owner.id),
    subject && filter.subject_id ? linkedTo(scope, subject, filter.subject_id) : undefined,
    visibleIn(scope),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: media, subject: subjectOf(scope) })
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(media)
      .where(where),
  ]);
  return paginate(
    rows.map(({ row, subject }) => toMedia(row, subject, scope.basePath)),
    count?.total ?? 0,
    filter,
    url,
  );
}

/** One of the owner's media with its subject, or 404 (another's included). */
export async function findMedia(db: Database, scope: MediaScope, mediaId: string) {
  const [found] = isUuid(mediaId)
    ? await db
        .select({ row: media, subject: subjectOf(scope) })
        .from(media)
        .where(and(eq(ownerColumn(scope), scope.owner.id), eq(media.id, mediaId), visibleIn(scope)))
    : [];
  if (!found) throw notFound('Media');
  return found;
}

export async function getMedia(db: Database, scope: MediaScope, mediaId: string): Promise<Media> {
  const { row, subject } = await findMedia(db, scope, mediaId);
  return toMedia(row, subject, scope.basePath);
}
