import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Tag } from './tag-schema';

const selectTags = (stud: Organization, where: SQL) => sql`
  select t.id, t.name, t.colour,
         (select count(*)::int from stud_client_tags ct
           where ct.stud_id = t.stud_id and ct.tag_id = t.id) as clients_count,
         ${isoTimestampSql(sql`t.created_at`)} as created_at,
         ${isoTimestampSql(sql`t.updated_at`)} as updated_at
    from stud_tags t
   where t.stud_id = ${stud.id} and ${where}
   order by lower(t.name), t.name, t.id`;

/** GET /tags: the stud's tags by name, with how many clients carry each, in one statement. */
export function listTags(db: Database, stud: Organization): Promise<Tag[]> {
  return queryRows<Tag>(db, selectTags(stud, sql`true`));
}

export async function getTag(db: Database, stud: Organization, tagId: string): Promise<Tag> {
  const [row] = isUuid(tagId)
    ? await queryRows<Tag>(db, selectTags(stud, sql`t.id = ${tagId}`))
    : [];
  if (!row) throw notFound('Tag');
  return row;
}
