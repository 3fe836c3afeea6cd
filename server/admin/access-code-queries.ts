import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accessCodes } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows, withTotal } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { AccessCode, AccessCodeFilters, Redemption } from './access-code-schema';

export function toAccessCode(row: typeof accessCodes.$inferSelect): AccessCode {
  return {
    id: row.id,
    code_hint: row.codeHint,
    organization_type: row.organizationType,
    max_redemptions: row.maxRedemptions,
    redemptions_count: row.redemptionsCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    auto_verify: row.autoVerify,
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of codes, newest first. */
export async function listAccessCodes(db: Database, input: AccessCodeFilters, url: URL) {
  const filters: SQL[] = [];
  if (input.status) filters.push(eq(accessCodes.status, input.status));
  if (input.organization_type)
    filters.push(eq(accessCodes.organizationType, input.organization_type));
  const where = and(...filters);
  const [rows, total] = await withTotal(
    db
      .select()
      .from(accessCodes)
      .where(where)
      .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db,
    accessCodes,
    where,
  );
  return paginate(rows.map(toAccessCode), total, input, url);
}

/** One code (never the code itself); null when unknown. */
export async function findAccessCode(db: Database, id: string | null) {
  if (!id || !isUuid(id)) return null;
  const [row] = await db.select().from(accessCodes).where(eq(accessCodes.id, id));
  return row ? toAccessCode(row) : null;
}

export async function getAccessCode(db: Database, id: string): Promise<AccessCode> {
  const code = await findAccessCode(db, id);
  if (!code) throw notFound('Access code');
  return code;
}

/** Who redeemed a code, when, and which organization it made: oldest first, one statement. */
export async function listRedemptions(db: Database, id: string, page: PageRequest, url: URL) {
  await getAccessCode(db, id);
  const [rows, total] = await pageOfRows<Redemption>(
    db,
    sql`select r.id, ${isoTimestampSql(sql`r.created_at`)} as created_at,
               case when u.id is null then null
                    else json_build_object('id', u.id, 'display_name', u.display_name, 'email', u.email) end as "user",
               case when o.id is null then null
                    else json_build_object('id', o.id, 'name', o.name, 'type', o.type) end as organization
          from access_code_redemptions r
          left join users u on u.id = r.user_id
          left join organizations o on o.id = r.organization_id
         where r.access_code_id = ${id}`,
    sql`created_at, id`,
    { limit: page.per_page, offset: pageOffset(page) },
  );
  return paginate(rows, total, page, url);
}
