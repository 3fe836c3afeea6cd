import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { listingImagePath, marketplaceCurrencySql } from './listing-cards';
import type {
  ModerationDetail,
  ModerationItem,
  ModerationLogEntry,
  ModerationLogInput,
  ModerationQueueInput,
} from './moderation-schema';
import { SELLER_OWNER_JOIN, sellerActive, sellerVerified } from './seller-access';

/** Listings that a report about still waits for a decision (G.10), with a state left to judge. */
const REPORTABLE = sql`p.status not in ('removed', 'archived')`;

/** Each queue: which listings, when each joined it (`queued_at`), and in what order. */
const QUEUES: Record<ModerationQueueInput['status'], { where: SQL; queued: SQL; order: SQL }> = {
  // A submission (or a content edit of an active listing) is the last change of a pending one.
  pending: {
    where: sql`p.status = 'pending'`,
    queued: sql`p.updated_at`,
    order: sql`queued_at asc, id asc`,
  },
  reported: {
    where: sql`r.open_reports > 0 and ${REPORTABLE}`,
    queued: sql`r.oldest_report_at`,
    order: sql`queued_at asc, id asc`,
  },
  suspended: {
    where: sql`p.status = 'suspended'`,
    queued: sql`p.updated_at`,
    order: sql`queued_at desc, id desc`,
  },
  rejected: {
    where: sql`p.status = 'rejected'`,
    queued: sql`p.updated_at`,
    order: sql`queued_at desc, id desc`,
  },
};

/** The JSON of an image of the listing `p`: `media_id`, sizes and caption of alias `m`. */
const imageJson = (mediaId: SQL) =>
  sql`json_build_object('id', ${mediaId}, 'url', ${listingImagePath(sql`p.id`, mediaId)},
                        'width', m.width, 'height', m.height, 'caption', m.caption)`;

/** The fields of a queue item of the listing `p` (with `sp`, `so`, `su`, `c` and reports `r`). */
const itemFields = sql`
  p.id, p.title, p.status, p.status_reason, p.price::float8 as price, p.price_type,
  ${marketplaceCurrencySql} as currency,
  json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as category,
  json_build_object('id', sp.id, 'display_name', sp.display_name, 'slug', sp.slug,
                    'verified', ${sellerVerified}) as seller,
  (select ${imageJson(sql`pm.media_id`)}
     from publication_media pm join media m on m.id = pm.media_id
    where pm.publication_id = p.id
    order by pm.position, pm.media_id limit 1) as image,
  coalesce(r.open_reports, 0) as open_reports,
  coalesce(r.reasons, '[]'::json) as report_reasons,
  ${isoTimestampSql(sql`p.created_at`)} as created_at,
  ${isoTimestampSql(sql`p.updated_at`)} as updated_at`;

/** The open reports of the listing `p`: how many, the oldest, the reasons. */
const OPEN_REPORTS = sql`left join lateral (
    select count(*)::int as open_reports, min(lr.created_at) as oldest_report_at,
           json_agg(distinct lr.reason order by lr.reason) as reasons
      from listing_reports lr
     where lr.publication_id = p.id and lr.status = 'open') r on true`;

