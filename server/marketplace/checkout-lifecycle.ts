import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { IDEMPOTENCY_HOURS, type ShippingAddress } from '@/db/schema/marketplace-orders';
import { conflict, invalidField } from '../kernel/errors';
import { appEncryptionKey } from '../kernel/secrets';
import type { Context } from '../kernel/trpc/context';
import { getCart } from './cart-queries';
import { marketplaceCurrencySql } from './listing-cards';
import { notifySellersOfNewSubOrders } from './order-notices';
import { getOrder } from './order-queries';
import type { CheckoutAnswer, CheckoutInput } from './order-schema';
import { paymentDriver } from './payment-driver-for';
import { toMinorUnits, type PaymentRequest } from './payment-drivers';

/*
 * Checkout (DESIGN-MODULES C.5): the buyer's cart becomes an order, one sub-order per seller,
 * in one transaction whose statements do not depend on the cart's size. An `Idempotency-Key`
 * makes a retried checkout answer as the first one did.
 */

const KEY_HEADER = 'Idempotency-Key';

/** The key a client sends: 1 to 255 visible characters (a UUID, usually). */
function idempotencyKey(req: Request): string {
  const key = req.headers.get(KEY_HEADER)?.trim();
  if (!key) throw invalidField(KEY_HEADER, `The ${KEY_HEADER} header is required.`);
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key))
    throw invalidField(KEY_HEADER, `The ${KEY_HEADER} header must be 1 to 255 visible characters.`);
  return key;
}

type Claim = { claimed: true } | { claimed: false; answer: CheckoutAnswer };

/**
 * Claims the key for this request, committed at once so that a concurrent request with the same
 * key sees it: a key older than 24 hours is taken over. Answers the stored answer of an earlier
 * request; 422 when that request had another body, 409 while it is still running.
 */
async function claimKey(db: Database, userId: string, key: string, hash: string): Promise<Claim> {
  const [claim] = await queryRows<{ claimed: boolean }>(
    db,
    sql`insert into checkout_keys as k (user_id, key, request_hash)
        values (${userId}, ${key}, ${hash})
        on conflict (user_id, key) do update
          set request_hash = excluded.request_hash, response = null, order_id = null,
              created_at = now()
          where k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
        returning true as claimed`,
  );
  if (claim) return { claimed: true };
  const [earlier] = await queryRows<{ request_hash: string; response: CheckoutAnswer | null }>(
    db,
    sql`select request_hash, response from checkout_keys
         where user_id = ${userId} and key = ${key}`,
  );
  // Deleted by a failed attempt in between: this request may take it.
  if (!earlier) return claimKey(db, userId, key, hash);
  if (earlier.request_hash !== hash)
    throw invalidField(KEY_HEADER, `This ${KEY_HEADER} was used with another request body.`);
  if (!earlier.response) throw conflict('A checkout with this Idempotency-Key is still running.');
  return { claimed: false, answer: earlier.response };
}

/**
 * POST /orders. The same key within 24 hours replays the first answer with
 * `Idempotent-Replayed: true`; a checkout that fails gives its key back, since it changed
 * nothing.
 */
export async function checkout(ctx: Context, buyerId: string, input: CheckoutInput) {
  const key = idempotencyKey(ctx.req);
  const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const claim = await claimKey(ctx.db, buyerId, key, hash);
  if (!claim.claimed) {
    ctx.responseHeaders.set('Idempotent-Replayed', 'true');
    return claim.answer;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const answer = await placeOrder(tx, buyerId, input, {
        appUrl: ctx.config.appUrl,
        encryptionKey: appEncryptionKey(ctx.config.auth.secret),
      });
      await tx.execute(
        sql`update checkout_keys set response = ${JSON.stringify(answer)}::jsonb,
                   order_id = ${answer.data.order.id}
             where user_id = ${buyerId} and key = ${key}`,
      );
      return answer;
    });
  } catch (error) {
    await ctx.db.execute(
      sql`delete from checkout_keys where user_id = ${buyerId} and key = ${key} and response is null`,
    );
    throw error;
  }
}

