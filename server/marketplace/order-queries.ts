import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { HeldOrder, Order, Sale, SaleListInput } from './order-schema';
import { managedBy } from './seller-access';

/*
 * The buyer's orders and the seller's sales (DESIGN-MODULES C.6), each page or record one
 * statement whatever its size: sub-orders, lines and status history are aggregated by the
 * database. An order's state is derived from its sub-orders' when read, so it cannot
 * disagree with them.
 */

const iso = (column: string) => isoTimestampSql(sql.raw(column));

/** The order aliased `o`'s state, from its sub-orders `s` (an aggregate over them). */
const ORDER_STATUS = sql`case
  when bool_and(s.status in ('cancelled', 'refunded')) then 'cancelled'
  when bool_or(s.status = 'awaiting_payment') then 'awaiting_payment'
  when bool_and(s.status in ('completed', 'cancelled', 'refunded')) then 'completed'
  else 'paid' end`;

/** The buyer's fields of the sub-order `s` with seller profile `sp` (`subOrderSchema`). */
const SUB_ORDER_FIELDS = sql`
  'id', s.id, 'number', s.number, 'status', s.status, 'fulfilment', s.fulfilment,
  'seller', json_build_object('id', sp.id, 'display_name', sp.display_name, 'slug', sp.slug),
  'items', (select json_agg(json_build_object(
               'id', i.id, 'listing_id', i.publication_id, 'title', i.title,
               'unit_price', i.unit_price::float8, 'quantity', i.quantity,
               'line_total', i.line_total::float8, 'shipping', i.shipping::float8)
             order by i.created_at, i.id)
              from order_items i where i.sub_order_id = s.id),
  'items_total', s.items_total::float8, 'shipping_amount', s.shipping_amount::float8,
  'total', (s.items_total + s.shipping_amount)::float8,
  'tracking', case when s.tracking_carrier is not null then json_build_object(
                'carrier', s.tracking_carrier, 'number', s.tracking_number,
                'url', s.tracking_url) end,
  'paid_at', ${iso('s.paid_at')}, 'shipped_at', ${iso('s.shipped_at')},
  'delivered_at', ${iso('s.delivered_at')}, 'completed_at', ${iso('s.completed_at')},
  'history', (select json_agg(json_build_object(
                 'from_status', e.from_status, 'to_status', e.to_status, 'actor', e.actor,
                 'note', e.note, 'created_at', ${iso('e.created_at')})
               order by e.created_at, e.id)
                from sub_order_events e where e.sub_order_id = s.id)`;

const ADDRESS = sql`o.shipping_address`;

/** A page of records read as a `data` column, in `order`, with the total: one statement. */
async function pageOfData<T>(db: Database, rows: SQL, order: SQL, page: PageRequest, url: URL) {
  const [found, total] = await pageOfRows<{ data: T }>(db, rows, order, {
    limit: page.per_page,
    offset: pageOffset(page),
  });
  return paginate(
    found.map((r) => r.data),
    total,
    page,
    url,
  );
}

/** Orders aliased `o` narrowed by `where`, each as `orderSchema` (column `data`). */
function ordersSql(where: SQL): SQL {
  return sql`
    select o.id, o.created_at, json_build_object(
             'id', o.id, 'number', o.number, 'status', ${ORDER_STATUS},
             'currency', o.currency,
             'items_total', sum(s.items_total)::float8,
             'shipping_total', sum(s.shipping_amount)::float8,
             'total', sum(s.items_total + s.shipping_amount)::float8,
             'shipping_address', ${ADDRESS}, 'note', o.note, 'provider', o.provider,
             'payment_held', o.payment_hold is not null,
             'paid_at', case when not bool_or(s.status = 'awaiting_payment')
                             then ${isoTimestampSql(sql`max(s.paid_at)`)} end,
             'expires_at', ${iso('o.expires_at')}, 'created_at', ${iso('o.created_at')},
             'sub_orders', json_agg(json_build_object(${SUB_ORDER_FIELDS}) order by s.number))
             as data
      from orders o
      join sub_orders s on s.order_id = o.id
      join seller_profiles sp on sp.id = s.seller_profile_id
     where ${where}
     group by o.id`;
}

/** GET /orders: the caller's orders, newest first. */
export async function listOrders(db: Database, buyerId: string, page: PageRequest, url: URL) {
  return pageOfData<Order>(
    db,
    ordersSql(sql`o.buyer_id = ${buyerId}`),
    sql`created_at desc, id desc`,
    page,
    url,
  );
}

