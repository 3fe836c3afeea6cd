import type { Database } from '@/db/client';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import { AppError } from '../kernel/errors';
import { openSecret } from '../kernel/secrets';
import { configuredProvider, loadSecrets } from './gateway-queries';
import { manualDriver, type PaymentDriver } from './payment-drivers';
import { stripeGateway } from './stripe-driver';

const unavailable = (provider: GatewayProvider) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `Payments through ${provider} are not available at the moment. Please try again later.`,
    { retryAfter: 3600 },
  );

/**
 * The driver of `provider` with the stored keys (an order keeps the provider it started
 * with); `null` provider: the one the administrators configured (E.5), `manual` without
 * settings. A provider this version has no driver for, or a gateway without its keys, is a
 * 503 rather than orders nobody can pay.
 */
export async function paymentDriver(
  db: Database,
  encryptionKey: Buffer,
  provider: GatewayProvider | null = null,
): Promise<PaymentDriver> {
  const wanted = provider ?? (await configuredProvider(db));
  if (wanted === 'manual') return manualDriver;
  if (wanted !== 'stripe') throw unavailable(wanted);
  const secrets = await loadSecrets(db);
  if (!secrets.secret_key) throw unavailable(wanted);
  let secretKey: string;
  let webhookSecret: string | null;
  try {
    secretKey = openSecret(encryptionKey, 'secret_key', secrets.secret_key);
    webhookSecret = secrets.webhook_secret
      ? openSecret(encryptionKey, 'webhook_secret', secrets.webhook_secret)
      : null;
  } catch {
    throw unavailable(wanted);
  }
  return stripeGateway({ secretKey, webhookSecret });
}
