import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { SubOrderStatus } from '@/db/schema/marketplace-order-values';
import type { NotificationType } from '@/db/schema/notification-values';
import { platformAdminIds } from '../kernel/auth/users';
import type { Config } from '../kernel/config';
import { renderEmail } from '../mail/render';
import { notify, notifyEach, type Notice, type NoticePayload } from '../notifications/notify';

/*
 * The marketplace's e-mails and notices on the transitions of C.6 (spec 6's new sub-order,
 * status update and tracking added), each batch read in one statement and queued in the
 * transition's transaction.
 */

type SubOrderNoticeRow = {
  id: string;
  number: string;
  order_id: string;
  order_number: string;
  buyer_id: string;
  buyer_name: string;
  seller_name: string;
  currency: string;
  shipping_address: string;
  items: { title: string; quantity: number; unitPriceCents: number }[];
  seller_user_ids: string[];
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
};

/** What the notices of the sub-orders need, with the users who manage each seller profile. */
async function subOrderNoticeRows(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<SubOrderNoticeRow>(
    db,
    sql`select s.id, s.number, o.id as order_id, o.number as order_number, o.buyer_id,
               coalesce(nullif(bu.display_name, ''), o.shipping_address ->> 'name') as buyer_name,
               sp.display_name as seller_name, o.currency,
               concat_ws(', ', o.shipping_address ->> 'street',
                         concat_ws(' ', o.shipping_address ->> 'postal_code',
                                   o.shipping_address ->> 'city'),
                         o.shipping_address ->> 'state', o.shipping_address ->> 'country')
                 as shipping_address,
               (select json_agg(json_build_object(
                         'title', i.title, 'quantity', i.quantity,
                         'unitPriceCents', (i.unit_price * 100)::int)
                       order by i.created_at, i.id)
                  from order_items i where i.sub_order_id = s.id) as items,
               array(select sp.user_id where sp.user_id is not null
                     union
                     select m.user_id from memberships m
                      where m.organization_id = sp.organization_id and m.user_id is not null
                        and m.role in ('owner', 'manager')) as seller_user_ids,
               s.tracking_carrier, s.tracking_number, s.tracking_url
          from sub_orders s
          join orders o on o.id = s.order_id
          join users bu on bu.id = o.buyer_id
          join seller_profiles sp on sp.id = s.seller_profile_id
         where s.id = any(${sql.param([...ids])}::uuid[])`,
  );
}

const saleLink = (row: SubOrderNoticeRow) => `/marketplace/sales/${row.id}`;
const orderLink = (row: SubOrderNoticeRow) => `/marketplace/orders/${row.order_id}`;

/** C.6: each seller of the sub-orders hears of the buyer's order (suborder-created). */
export async function notifySellersOfNewSubOrders(
  tx: Database,
  subOrderIds: readonly string[],
  appUrl: string,
): Promise<void> {
  const rows = await subOrderNoticeRows(tx, subOrderIds);
  const notices: Notice[] = await Promise.all(
    rows.map(async (row) => ({
      recipients: row.seller_user_ids.map((userId) => ({ userId })),
      payload: {
        title: `New order ${row.number}`,
        body: `${row.buyer_name} ordered ${row.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}.`,
        link: saleLink(row),
        data: { sub_order_id: row.id, order_id: row.order_id },
        email: await renderEmail('suborder-created', {
          sellerName: row.seller_name,
          orderNumber: row.number,
          buyerName: row.buyer_name,
          items: row.items,
          currency: row.currency,
          shippingAddress: row.shipping_address,
          orderUrl: new URL(saleLink(row), appUrl).toString(),
        }),
      },
    })),
  );
  await notifyEach(tx, 'marketplace.suborder_created', notices, appUrl);
}

/**
 * C.6: the buyer hears that sub-orders moved from `from` to their new state `to`
 * (status-updated), or, for a shipment with a tracking number and for new tracking, that the
 * parcel is on its way (tracking-added).
 */