/** A page of a moderation queue and its total: one statement. */
export async function listModerationQueue(db: Database, input: ModerationQueueInput, url: URL) {
  const queue = QUEUES[input.status];
  const [rows, total] = await pageOfRows<ModerationItem>(
    db,
    sql`select ${itemFields}, ${isoTimestampSql(queue.queued)} as queued_at
          from publications p
          join seller_profiles sp on sp.id = p.seller_profile_id
          ${SELLER_OWNER_JOIN}
          join marketplace_categories c on c.id = p.category_id
          ${OPEN_REPORTS}
         where ${queue.where}`,
    queue.order,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

/** A decision of the log as the API answers it (`a`, with the admin `au` and listing `p`). */
const actionFields = sql`
  a.id, a.action, a.from_status, a.to_status, a.reason,
  case when au.id is null then null
       else json_build_object('id', au.id, 'display_name', au.display_name) end as admin,
  ${isoTimestampSql(sql`a.created_at`)} as created_at`;

/** The moderation log, newest first, of every listing or one: one statement. */
export async function listModerationActions(db: Database, input: ModerationLogInput, url: URL) {
  const [rows, total] = await pageOfRows<ModerationLogEntry & { at: string }>(
    db,
    sql`select ${actionFields},
               json_build_object('id', p.id, 'title', p.title) as publication,
               a.created_at as at
          from moderation_actions a
          join publications p on p.id = a.publication_id
          left join users au on au.id = a.admin_id
         where ${input.publication_id ? sql`a.publication_id = ${input.publication_id}` : sql`true`}`,
    sql`at desc, id desc`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(
    rows.map(({ at: _, ...action }) => action),
    total,
    input,
    url,
  );
}

/** One listing in any state, with its seller, open reports and history: one statement. */
export async function findModerationDetail(
  db: Database,
  id: string,
): Promise<ModerationDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<{ detail: ModerationDetail }>(
    db,
    sql`select json_build_object(
          'listing', (select to_jsonb(l) from (select ${itemFields},
              p.description, p.sale_mode, p.quantity,
              json_build_object('city', p.city, 'state', p.state, 'country', p.country) as location,
              p.attributes, p.horse_identity_id, p.suspended_from,
              coalesce((select json_agg(${imageJson(sql`pm.media_id`)} order by pm.position, pm.media_id)
                          from publication_media pm join media m on m.id = pm.media_id
                         where pm.publication_id = p.id), '[]'::json) as images,
              ${isoTimestampSql(sql`p.published_at`)} as published_at,
              ${isoTimestampSql(sql`p.expires_at`)} as expires_at) l),
          'seller', json_build_object(
              'id', sp.id, 'display_name', sp.display_name, 'slug', sp.slug,
              'verified', ${sellerVerified}, 'active', ${sellerActive},
              'location', json_build_object('city', sp.city, 'state', sp.state, 'country', sp.country),
              'phone', sp.phone, 'contact_email', sp.contact_email,
              'owner', case when so.id is not null
                then json_build_object('type', 'organization', 'id', so.id, 'name', so.name,
                       'email', null, 'status', so.status, 'verified', so.verified)
                else json_build_object('type', 'user', 'id', su.id, 'name', su.display_name,
                       'email', su.email, 'status', su.status, 'verified', su.verified) end),
          'open_reports', coalesce((
              select json_agg(json_build_object(
                       'id', lr.id, 'reason', lr.reason, 'details', lr.details,
                       'reporter', case when ru.id is null then null
                         else json_build_object('id', ru.id, 'display_name', ru.display_name) end,
                       'created_at', ${isoTimestampSql(sql`lr.created_at`)})
                     order by lr.created_at, lr.id)
                from listing_reports lr left join users ru on ru.id = lr.reporter_id
               where lr.publication_id = p.id and lr.status = 'open'), '[]'::json),
          'history', coalesce((
              select json_agg(to_jsonb(h) - 'at' order by h.at desc, h.id desc)
                from (select ${actionFields}, a.created_at as at
                        from moderation_actions a left join users au on au.id = a.admin_id
                       where a.publication_id = p.id) h), '[]'::json)
        ) as detail
          from publications p
          join seller_profiles sp on sp.id = p.seller_profile_id
          ${SELLER_OWNER_JOIN}
          join marketplace_categories c on c.id = p.category_id
          ${OPEN_REPORTS}
         where p.id = ${id}`,
  );
  return row?.detail ?? null;
}

export async function getModerationDetail(db: Database, id: string): Promise<ModerationDetail> {
  const detail = await findModerationDetail(db, id);
  if (!detail) throw notFound('Listing');
  return detail;
}

/** What the audit log keeps of a listing before and after a decision. */
export async function findModerationState(db: Database, id: string | null) {
  if (!id || !isUuid(id)) return null;
  const [row] = await queryRows<{
    id: string;
    status: string;
    status_reason: string | null;
    suspended_from: string | null;
    open_reports: number;
  }>(
    db,
    sql`select p.id, p.status, p.status_reason, p.suspended_from,
               (select count(*)::int from listing_reports lr
                 where lr.publication_id = p.id and lr.status = 'open') as open_reports
          from publications p where p.id = ${id}`,
  );
  return row ?? null;
}
