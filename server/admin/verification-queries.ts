import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { VerificationQueueFilters, VerificationRequest } from './verification-schema';

/** Requests under `where` with their organization and documents, as the API answers them. */
function selectRequests(where: SQL): SQL {
  return sql`
    select v.id, v.legal_name, v.tax_id, v.registration_number, v.address, v.phone,
           v.status, v.decision_reason, v.requested_by,
           ${isoTimestampSql(sql`v.decided_at`)} as decided_at,
           ${isoTimestampSql(sql`v.created_at`)} as created_at,
           ${isoTimestampSql(sql`v.updated_at`)} as updated_at,
           json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'verified', o.verified)
             as organization,
           coalesce((select json_agg(json_build_object('id', m.id, 'filename', m.filename,
                                                       'content_type', m.content_type,
                                                       'size_bytes', m.size_bytes)
                                     order by d.position)
                       from verification_documents d
                       join media m on m.organization_id = d.organization_id and m.id = d.media_id
                      where d.request_id = v.id), '[]'::json) as documents,
           v.status = 'pending' as pending_first
      from verification_requests v join organizations o on o.id = v.organization_id
     where ${where}`;
}

type Row = VerificationRequest & { pending_first?: boolean };
const strip = ({ pending_first: _, ...request }: Row): VerificationRequest => request;

/** An organization's requests, newest first (a handful: one pending at a time). */
export async function listOrganizationRequests(db: Database, organizationId: string) {
  const rows = await queryRows<Row>(
    db,
    sql`${selectRequests(sql`v.organization_id = ${organizationId}`)} order by v.created_at desc, v.id desc`,
  );
  return rows.map(strip);
}

/** The admin queue: pending before decided, oldest first; one statement with the total. */
export async function listVerificationQueue(
  db: Database,
  input: VerificationQueueFilters,
  url: URL,
) {
  const [rows, total] = await pageOfRows<Row>(
    db,
    selectRequests(input.status ? sql`v.status = ${input.status}` : sql`true`),
    sql`pending_first desc, created_at, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(strip), total, input, url);
}

/** One request (within one organization when `organizationId` is given); null when unknown. */
export async function findVerificationRequest(
  db: Database,
  id: string | null,
  organizationId?: string,
): Promise<VerificationRequest | null> {
  if (!id || !isUuid(id)) return null;
  const scope = organizationId ? sql` and v.organization_id = ${organizationId}` : sql``;
  const [row] = await queryRows<Row>(db, selectRequests(sql`v.id = ${id}${scope}`));
  return row ? strip(row) : null;
}

export async function getVerificationRequest(db: Database, id: string, organizationId?: string) {
  const request = await findVerificationRequest(db, id, organizationId);
  if (!request) throw notFound('Verification request');
  return request;
}
