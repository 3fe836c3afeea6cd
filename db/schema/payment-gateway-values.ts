/*
 * The value lists of the payment gateway settings (DESIGN-MODULES E.5), apart from the tables
 * so that the admin page can import them without loading drizzle.
 */

export const GATEWAY_PROVIDERS = ['manual', 'stripe', 'mercadopago'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];

export const GATEWAY_MODES = ['test', 'live'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/** The write-only secrets, each a row of `payment_gateway_secrets`. */
export const GATEWAY_SECRETS = ['secret_key', 'webhook_secret'] as const;
export type GatewaySecretName = (typeof GATEWAY_SECRETS)[number];

export const MAX_PAYOUT_DELAY_DAYS = 90;
/** C.7's delay between a sub-order's completion and its payout, until an admin sets one. */
export const DEFAULT_PAYOUT_DELAY_DAYS = 7;