/** The address as orders keep it: every field present, the optional ones null when left out. */
const storedAddress = ({ shipping_address: a }: CheckoutInput): ShippingAddress => ({
  ...a,
  state: a.state ?? null,
  phone: a.phone ?? null,
});

/** The checkout proper, in the caller's transaction. */
async function placeOrder(
  tx: Database,
  buyerId: string,
  input: CheckoutInput,
  { appUrl, encryptionKey }: { appUrl: string; encryptionKey: Buffer },
): Promise<CheckoutAnswer> {
  const driver = await paymentDriver(tx, encryptionKey);
  const cart = await getCart(tx, buyerId);
  const lines = cart.groups.flatMap((g) => g.items);
  if (lines.length === 0) throw invalidField('cart', 'Your cart is empty.');
  const unavailable = lines.filter((line) => !line.available);
  if (unavailable.length > 0)
    throw conflict(
      `These items can no longer be bought as they are in your cart: ${unavailable
        .map((line) => `"${line.listing.title}" (${line.unavailable_reason})`)
        .join(', ')}. Change or remove them and check out again.`,
    );
  await takeStock(tx, buyerId, lines.length);
  const [order] = await queryRows<{
    id: string;
    number: string;
    currency: string;
    expires_at: string;
  }>(
    tx,
    sql`insert into orders (number, buyer_id, currency, shipping_address, note, provider,
                            expires_at)
        values ('MP-' || extract(year from now() at time zone 'UTC') || '-'
                  || lpad(nextval('marketplace_order_number_seq')::text, 6, '0'),
                ${buyerId}, ${marketplaceCurrencySql},
                ${JSON.stringify(storedAddress(input))}::jsonb, ${input.note ?? null},
                ${driver.provider}, now() + ${`${driver.paymentWindowMs} milliseconds`}::interval)
        returning id, number, currency, expires_at::text`,
  );
  const subOrderIds = await createSubOrders(tx, buyerId, order!);
  // With a gateway the sellers hear of their sub-order once it is paid (C.6).
  if (!driver.gateway) await notifySellersOfNewSubOrders(tx, subOrderIds, appUrl);
  const { payment, reference } = await driver.startPayment(
    await paymentRequest(tx, order!, appUrl),
  );
  if (reference)
    await tx.execute(
      sql`update orders set payment_reference = ${reference} where id = ${order!.id}`,
    );
  return { data: { order: await getOrder(tx, buyerId, order!.id), payment } };
}

/** What the driver charges: one part per seller, in minor units, and whom. */
async function paymentRequest(
  tx: Database,
  order: { id: string; number: string; currency: string; expires_at: string },
  appUrl: string,
): Promise<PaymentRequest> {
  const parts = await queryRows<{ label: string; amount: string; email: string }>(
    tx,
    sql`select sp.display_name || ' · ' || s.number as label,
               (s.items_total + s.shipping_amount)::text as amount, u.email
          from sub_orders s
          join seller_profiles sp on sp.id = s.seller_profile_id
          join orders o on o.id = s.order_id
          join users u on u.id = o.buyer_id
         where s.order_id = ${order.id}
         order by s.number`,
  );
  return {
    order: { ...order, expiresAt: new Date(order.expires_at) },
    buyerEmail: parts[0]!.email,
    parts: parts.map((part) => ({
      label: part.label,
      amountMinor: toMinorUnits(part.amount, order.currency),
    })),
    returnUrl: `${appUrl}/marketplace/orders/${order.id}`,
  };
}

/**
 * Takes every line's units from its listing's stock, only where enough is left
 * (`quantity >= n`): a line that finds too little fails the whole checkout with a 409, so of
 * concurrent checkouts of the last unit one wins. The listings are locked in id order first,
 * so that two carts sharing listings cannot deadlock.
 */
