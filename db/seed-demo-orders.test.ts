import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { listOrders } from '@/server/marketplace/order-queries';
import type { Sale } from '@/server/marketplace/order-schema';
import { issueCommissionStatements } from '@/server/marketplace/statement-lifecycle';
import { useTestApp } from '@/server/test/harness';

/*
 * The demo marketplace's orders (db/seed-demo-marketplace.ts): Lucía's three orders as her
 * sellers and she read them, the school's commission statement of last month, and the
 * sellers' next steps taking them on like any other.
 */

const app = useTestApp();

describe('the demo orders', () => {
  it('show the school a sale awaiting payment, one shipped and last month’s statement', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const token = await app.tokenFor(DEMO_OWNER_EMAIL);

    // The buyer's side: Lucía cannot sign in (the demo's private sellers are no logins).
    const [lucia] = await queryRows<{ id: string }>(
      app.db,
      sql`select id from users where email = 'lucia.fernandez@example.com'`,
    );
    const orders = await listOrders(
      app.db,
      lucia!.id,
      { page: 1, per_page: 20 },
      new URL('http://localhost/api/marketplace/orders'),
    );
    expect(
      orders.data.map((o) => [
        o.status,
        o.provider,
        o.currency,
        o.total,
        o.sub_orders.map((s) => [s.number.slice(-1), s.seller.display_name, s.status]),
      ]),
    ).toEqual([
      [
        'awaiting_payment',
        'manual',
        'EUR',
        494,
        [
          ['A', 'Demo Riding School', 'awaiting_payment'],
          ['B', 'Emma Clarke', 'awaiting_payment'],
        ],
      ],
      ['paid', 'manual', 'EUR', 405, [['A', 'Demo Riding School', 'shipped']]],
      ['completed', 'manual', 'EUR', 150, [['A', 'Demo Riding School', 'completed']]],
    ]);
    // Numbered from the platform's sequence, which checkouts go on from.
    const numbers = orders.data.map((o) => o.number);
    expect(numbers.every((n) => /^MP-\d{4}-\d{6}$/.test(n))).toBe(true);
    const [sequence] = await queryRows<{ last_value: string }>(
      app.db,
      sql`select last_value::text from marketplace_order_number_seq`,
    );
    expect(Math.max(...numbers.map((n) => Number(n.slice(-6))))).toBe(Number(sequence!.last_value));

    // The seller's side, through the API.
    const res = await app.request('GET', '/api/marketplace/sales', { token });
    expect(res.status, res.text).toBe(200);
    const [awaiting, shipped] = res.body.data as Sale[];
    expect(awaiting).toMatchObject({
      number: `${numbers[0]}-A`,
      status: 'awaiting_payment',
      buyer: { name: 'Lucía Fernández' },
      shipping_address: { city: 'Madrid', country: 'ES' },
      note: expect.any(String),
      history: [{ from_status: null, to_status: 'awaiting_payment', actor: 'buyer' }],
    });
    expect(shipped).toMatchObject({
      number: `${numbers[1]}-A`,
      status: 'shipped',
      fulfilment: 'shipping',
      items: [
        {
          title: 'Sillas mixtas de escuela (se venden sueltas)',
          unit_price: 380,
          quantity: 1,
          line_total: 380,
          shipping: 25,
        },
      ],
      items_total: 380,
      shipping_amount: 25,
      commission_amount: 38,
      seller_net: 367,
      payout_status: 'pending',
      tracking: { carrier: 'Correos', number: expect.any(String), url: expect.any(String) },
    });
    expect(shipped!.paid_at).not.toBeNull();
    expect(shipped!.history.map((e) => [e.from_status, e.to_status, e.actor])).toEqual([
      [null, 'awaiting_payment', 'buyer'],
      ['awaiting_payment', 'paid', 'seller'],
      ['paid', 'processing', 'seller'],
      ['processing', 'shipped', 'seller'],
    ]);

    // Last month's completed sale (140 + 10 shipping, 10 % commission) is on the school's
    // statement, issued as the hourly job would have: running it finds nothing more to issue.
    expect(await issueCommissionStatements(app.db, new Date())).toEqual({ issued: 0, mixed: 0 });
    const now = new Date();
    const statements = await app.request(
      'GET',
      `/api/marketplace/seller-profiles/${awaiting!.seller.id}/statements`,
      { token },
    );
    expect(statements.body.data).toEqual([
      {
        period: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1))
          .toISOString()
          .slice(0, 7),
        status: 'issued',
        sub_orders: 1,
        sales_total: 150,
        commission_total: 14,
        currency: 'EUR',
        issued_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth())).toISOString(),
      },
    ]);

    // Their next steps work on them as on any checkout's.
    const paid = await app.request('POST', `/api/marketplace/sales/${awaiting!.id}/mark-paid`, {
      token,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const delivered = await app.request('POST', `/api/marketplace/sales/${shipped!.id}/delivered`, {
      token,
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body.data.status).toBe('delivered');
  });
});
