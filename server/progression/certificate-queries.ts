import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { normalizeCode } from '../kernel/link-tokens';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Certificate, CertificateListFilters, PublicCertificate } from './certificate-schema';

/** Where anyone checks a certificate (the page its QR code opens), from its `code` column. */
export const verifyUrlSql = (appUrl: string, code: SQL) => sql`${`${appUrl}/verify/`} || ${code}`;

/** The school's certificates under `where`, as the API answers them (`today`: the school's). */
function selectCertificates(school: School, where: SQL, appUrl: string) {
  const today = todayIn(school.timezone);
  return sql`
  select c.id, c.code,
         json_build_object('id', s.id, 'full_name', s.first_name || ' ' || s.last_name) as student,
         c.title, c.kind, c.level_id, c.badge_id, c.competition_id, c.description,
         to_char(c.issued_on, 'YYYY-MM-DD') as issued_on,
         to_char(c.valid_until, 'YYYY-MM-DD') as valid_until,
         c.signed_by_name, c.holder_name, c.status,
         coalesce(c.valid_until < ${today}::date, false) as expired,
         ${isoTimestampSql(sql`c.revoked_at`)} as revoked_at, c.revoke_reason,
         case when c.issued_by is null then null
              else json_build_object('id', c.issued_by, 'name', u.display_name) end as issued_by,
         ${verifyUrlSql(appUrl, sql`c.code`)} as verify_url,
         ${isoTimestampSql(sql`c.created_at`)} as created_at, ${isoTimestampSql(sql`c.updated_at`)} as updated_at
    from certificates c
    join students s on s.school_id = c.school_id and s.id = c.student_id
    left join users u on u.id = c.issued_by
   where c.school_id = ${school.id} and ${where}`;
}

/** The certificates of the school, newest first: a page and the total, in one statement. */
export async function listCertificates(
  db: Database,
  school: School,
  input: CertificateListFilters,
  appUrl: string,
  url: URL,
) {
  const today = todayIn(school.timezone);
  const filters: SQL[] = [sql`true`];
  if (input.student_id) filters.push(sql`c.student_id = ${input.student_id}`);
  if (input.kind) filters.push(sql`c.kind = ${input.kind}`);
  if (input.status === 'revoked') filters.push(sql`c.status = 'revoked'`);
  if (input.status === 'valid')
    filters.push(sql`c.status = 'valid' and (c.valid_until is null or c.valid_until >= ${today})`);
  if (input.status === 'expired')
    filters.push(sql`c.status = 'valid' and c.valid_until < ${today}`);
  const [rows, total] = await pageOfRows<Certificate>(
    db,
    selectCertificates(school, sql.join(filters, sql` and `), appUrl),
    sql`issued_on desc, created_at desc, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

export async function getCertificate(
  db: Database,
  school: School,
  certificateId: string,
  appUrl: string,
): Promise<Certificate> {
  const [row] = isUuid(certificateId)
    ? await queryRows<Certificate>(
        db,
        selectCertificates(school, sql`c.id = ${certificateId}`, appUrl),
      )
    : [];
  if (!row) throw notFound('Certificate');
  return row;
}

/**
 * What anyone may learn from a certificate's code (DESIGN-MODULES A.3): only what is
 * printed, its status (`expired` from `valid_until` in the school's time zone), and the
 * school's name and verification. An unknown or malformed code is a 404.
 */
export async function verifyCertificate(db: Database, code: string): Promise<PublicCertificate> {
  const normalized = normalizeCode(code);
  const [row] = normalized
    ? await queryRows<PublicCertificate>(
        db,
        sql`
        select c.code,
               case when c.status = 'revoked' then 'revoked'
                    when c.valid_until < (now() at time zone o.timezone)::date then 'expired'
                    else 'valid' end as status,
               c.title, c.kind, c.holder_name,
               to_char(c.issued_on, 'YYYY-MM-DD') as issued_on,
               to_char(c.valid_until, 'YYYY-MM-DD') as valid_until,
               ${isoTimestampSql(sql`c.revoked_at`)} as revoked_at,
               json_build_object('name', o.name, 'verified', o.verified) as school
          from certificates c
          join organizations o on o.id = c.school_id
         where c.code = ${normalized}`,
      )
    : [];
  if (!row) throw notFound('Certificate');
  return row;
}
