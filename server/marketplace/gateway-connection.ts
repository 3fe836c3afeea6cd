import Stripe from 'stripe';
import type { GatewayProvider } from '@/db/schema';
import { stripeClient } from './stripe-client';

/** A connection test's outcome; `live`: the keys take real payments (null: unknown). */
export type ConnectionCheck = { ok: boolean; message: string; live: boolean | null };

export type ConnectionKeys = { publishableKey: string | null; secretKey: string | null };

/** An authenticated call that reads nothing sensitive and changes nothing: the balance. */
async function checkStripe({
  publishableKey,
  secretKey,
}: ConnectionKeys): Promise<ConnectionCheck> {
  if (!secretKey) return { ok: false, message: 'Set the secret key first.', live: null };
  const stripe = stripeClient(secretKey, { retries: 0 });
  try {
    const { livemode } = await stripe.balance.retrieve();
    const kind = livemode ? 'live' : 'test';
    if (publishableKey && !publishableKey.startsWith(`pk_${kind}_`)) {
      return {
        ok: false,
        message: `The secret key is a ${kind} key, but the publishable key is not (pk_${kind}_…).`,
        live: livemode,
      };
    }
    return { ok: true, message: `Connected to Stripe with ${kind} keys.`, live: livemode };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      return { ok: false, message: 'Stripe refused the secret key (401).', live: null };
    if (error instanceof Stripe.errors.StripeConnectionError)
      return { ok: false, message: 'Could not reach Stripe; try again later.', live: null };
    if (error instanceof Stripe.errors.StripeError) {
      // Stripe masks keys in its messages; the key is taken out again in case one does not.
      const message = error.message.replaceAll(secretKey, '…');
      return {
        ok: false,
        message: `Stripe answered ${error.statusCode ?? 'an error'}: ${message}`,
        live: null,
      };
    }
    throw error;
  }
}

/** Tests the provider with the stored keys; a refusal or an unreachable gateway is `ok: false`. */
export async function checkConnection(
  provider: GatewayProvider,
  keys: ConnectionKeys,
): Promise<ConnectionCheck> {
  switch (provider) {
    case 'manual':
      return {
        ok: true,
        message: 'The manual provider has nothing to connect to: sellers mark orders paid.',
        live: true,
      };
    case 'stripe':
      return checkStripe(keys);
    case 'mercadopago':
      return { ok: false, message: 'Mercado Pago is not supported yet.', live: null };
  }
}
