import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import type { Cart, CartItem } from './cart-schema';
import { FIRST_IMAGE_JOIN, listingImagePath, marketplaceCurrencySql } from './listing-cards';
import { managedBy, SELLER_OWNER_JOIN, sellerActive, sellerVerified } from './seller-access';

/*
 * The cart (DESIGN-MODULES C.5), read in one statement whatever its size: each line with its
 * listing, its availability and its amounts, computed in numeric and summed by the database.
 * Shipping: a listing that ships costs its `shipping_price` per unit (none: free); one that
 * does not ship (pickup only) costs nothing to send.
 */

/**
 * The caller's lines (`where` narrows them, over `ci`) as `items`: the line, its seller
 * profile, its amounts in numeric, why it cannot be bought (null when it can) and its JSON as
 * `cartItemSchema`. The first reason wins, in the order of the cases.
 */
function cartLines(userId: string, where: SQL = sql`true`): SQL {
  return sql`
    lines as (
      select ci.id, ci.quantity, ci.created_at, p.seller_profile_id,
             p.price * ci.quantity as line_total,
             case when p.ships then coalesce(p.shipping_price, 0) * ci.quantity else 0 end
               as shipping,
             case when ${managedBy(userId)} then 'own_listing'
                  when not ${sellerActive} then 'seller_suspended'
                  when p.status <> 'active' then 'not_active'
                  when p.sale_mode <> 'buy_now' or p.price is null then 'not_buy_now'
                  when p.quantity < 1 then 'out_of_stock'
                  when ci.quantity > p.quantity then 'insufficient_stock'
             end as unavailable_reason,
             json_build_object(
               'id', p.id, 'title', p.title, 'price', p.price::float8, 'sale_mode', p.sale_mode,
               'status', p.status, 'quantity', p.quantity,
               -- The image route answers only while the listing is open to the caller.
               'image', case when img.media_id is not null and p.status = 'active'
                               and ${sellerActive} then json_build_object(
                          'id', img.media_id,
                          'url', ${listingImagePath(sql`p.id`, sql`img.media_id`)},
                          'width', img.width, 'height', img.height, 'caption', img.caption) end,
               'shipping', json_build_object('ships', p.ships,
                                             'price', p.shipping_price::float8,
                                             'pickup', p.pickup)) as listing
        from cart_items ci
        join publications p on p.id = ci.publication_id
        join seller_profiles sp on sp.id = p.seller_profile_id
        ${FIRST_IMAGE_JOIN}
       where ci.user_id = ${userId} and ${where}),
    items as (
      select l.*, l.unavailable_reason is null as available,
             json_build_object(
               'id', l.id, 'listing', l.listing, 'quantity', l.quantity,
               'line_total', l.line_total::float8, 'shipping', l.shipping::float8,
               'available', l.unavailable_reason is null,
               'unavailable_reason', l.unavailable_reason,
               'created_at', ${isoTimestampSql(sql`l.created_at`)}) as item
        from lines l)`;
}

/**
 * GET /cart: the lines grouped by seller (the seller of the earliest line first, lines in the
 * order they were added), each group and the cart summing their available lines alone.
 */
export async function getCart(db: Database, userId: string): Promise<Cart> {
  const [cart] = await queryRows<Cart>(
    db,
    sql`with ${cartLines(userId)},
        groups as (
          select i.seller_profile_id, min(i.created_at) as first_added,
                 json_agg(i.item order by i.created_at, i.id) as items,
                 coalesce(sum(i.line_total) filter (where i.available), 0) as items_total,
                 coalesce(sum(i.shipping) filter (where i.available), 0) as shipping
            from items i group by i.seller_profile_id)
        select coalesce(json_agg(json_build_object(
                 'seller', json_build_object('id', sp.id, 'display_name', sp.display_name,
                                             'slug', sp.slug, 'verified', ${sellerVerified}),
                 'items', g.items,
                 'items_total', g.items_total::float8,
                 'shipping', g.shipping::float8,
                 'total', (g.items_total + g.shipping)::float8)
                 order by g.first_added, g.seller_profile_id), '[]'::json) as groups,
               (select coalesce(sum(i.quantity) filter (where i.available), 0)::int from items i)
                 as items_count,
               coalesce(sum(g.items_total), 0)::float8 as items_total,
               coalesce(sum(g.shipping), 0)::float8 as shipping,
               coalesce(sum(g.items_total + g.shipping), 0)::float8 as total,
               ${marketplaceCurrencySql} as currency
          from groups g
          join seller_profiles sp on sp.id = g.seller_profile_id
          ${SELLER_OWNER_JOIN}`,
  );
  return cart!;
}

/** One line of the caller's cart, as the cart shows it; 404 when it is not theirs. */
export async function getCartItem(db: Database, userId: string, itemId: string): Promise<CartItem> {
  const [row] = isUuid(itemId)
    ? await queryRows<{ item: CartItem }>(
        db,
        sql`with ${cartLines(userId, sql`ci.id = ${itemId}`)} select item from items`,
      )
    : [];
  if (!row) throw notFound('Cart item');
  return row.item;
}