async function takeStock(tx: Database, buyerId: string, lineCount: number): Promise<void> {
  const taken = await queryRows<{ id: string }>(
    tx,
    sql`with locked as materialized (
          select p.id from publications p
           where p.id in (select publication_id from cart_items where user_id = ${buyerId})
           order by p.id for update)
        update publications p
           set quantity = p.quantity - ci.quantity, updated_at = now()
          from cart_items ci
         where ci.user_id = ${buyerId} and ci.publication_id = p.id
           and p.id in (select id from locked)
           and p.quantity >= ci.quantity and p.status = 'active' and p.sale_mode = 'buy_now'
        returning p.id`,
  );
  if (taken.length !== lineCount)
    throw conflict(
      'Another buyer took the last units of an item in your cart. Check your cart and try again.',
    );
}

/**
 * One sub-order per seller (lettered in the cart's order), the lines' snapshots with their
 * commission (C.7: the band holding the line's total, of the line's category, else its
 * parent's, else the global one; never more than the line), the first status history entry,
 * and the emptied cart: one statement.
 */
async function createSubOrders(
  tx: Database,
  buyerId: string,
  order: { id: string; number: string },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    with cart as (
      select ci.quantity, ci.created_at, p.id as publication_id, p.seller_profile_id,
             p.category_id, p.title, p.price, p.ships, p.price * ci.quantity as line_total,
             case when p.ships then coalesce(p.shipping_price, 0) * ci.quantity else 0 end
               as shipping
        from cart_items ci join publications p on p.id = ci.publication_id
       where ci.user_id = ${buyerId}),
    priced as (
      select c.*, t.id as tier_id, coalesce(t.rate_percent, 0) as rate_percent,
             coalesce(t.fixed_fee, 0) as fixed_fee,
             least(c.line_total,
                   round(c.line_total * coalesce(t.rate_percent, 0) / 100
                         + coalesce(t.fixed_fee, 0), 2)) as commission
        from cart c
        left join marketplace_categories cat on cat.id = c.category_id
        left join lateral (
          select t.id, t.rate_percent, t.fixed_fee from commission_tiers t
           where t.active and t.min_amount <= c.line_total
             and (t.max_amount is null or c.line_total < t.max_amount)
             and (t.category_id is null or t.category_id = c.category_id
                  or t.category_id = cat.parent_id)
           order by case when t.category_id is null then 2
                         when t.category_id = c.category_id then 0 else 1 end
           limit 1) t on true),
    groups as (
      select seller_profile_id, sum(line_total) as items_total, sum(shipping) as shipping,
             sum(commission) as commission,
             case when bool_and(ships) then 'shipping' else 'pickup' end as fulfilment,
             row_number() over (order by min(created_at), seller_profile_id) as n
        from priced group by seller_profile_id),
    subs as (
      insert into sub_orders (order_id, number, seller_profile_id, fulfilment, items_total,
                              shipping_amount, commission_amount, seller_net)
      select ${order.id}::uuid, ${order.number}::text || '-'
               || case when n <= 26 then chr(64 + n::int) else n::text end,
             seller_profile_id, fulfilment, items_total, shipping, commission,
             items_total + shipping - commission
        from groups
      returning id, seller_profile_id),
    items as (
      insert into order_items (sub_order_id, publication_id, category_id, title, unit_price,
                               quantity, line_total, shipping, commission_tier_id,
                               commission_rate_percent, commission_fixed_fee, commission_amount)
      select s.id, p.publication_id, p.category_id, p.title, p.price, p.quantity, p.line_total,
             p.shipping, p.tier_id, p.rate_percent, p.fixed_fee, p.commission
        from priced p join subs s on s.seller_profile_id = p.seller_profile_id
      returning id),
    history as (
      insert into sub_order_events (sub_order_id, to_status, actor, actor_id)
      select id, 'awaiting_payment', 'buyer', ${buyerId}::uuid from subs
      returning id),
    emptied as (delete from cart_items where user_id = ${buyerId} returning id)
    select id from subs`,
  );
  return rows.map((row) => row.id);
}
