import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './identity';
import {
  DEFAULT_PAYOUT_DELAY_DAYS,
  GATEWAY_MODES,
  GATEWAY_PROVIDERS,
  GATEWAY_SECRETS,
  MAX_PAYOUT_DELAY_DAYS,
} from './payment-gateway-values';
import { inList } from './tenant';

export * from './payment-gateway-values';

/**
 * E.5: the platform's one payment gateway configuration (at most one row, `id` true; no row
 * reads as the defaults). `tested_*` is the last connection test: `tested_fingerprint` names
 * the provider and keys it ran with, so that live mode can require a passing test of the
 * current ones.
 */
export const paymentGatewaySettings = pgTable(
  'payment_gateway_settings',
  {
    id: boolean('id').primaryKey().default(true),
    provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull().default('manual'),
    mode: text('mode', { enum: GATEWAY_MODES }).notNull().default('test'),
    publishableKey: text('publishable_key'),
    payoutDelayDays: integer('payout_delay_days').notNull().default(DEFAULT_PAYOUT_DELAY_DAYS),
    testedFingerprint: text('tested_fingerprint'),
    testedOk: boolean('tested_ok'),
    /** The gateway's own answer: keys for live payments, or test keys. */
    testedLive: boolean('tested_live'),
    testMessage: text('test_message'),
    testedAt: timestamp('tested_at', { withTimezone: true, mode: 'date' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('payment_gateway_settings_singleton_check', sql`${t.id}`),
    check('payment_gateway_settings_provider_check', inList(t.provider, GATEWAY_PROVIDERS)),
    check('payment_gateway_settings_mode_check', inList(t.mode, GATEWAY_MODES)),
    check(
      'payment_gateway_settings_payout_delay_days_check',
      sql`${t.payoutDelayDays} between 0 and ${sql.raw(String(MAX_PAYOUT_DELAY_DAYS))}`,
    ),
  ],
);

/**
 * The gateway's write-only secrets, AES-256-GCM under the app's encryption key
 * (server/kernel/secrets.ts), each part base64; kept apart from every settings listing.
 */
export const paymentGatewaySecrets = pgTable(
  'payment_gateway_secrets',
  {
    name: text('name', { enum: GATEWAY_SECRETS }).primaryKey(),
    iv: text('iv').notNull(),
    authTag: text('auth_tag').notNull(),
    ciphertext: text('ciphertext').notNull(),
    ...timestamps,
  },
  (t) => [check('payment_gateway_secrets_name_check', inList(t.name, GATEWAY_SECRETS))],
);
