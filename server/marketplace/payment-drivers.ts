import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { MANUAL_PAYMENT_DAYS } from '@/db/schema/marketplace-order-values';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import { AppError } from '../kernel/errors';
import type { Payment } from './order-schema';

/*
 * The payment drivers behind checkout (DESIGN-MODULES C.0, G.2). The `manual` driver is the
 * default and the test driver: it takes no money; the buyer pays each seller as they agree
 * and the seller marks the sub-order paid.
 */

export type PaymentDriver = {
  provider: GatewayProvider;
  /** How long an order waits for its payment before it expires and gives its stock back. */
  paymentWindowMs: number;
  /** What the buyer is asked to do to pay the order just checked out. */
  startPayment(order: { id: string; number: string }): Promise<Payment>;
};

const manualDriver: PaymentDriver = {
  provider: 'manual',
  paymentWindowMs: MANUAL_PAYMENT_DAYS * 24 * 3600_000,
  startPayment: async () => ({
    provider: 'manual',
    redirect_url: null,
    client_secret: null,
    instructions: `Each seller will tell you how to pay their part of the order and mark it paid once your payment arrives. Unpaid orders are cancelled after ${MANUAL_PAYMENT_DAYS} days.`,
  }),
};

const DRIVERS: Partial<Record<GatewayProvider, PaymentDriver>> = { manual: manualDriver };

/**
 * The driver of the gateway the administrators configured (E.5); without a row, `manual`. A
 * provider whose driver this version lacks stops checkout with a 503 rather than taking
 * orders nobody can pay.
 */
export async function activePaymentDriver(db: Database): Promise<PaymentDriver> {
  const [row] = await queryRows<{ provider: GatewayProvider }>(
    db,
    sql`select provider from payment_gateway_settings`,
  );
  const provider = row?.provider ?? 'manual';
  const driver = DRIVERS[provider];
  if (!driver)
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Checkout through ${provider} is not available yet. Please try again later.`,
      { retryAfter: 3600 },
    );
  return driver;
}
