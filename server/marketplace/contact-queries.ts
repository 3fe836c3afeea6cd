import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Database } from '@/db/client';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import type { Contact, receivedContactsInput } from './contact-schema';
import { managedBy } from './seller-access';

/** The messages under `where` (over `lc`, the message) as the API answers them. */
function selectContacts(where: SQL): SQL {
  return sql`
  select lc.id, json_build_object('id', p.id, 'title', p.title) as listing,
         json_build_object('id', sp.id, 'display_name', sp.display_name) as seller,
         json_build_object('name', u.display_name, 'email', u.email) as sender,
         lc.message, lc.phone, ${isoTimestampSql(sql`lc.created_at`)} as created_at
    from listing_contacts lc
    join publications p on p.id = lc.publication_id
    join seller_profiles sp on sp.id = lc.seller_profile_id
    join users u on u.id = lc.sender_id
   where ${where}`;
}

async function contactPage(db: Database, where: SQL, page: PageRequest, url: URL) {
  const [rows, total] = await pageOfRows<Contact>(
    db,
    selectContacts(where),
    // The ISO texts sort as the times they write.
    sql`created_at desc, id desc`,
    { limit: page.per_page, offset: pageOffset(page) },
  );
  return paginate(rows, total, page, url);
}

/**
 * GET /contacts/received: messages to every seller profile the caller manages, newest
 * first; optionally of one profile or one listing.
 */
export function receivedContacts(
  db: Database,
  userId: string,
  input: z.infer<typeof receivedContactsInput>,
  url: URL,
) {
  const filters: SQL[] = [
    sql`lc.seller_profile_id in (select mine.id from seller_profiles mine
                                  where ${managedBy(userId, sql.raw('mine'))})`,
  ];
  if (input.seller_profile_id) filters.push(sql`lc.seller_profile_id = ${input.seller_profile_id}`);
  if (input.listing_id) filters.push(sql`lc.publication_id = ${input.listing_id}`);
  return contactPage(db, sql.join(filters, sql` and `), input, url);
}

/** GET /contacts/sent: the caller's own messages, newest first. */
export function sentContacts(db: Database, userId: string, page: PageRequest, url: URL) {
  return contactPage(db, sql`lc.sender_id = ${userId}`, page, url);
}

export async function getContact(db: Database, contactId: string): Promise<Contact> {
  const [row] = await queryRows<Contact>(db, selectContacts(sql`lc.id = ${contactId}`));
  return row!;
}
