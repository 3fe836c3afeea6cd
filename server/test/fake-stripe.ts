import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/*
 * A local stand-in for api.stripe.com, enough for the payment driver: the SDK makes its real
 * HTTP requests here (`STRIPE_API_BASE`). It records each call with its form fields and
 * idempotency key, answers a repeated key with the first answer as Stripe does, and can be
 * told to refuse a path.
 */

export type StripeCall = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  auth: string;
};

export type FakeStripe = {
  url: string;
  calls: StripeCall[];
  /** Calls to paths starting with `prefix` (`/v1/refunds`). */
  callsTo(prefix: string): StripeCall[];
  /** The next calls to `prefix` answer Stripe's 400 until `reset`. */
  refuse(prefix: string): void;
  reset(): void;
  close(): Promise<void>;
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });

/** The checkout session's total: each line's unit amount × quantity, as Stripe adds them. */
function sessionTotal(form: Record<string, string>): number {
  let total = 0;
  for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++)
    total +=
      Number(form[`line_items[${i}][price_data][unit_amount]`]) *
      Number(form[`line_items[${i}][quantity]`]);
  return total;
}

/** Starts the fake on `port` (0: any free one). */
export function startFakeStripe(port = 0): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  const refused = new Set<string>();
  let serial = 0;
  // Ids unique across fakes too: two runs of a path against one database cannot collide.
  const run = randomBytes(4).toString('hex');

  function answer(call: StripeCall): { status: number; body: unknown } {
    if ([...refused].some((prefix) => call.path.startsWith(prefix)))
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'Refused by the test.' } },
      };
    const n = `${run}${++serial}`;
    const { form, path } = call;
    if (path === '/v1/balance')
      return { status: 200, body: { object: 'balance', livemode: false, available: [] } };
    if (path === '/v1/checkout/sessions')
      return {
        status: 200,
        body: {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/cs_test_${n}`,
          amount_total: sessionTotal(form),
          currency: form['line_items[0][price_data][currency]'],
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id,
          metadata: { order_id: form['metadata[order_id]'] },
          expires_at: Number(form.expires_at),
        },
      };
    if (path === '/v1/refunds')
      return {
        status: 200,
        body: {
          id: `re_${n}`,
          object: 'refund',
          status: 'succeeded',
          payment_intent: form.payment_intent,
          amount: form.amount === undefined ? null : Number(form.amount),
        },
      };
    if (path === '/v1/transfers')
      return {
        status: 200,
        body: {
          id: `tr_${n}`,
          object: 'transfer',
          amount: Number(form.amount),
          destination: form.destination,
        },
      };
    if (/^\/v1\/transfers\/[^/]+\/reversals$/.test(path))
      return { status: 200, body: { id: `trr_${n}`, object: 'transfer_reversal' } };
    if (path === '/v1/accounts')
      return {
        status: 200,
        body: {
          id: `acct_${n}`,
          object: 'account',
          email: form.email,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
        },
      };
    if (path === '/v1/account_links')
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${form.account}`,
        },
      };
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such path: ${path}` } },
    };
  }

  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      const call: StripeCall = {
        method: req.method ?? 'GET',
        path: (req.url ?? '').split('?')[0]!,
        form: Object.fromEntries(new URLSearchParams(text)),
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
        auth: req.headers.authorization ?? '',
      };
      calls.push(call);
      const replay = call.idempotencyKey ? answered.get(call.idempotencyKey) : undefined;
      const result = replay ?? answer(call);
      if (call.idempotencyKey && result.status === 200) answered.set(call.idempotencyKey, result);
      res.statusCode = result.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(result.body));
    });
  });

  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        calls,
        callsTo: (prefix) => calls.filter((call) => call.path.startsWith(prefix)),
        refuse: (prefix) => refused.add(prefix),
        reset: () => {
          calls.length = 0;
          refused.clear();
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

/**
 * A Stripe event as its webhook posts it: the body, and the headers with the
 * `Stripe-Signature` that the SDK's own test helper computes for `secret`.
 */
export function signedEvent(event: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify({
    object: 'event',
    api_version: '2026-10-28',
    livemode: false,
    created: 1,
    ...event,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return {
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}

/** Stripe's event that Checkout Session `session` of order `orderId` was paid `cents`. */
export const checkoutPaidEvent = (paid: {
  id: string;
  session: string;
  orderId: string;
  cents: number;
  currency: string;
}) => ({
  id: paid.id,
  type: 'checkout.session.completed',
  data: {
    object: {
      id: paid.session,
      object: 'checkout.session',
      amount_total: paid.cents,
      currency: paid.currency.toLowerCase(),
      payment_status: 'paid',
      payment_intent: `pi_${paid.orderId.slice(0, 8)}`,
      client_reference_id: paid.orderId,
      metadata: { order_id: paid.orderId },
    },
  },
});
