import Stripe from 'stripe';

/** Long enough for a slow gateway, short enough for a person waiting on a button. */
const TIMEOUT_MS = 10_000;

/**
 * `STRIPE_API_BASE` (e.g. `http://127.0.0.1:12111`) points the SDK at another server: tests
 * use a local fake, so that they make real HTTP requests without the internet.
 */
function stripeHost(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const base = process.env.STRIPE_API_BASE?.trim();
  if (!base) return {};
  const url = new URL(base);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/**
 * The official SDK with the platform's secret key. Writes carry our own idempotency keys, so
 * the SDK's retries of a write that timed out cannot charge, refund or transfer twice.
 */
export function stripeClient(secretKey: string, { retries = 2 } = {}): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: retries,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...stripeHost(),
  });
}
