import { MANUAL_PAYMENT_DAYS } from '@/db/schema/marketplace-order-values';
import type { PayoutStatus } from '@/db/schema/marketplace-values';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import { AppError } from '../kernel/errors';
import type { Payment } from './order-schema';

/*
 * The payment drivers (DESIGN-MODULES C.0, G.2). `manual` is the default and the test driver:
 * it takes no money; the buyer pays each seller as they agree and the seller marks the
 * sub-order paid. A gateway driver (Stripe Connect) captures the buyer's payment at checkout,
 * refunds it, and pays each seller out by a transfer once their sub-order completes.
 */

/** What the buyer is charged, one part per seller, in the currency's minor units (cents). */
export type PaymentRequest = {
  order: { id: string; number: string; currency: string; expiresAt: Date };
  buyerEmail: string;
  parts: { label: string; amountMinor: number }[];
  /** The order's page, where the gateway sends the buyer back. */
  returnUrl: string;
};

export type StartedPayment = {
  payment: Payment;
  /** The gateway's checkout the webhook names (a Stripe Checkout Session id). */
  reference: string | null;
};

/** A webhook event, verified and reduced to what the platform acts on. */
export type GatewayEvent = { id: string; type: string; payload: unknown } & (
  | {
      kind: 'payment_succeeded';
      orderId: string | null;
      reference: string;
      paymentIntent: string | null;
      amountMinor: number;
      currency: string;
    }
  | { kind: 'account_updated'; accountId: string; status: PayoutStatus }
  | { kind: 'chargeback'; paymentIntent: string; reason: string }
  | { kind: 'other' }
);

/** What a gateway does beyond taking the payment. Each write carries our idempotency key. */
export type Gateway = {
  refund(request: {
    paymentIntent: string;
    /** Null: whatever is left of the payment. */
    amountMinor: number | null;
    idempotencyKey: string;
  }): Promise<string>;
  payOut(request: {
    accountId: string;
    amountMinor: number;
    currency: string;
    transferGroup: string;
    idempotencyKey: string;
  }): Promise<string>;
  reversePayout(request: { transferReference: string; idempotencyKey: string }): Promise<string>;
  createAccount(request: {
    email: string;
    country: string | null;
    sellerProfileId: string;
  }): Promise<string>;
  onboardingUrl(request: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string>;
  /** The event of a webhook request; throws `InvalidWebhook` when the signature fails. */
  readEvent(rawBody: string, headers: Headers): GatewayEvent;
};

export class InvalidWebhook extends Error {}

export type PaymentDriver = {
  provider: GatewayProvider;
  /** How long an order waits for its payment before it expires and gives its stock back. */
  paymentWindowMs: number;
  /** What the buyer is asked to do to pay the order just checked out. */
  startPayment(request: PaymentRequest): Promise<StartedPayment>;
  /** Null for the manual driver, which moves no money. */
  gateway: Gateway | null;
};

export const manualDriver: PaymentDriver = {
  provider: 'manual',
  paymentWindowMs: MANUAL_PAYMENT_DAYS * 24 * 3600_000,
  startPayment: async () => ({
    payment: {
      provider: 'manual',
      redirect_url: null,
      client_secret: null,
      instructions: `Each seller will tell you how to pay their part of the order and mark it paid once your payment arrives. Unpaid orders are cancelled after ${MANUAL_PAYMENT_DAYS} days.`,
    },
    reference: null,
  }),
  gateway: null,
};

/** The gateway could not be reached or refused: nothing changed, the caller may retry. */
export const gatewayUnavailable = (what: string, cause?: unknown) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `The payment gateway could not ${what}; nothing was changed. Please try again in a minute.`,
    { retryAfter: 60, cause },
  );

/** ISO 4217 currencies without minor units, and with three (Stripe's lists). */
const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

/** How many minor units one unit of `currency` has, as the gateways count amounts. */
function minorUnitsPerUnit(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 1;
  return THREE_DECIMAL.has(code) ? 1000 : 100;
}

/**
 * An amount as the database writes it (`numeric(12,2)` text, `59.97`) in the gateway's minor
 * units, without floating point: 5997 cents; half up to whole units for a currency without
 * minor units.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const perUnit = minorUnitsPerUnit(currency);
  return perUnit === 100 ? cents : perUnit === 1000 ? cents * 10 : Math.round(cents / 100);
}
