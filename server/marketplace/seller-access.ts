import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { forbidden, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import type { Recipient } from '../notifications/notify';

/** Roles of an organization that manage its seller profile (C.2). */
export const SELLER_MANAGER_ROLES = ['owner', 'manager'] as const;

/**
 * Whether the user manages the seller profile aliased `sp`: it is theirs, or their
 * organization's where they are an active owner or manager. A condition for any query.
 */
export function managedBy(userId: string, sp: SQL = sql.raw('sp')): SQL {
  return sql`(${sp}.user_id = ${userId} or exists (
    select 1 from memberships m
     where m.organization_id = ${sp}.organization_id and m.user_id = ${userId}
       and m.role in ('owner', 'manager')))`;
}

/** The owner of the seller profile aliased `sp`: its organization `so` or its user `su`. */
export const SELLER_OWNER_JOIN = sql`left join organizations so on so.id = sp.organization_id
  left join users su on su.id = sp.user_id`;

/**
 * A seller's `verified` flag (C.2), derived: a verified organization, or a user an
 * administrator vouched for. Reads `so` and `su` (SELLER_OWNER_JOIN).
 */
export const sellerVerified = sql`coalesce(so.verified, su.verified, false)`;

/**
 * Whether the profile's owner may sell: an active organization, or an active user. Listings
 * of a suspended user or organization leave search at once (C.3) by this condition. Reads
 * `sp` alone. Written as two anti-joins rather than over SELLER_OWNER_JOIN
 * (`coalesce(so.status, su.status) = 'active'`, the same rule) because the planner estimates
 * those from the statuses' statistics: it guessed 0.5 % of sellers for the coalesce, and
 * planned a search of 100,000 listings as nested loops taking half a second
 * (bench/marketplace-search.ts).
 */
export const sellerActive = sql`(not exists (select 1 from users off_u
                                   where off_u.id = sp.user_id and off_u.status <> 'active')
  and not exists (select 1 from organizations off_o
                   where off_o.id = sp.organization_id and off_o.status <> 'active'))`;

/**
 * Whether the seller of the listing aliased `p` may sell (`sellerActive`, read from the
 * listing): `publications.seller_active`, kept by triggers in the transaction that suspends or
 * reinstates the owner (migration 0034), so that a search reads no seller and its partial
 * indexes hold only what it can find (bench/marketplace-search.ts).
 */
export const listingSellerActive = sql`p.seller_active`;

export type ManagedProfile = { id: string; userId: string | null; organizationId: string | null };

/**
 * A seller profile the caller manages, for a write: 404 when it does not exist, 403 when it is
 * somebody else's. Locks the row (`for key share`) until the caller's transaction ends.
 */
export async function managedProfile(
  db: Database,
  userId: string,
  profileId: string,
): Promise<ManagedProfile> {
  const [row] = isUuid(profileId)
    ? await queryRows<{
        id: string;
        user_id: string | null;
        organization_id: string | null;
        managed: boolean;
      }>(
        db,
        sql`select sp.id, sp.user_id, sp.organization_id, ${managedBy(userId)} as managed
              from seller_profiles sp where sp.id = ${profileId} for key share`,
      )
    : [];
  if (!row) throw notFound('Seller profile');
  if (!row.managed) throw forbidden('This seller profile is not yours.');
  return { id: row.id, userId: row.user_id, organizationId: row.organization_id };
}

/**
 * Who hears about a seller profile's listings (C.4, E.3): its user, or its organization's
 * owners and managers. One statement.
 */
export async function sellerRecipients(db: Database, profileId: string): Promise<Recipient[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select sp.user_id from seller_profiles sp where sp.id = ${profileId} and sp.user_id is not null
        union
        select m.user_id from seller_profiles sp
          join memberships m on m.organization_id = sp.organization_id
         where sp.id = ${profileId} and m.user_id is not null
           and m.role in ('owner', 'manager')`,
  );
  return rows.map((r) => ({ userId: r.user_id }));
}

/**
 * Where a buyer's message goes (C.2, C.4): the profile's contact e-mail, else its user's
 * address, else the organization's first owner's. Null when none is known.
 */
export async function sellerContact(
  db: Database,
  profileId: string,
): Promise<{ name: string; email: string | null }> {
  const [row] = await queryRows<{ name: string; email: string | null }>(
    db,
    sql`select sp.display_name as name,
               coalesce(sp.contact_email, su.email,
                 (select u.email from memberships m join users u on u.id = m.user_id
                   where m.organization_id = sp.organization_id and m.role = 'owner'
                     and u.status = 'active' and u.email is not null
                   order by m.created_at limit 1)) as email
          from seller_profiles sp ${SELLER_OWNER_JOIN}
         where sp.id = ${profileId}`,
  );
  if (!row) throw notFound('Seller profile');
  return row;
}
