import Stripe from 'stripe';
import type { PayoutStatus } from '@/db/schema/marketplace-values';
import {
  gatewayUnavailable,
  InvalidWebhook,
  type GatewayEvent,
  type PaymentDriver,
} from './payment-drivers';
import { stripeClient } from './stripe-client';

/*
 * Stripe Connect with separate charges and transfers (DESIGN-MODULES C.0, G.2): the buyer pays
 * the platform's account on a Stripe-hosted Checkout page (no card data here), one line per
 * seller; each seller's part is transferred to their connected account when their sub-order's
 * payout falls due; a refund draws on the payment, a chargeback reverses the transfer (G.3).
 */

/** Stripe's shortest Checkout Session: the order's 30 minutes to pay (C.5). */
const PAYMENT_WINDOW_MS = 30 * 60_000;
/** Stripe rejects an `expires_at` under 30 minutes away, measured when it receives the call. */
const SESSION_GRACE_S = 60;

const isUuid = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** C.2's payout states from a connected account. */
function accountStatus(account: Stripe.Account): PayoutStatus {
  if (account.requirements?.disabled_reason) return 'restricted';
  if (account.payouts_enabled && account.charges_enabled) return 'active';
  return account.details_submitted ? 'restricted' : 'pending';
}

/** The platform's part of a Stripe event, or `other` for the events it only records. */
function reduce(event: Stripe.Event): GatewayEvent {
  const base = { id: event.id, type: event.type, payload: event };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed method (a bank debit) completes unpaid; its success comes as its own event.
      if (session.payment_status !== 'paid') return { ...base, kind: 'other' };
      const orderId = session.metadata?.order_id ?? session.client_reference_id;
      return {
        ...base,
        kind: 'payment_succeeded',
        orderId: isUuid(orderId) ? orderId : null,
        reference: session.id,
        paymentIntent: idOf(session.payment_intent),
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    }
    case 'account.updated':
      return {
        ...base,
        kind: 'account_updated',
        accountId: event.data.object.id,
        status: accountStatus(event.data.object),
      };
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const paymentIntent = idOf(dispute.payment_intent);
      return paymentIntent
        ? { ...base, kind: 'chargeback', paymentIntent, reason: dispute.reason }
        : { ...base, kind: 'other' };
    }
    default:
      return { ...base, kind: 'other' };
  }
}

/** Runs a gateway call; what Stripe refuses or cannot answer becomes a 503 to retry. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw gatewayUnavailable(what, error);
    throw error;
  }
}

export function stripeGateway(keys: {
  secretKey: string;
  webhookSecret: string | null;
}): PaymentDriver {
  const stripe = stripeClient(keys.secretKey);
  return {
    provider: 'stripe',
    paymentWindowMs: PAYMENT_WINDOW_MS,
    async startPayment({ order, buyerEmail, parts, returnUrl }) {
      const session = await call('start the payment', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: order.id,
            customer_email: buyerEmail,
            metadata: { order_id: order.id, order_number: order.number },
            payment_intent_data: {
              transfer_group: order.number,
              metadata: { order_id: order.id, order_number: order.number },
            },
            line_items: parts.map((part) => ({
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: part.amountMinor,
                product_data: { name: part.label },
              },
            })),
            expires_at: Math.ceil(order.expiresAt.getTime() / 1000) + SESSION_GRACE_S,
            success_url: `${returnUrl}?payment=done`,
            cancel_url: `${returnUrl}?payment=cancelled`,
          },
          { idempotencyKey: `checkout-${order.id}` },
        ),
      );
      return {
        payment: {
          provider: 'stripe',
          redirect_url: session.url,
          client_secret: null,
          instructions: null,
        },
        reference: session.id,
      };
    },
    gateway: {
      async refund({ paymentIntent, amountMinor, idempotencyKey }) {
        const refund = await call('refund the payment', () =>
          stripe.refunds.create(
            { payment_intent: paymentIntent, ...(amountMinor !== null && { amount: amountMinor }) },
            { idempotencyKey },
          ),
        );
        return refund.id;
      },
      async payOut({ accountId, amountMinor, currency, transferGroup, idempotencyKey }) {
        const transfer = await call('pay the seller out', () =>
          stripe.transfers.create(
            {
              amount: amountMinor,
              currency: currency.toLowerCase(),
              destination: accountId,
              transfer_group: transferGroup,
            },
            { idempotencyKey },
          ),
        );
        return transfer.id;
      },
      async reversePayout({ transferReference, idempotencyKey }) {
        const reversal = await call('reverse the payout', () =>
          stripe.transfers.createReversal(transferReference, {}, { idempotencyKey }),
        );
        return reversal.id;
      },
      async createAccount({ email, country, sellerProfileId }) {
        const account = await call('create the payout account', () =>
          stripe.accounts.create(
            {
              type: 'express',
              email,
              ...(country && { country }),
              capabilities: { transfers: { requested: true } },
              metadata: { seller_profile_id: sellerProfileId },
            },
            { idempotencyKey: `account-${sellerProfileId}` },
          ),
        );
        return account.id;
      },
      async onboardingUrl({ accountId, returnUrl, refreshUrl }) {
        const link = await call('open the onboarding', () =>
          stripe.accountLinks.create({
            account: accountId,
            type: 'account_onboarding',
            return_url: returnUrl,
            refresh_url: refreshUrl,
          }),
        );
        return link.url;
      },
      readEvent(rawBody, headers) {
        const signature = headers.get('stripe-signature');
        if (!keys.webhookSecret || !signature)
          throw new InvalidWebhook('The event is not signed with the webhook secret.');
        try {
          return reduce(stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError)
            throw new InvalidWebhook('The event’s signature does not verify.');
          throw error;
        }
      },
    },
  };
}