/** One order of the buyer's: another's is as unknown as a missing one (404). */
export async function getOrder(db: Database, buyerId: string, id: string): Promise<Order> {
  const [row] = isUuid(id)
    ? await queryRows<{ data: Order }>(db, ordersSql(sql`o.id = ${id} and o.buyer_id = ${buyerId}`))
    : [];
  if (!row) throw notFound('Order');
  return row.data;
}

/** Sub-orders `s` narrowed by `where`, each as `saleSchema` (column `data`). */
function salesSql(where: SQL): SQL {
  return sql`
    select s.id, s.created_at, json_build_object(${SUB_ORDER_FIELDS},
             'order_id', o.id, 'order_number', o.number, 'currency', o.currency,
             'buyer', json_build_object('name', coalesce(nullif(bu.display_name, ''), ${ADDRESS} ->> 'name')),
             'shipping_address', ${ADDRESS}, 'note', o.note, 'provider', o.provider,
             'commission_amount', s.commission_amount::float8,
             'seller_net', s.seller_net::float8, 'payout_status', s.payout_status,
             'payout_due_at', ${iso('s.payout_due_at')},
             'created_at', ${iso('s.created_at')}) as data
      from sub_orders s
      join orders o on o.id = s.order_id
      join users bu on bu.id = o.buyer_id
      join seller_profiles sp on sp.id = s.seller_profile_id
     where ${where}`;
}

/** GET /sales: sub-orders of every seller profile the caller manages, newest first. */
export async function listSales(db: Database, userId: string, input: SaleListInput, url: URL) {
  const filters = [managedBy(userId)];
  if (input.status) filters.push(sql`s.status = ${input.status}`);
  return pageOfData<Sale>(
    db,
    salesSql(sql.join(filters, sql` and `)),
    sql`created_at desc, id desc`,
    input,
    url,
  );
}

/** One sub-order of a seller profile the caller manages; 404 otherwise. */
export async function getSale(db: Database, userId: string, id: string): Promise<Sale> {
  const [row] = isUuid(id)
    ? await queryRows<{ data: Sale }>(db, salesSql(sql`s.id = ${id} and ${managedBy(userId)}`))
    : [];
  if (!row) throw notFound('Sale');
  return row.data;
}

/** GET /admin/marketplace/disputes: disputed sub-orders, oldest first (the queue). */
export async function listDisputes(db: Database, page: PageRequest, url: URL) {
  return pageOfData<Sale>(db, salesSql(sql`s.status = 'disputed'`), sql`created_at, id`, page, url);
}

/** Any sub-order as its seller sees it, or null: the administrators' view and audit reader. */
export async function findSubOrder(db: Database, id: string | null): Promise<Sale | null> {
  if (!id || !isUuid(id)) return null;
  const [row] = await queryRows<{ data: Sale }>(db, salesSql(sql`s.id = ${id}`));
  return row?.data ?? null;
}

export async function getSubOrder(db: Database, id: string): Promise<Sale> {
  const sale = await findSubOrder(db, id);
  if (!sale) throw notFound('Sub-order');
  return sale;
}

/** Orders `o` as the administrators see them (`heldOrderSchema`): with the payment's hold. */
function heldOrdersSql(where: SQL): SQL {
  return sql`
    select h.id, h.created_at,
           h.data::jsonb || jsonb_build_object(
             'payment_hold', o.payment_hold, 'payment_intent', o.payment_intent,
             'buyer', jsonb_build_object('id', bu.id, 'email', bu.email,
                                         'name', coalesce(nullif(bu.display_name, ''),
                                                          o.shipping_address ->> 'name'))) as data
      from (${ordersSql(where)}) h
      join orders o on o.id = h.id
      join users bu on bu.id = o.buyer_id`;
}

/** GET /admin/marketplace/payment-holds: held payments, oldest first (the queue). */
export async function listPaymentHolds(db: Database, page: PageRequest, url: URL) {
  return pageOfData<HeldOrder>(
    db,
    heldOrdersSql(sql`o.payment_hold is not null`),
    sql`created_at, id`,
    page,
    url,
  );
}

/** Any order with its payment's hold, or null: the administrators' view and audit reader. */
export async function findHeldOrder(db: Database, id: string | null): Promise<HeldOrder | null> {
  if (!id || !isUuid(id)) return null;
  const [row] = await queryRows<{ data: HeldOrder }>(db, heldOrdersSql(sql`o.id = ${id}`));
  return row?.data ?? null;
}