export async function notifyBuyerOfTransition(
  tx: Database,
  subOrderIds: readonly string[],
  change: { from: SubOrderStatus; to: SubOrderStatus; note?: string | null },
  appUrl: string,
): Promise<void> {
  const rows = await subOrderNoticeRows(tx, subOrderIds);
  const tracked = (row: SubOrderNoticeRow) => change.to === 'shipped' && row.tracking_number;
  const statusNotices: Notice[] = [];
  const trackingNotices: Notice[] = [];
  for (const row of rows) {
    const recipients = [{ userId: row.buyer_id }];
    const data = { sub_order_id: row.id, order_id: row.order_id };
    const orderUrl = new URL(orderLink(row), appUrl).toString();
    if (tracked(row))
      trackingNotices.push({
        recipients,
        payload: {
          title: `${row.number} is on its way`,
          body: `${row.seller_name} shipped it with ${row.tracking_carrier}: ${row.tracking_number}.`,
          link: orderLink(row),
          data,
          email: await renderEmail('tracking-added', {
            buyerName: row.buyer_name,
            orderNumber: row.number,
            sellerName: row.seller_name,
            carrier: row.tracking_carrier!,
            trackingNumber: row.tracking_number!,
            trackingUrl: row.tracking_url,
            estimatedDelivery: null,
          }),
        },
      });
    else
      statusNotices.push({
        recipients,
        payload: {
          title: `${row.number}: ${change.to.replace('_', ' ')}`,
          body: `${row.seller_name}'s part of your order ${row.order_number} is now ${change.to.replace('_', ' ')}.`,
          link: orderLink(row),
          data,
          email: await renderEmail('status-updated', {
            buyerName: row.buyer_name,
            orderNumber: row.number,
            sellerName: row.seller_name,
            previousStatus: change.from,
            status: change.to,
            note: change.note ?? null,
            orderUrl,
          }),
        },
      });
  }
  if (statusNotices.length > 0)
    await notifyEach(tx, 'marketplace.status_updated', statusNotices, appUrl);
  if (trackingNotices.length > 0)
    await notifyEach(tx, 'marketplace.tracking_added', trackingNotices, appUrl);
}

/** Every platform administrator hears of `payload` (in-app and by e-mail). */
async function notifyAdmins(
  tx: Database,
  config: Config,
  type: NotificationType,
  payload: NoticePayload,
): Promise<void> {
  const admins = await platformAdminIds(tx, config);
  await notify(
    tx,
    admins.map((userId) => ({ userId })),
    type,
    payload,
    config.appUrl,
  );
}

/** C.6: the platform's administrators hear of a dispute (in-app and by e-mail). */
export async function notifyAdminsOfDispute(
  tx: Database,
  config: Config,
  subOrderId: string,
  reason: string,
): Promise<void> {
  const [row] = await subOrderNoticeRows(tx, [subOrderId]);
  await notifyAdmins(tx, config, 'admin.dispute_opened', {
    title: `Dispute on ${row!.number}`,
    body: `${row!.buyer_name} disputes ${row!.seller_name}'s sub-order: ${reason}`,
    link: `/admin/marketplace/disputes/${subOrderId}`,
    data: { sub_order_id: subOrderId, order_id: row!.order_id },
  });
}

/**
 * C.6, G.3: the platform's administrators hear of a gateway payment that needs them: an amount
 * that is not the order's (the order is held), or a chargeback (the payouts are reversed).
 */
export async function notifyAdminsOfPayment(
  tx: Database,
  config: Config,
  order: { id: string; number: string },
  what: { title: string; body: string },
): Promise<void> {
  await notifyAdmins(tx, config, 'admin.payment_held', {
    ...what,
    link: '/admin/marketplace/payment-holds',
    data: { order_id: order.id, order_number: order.number },
  });
}
