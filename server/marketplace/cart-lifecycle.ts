import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { ListingStatus, SaleMode } from '@/db/schema/marketplace-values';
import { conflict, invalidField, notFound } from '../kernel/errors';
import type { Caller } from '../kernel/trpc/context';
import { isUuid } from '../kernel/validation';
import { MAX_CART_QUANTITY, type CartAddInput } from './cart-schema';
import { listingPublic, listingVisible } from './listing-queries';
import { managedBy, SELLER_OWNER_JOIN } from './seller-access';

/*
 * Cart lines (DESIGN-MODULES C.5). A line holds at most the listing's stock and 99 units; the
 * stock is checked again at checkout, which takes it, so a line that exceeds it later is only
 * flagged. Adding a listing already in the cart adds to its line in one upsert whose guard
 * sums the quantities, so concurrent adds end as one row or a 422, never beyond the stock.
 */

/** The stock rule on a line's quantity, worded for the `quantity` field. */
function tooMany(stock: number, inCart = 0) {
  if (stock < 1) return invalidField('quantity', 'This listing is out of stock.');
  const held = inCart > 0 ? ` You already have ${inCart} in your cart.` : '';
  const limit = Math.min(stock, MAX_CART_QUANTITY);
  return invalidField(
    'quantity',
    stock > MAX_CART_QUANTITY
      ? `A cart line may not hold more than ${limit} units.${held}`
      : `Only ${stock} ${stock === 1 ? 'unit is' : 'units are'} in stock.${held}`,
  );
}

/**
 * POST /cart/items: the listing must be one the caller can see (404), not theirs (422),
 * active (409) of a seller who may sell (409), sold at once (422), and the line's quantity,
 * with what the cart already held, within its stock (422). Answers the line's id and whether
 * it is new.
 */
export async function addToCart(db: Database, caller: Caller, input: CartAddInput) {
  const viewer = { userId: caller.user.id, isAdmin: caller.isPlatformAdmin };
  const [listing] = await queryRows<{
    id: string;
    status: ListingStatus;
    sale_mode: SaleMode;
    priced: boolean;
    stock: number;
    public: boolean;
    mine: boolean;
    in_cart: number;
  }>(
    db,
    sql`select p.id, p.status, p.sale_mode, p.price is not null as priced, p.quantity as stock,
               ${listingPublic} as public, ${managedBy(viewer.userId)} as mine,
               coalesce((select ci.quantity from cart_items ci
                          where ci.user_id = ${viewer.userId} and ci.publication_id = p.id), 0)
                 as in_cart
          from publications p
          join seller_profiles sp on sp.id = p.seller_profile_id
          ${SELLER_OWNER_JOIN}
         where p.id = ${input.listing_id} and ${listingVisible(viewer)}`,
  );
  if (!listing) throw notFound('Listing');
  if (listing.mine) throw invalidField('listing_id', 'You cannot buy your own listing.');
  if (listing.status !== 'active')
    throw conflict(`This listing is ${listing.status}: only active listings can be bought.`);
  if (!listing.public) throw conflict('The seller of this listing is suspended.');
  if (listing.sale_mode !== 'buy_now' || !listing.priced)
    throw invalidField('listing_id', 'This listing is sold by enquiry: contact the seller.');
  const limit = Math.min(listing.stock, MAX_CART_QUANTITY);
  if (listing.in_cart + input.quantity > limit) throw tooMany(listing.stock, listing.in_cart);

  const [line] = await queryRows<{ id: string; added: boolean }>(
    db,
    sql`insert into cart_items (user_id, publication_id, quantity)
        values (${viewer.userId}, ${listing.id}, ${input.quantity})
        on conflict (user_id, publication_id) do update
          set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
          where cart_items.quantity + excluded.quantity <= ${limit}
        returning id, xmax = 0 as added`,
  );
  // A concurrent add filled the line between the check and the upsert.
  if (!line) throw tooMany(listing.stock);
  return line;
}

/**
 * PUT /cart/items/{id}: the caller's line (404 otherwise) set to `quantity`, within its
 * listing's stock (422) whatever the listing's state.
 */
export async function updateCartItem(
  db: Database,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<void> {
  const [line] = isUuid(itemId)
    ? await queryRows<{ stock: number; updated: boolean }>(
        db,
        sql`with line as (
              select ci.id, p.quantity as stock from cart_items ci
                join publications p on p.id = ci.publication_id
               where ci.id = ${itemId} and ci.user_id = ${userId}),
            updated as (
              update cart_items ci set quantity = ${quantity}, updated_at = now()
                from line where ci.id = line.id and ${quantity} <= line.stock
              returning ci.id)
            select line.stock, exists (select 1 from updated) as updated from line`,
      )
    : [];
  if (!line) throw notFound('Cart item');
  if (!line.updated) throw tooMany(line.stock);
}

/** DELETE /cart/items/{id}: the caller's line, whatever its listing became; 404 otherwise. */
export async function removeCartItem(db: Database, userId: string, itemId: string) {
  const dropped = isUuid(itemId)
    ? await queryRows<{ id: string }>(
        db,
        sql`delete from cart_items where id = ${itemId} and user_id = ${userId} returning id`,
      )
    : [];
  if (dropped.length === 0) throw notFound('Cart item');
}
