import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { organizations } from '@/db/schema';
import { escapeLike, withTotal } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { toOrganization } from '../organizations/schema';
import type { OrganizationListInput } from './organization-schema';

/** A page of every organization by name; `search` matches the name. */
export async function listOrganizations(db: Database, input: OrganizationListInput, url: URL) {
  const filters: SQL[] = [];
  if (input.search) filters.push(ilike(organizations.name, `%${escapeLike(input.search)}%`));
  if (input.type) filters.push(eq(organizations.type, input.type));
  if (input.status) filters.push(eq(organizations.status, input.status));
  const where = and(...filters);
  const [rows, total] = await withTotal(
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db,
    organizations,
    where,
  );
  return paginate(rows.map(toOrganization), total, input, url);
}

/** One organization as the audit log records it; null when unknown. */
export async function findOrganization(db: Database, id: string | null) {
  if (!id || !isUuid(id)) return null;
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ? toOrganization(row) : null;
}
