import { z } from 'zod';
import {
  GATEWAY_MODES,
  GATEWAY_PROVIDERS,
  MAX_PAYOUT_DELAY_DAYS,
} from '@/db/schema/payment-gateway-values';
import { fieldMessage } from '../kernel/validation';

/*
 * The platform administrators' payment gateway settings (DESIGN-MODULES E.5): what a PUT
 * sends, what a read answers and a connection test's result. Loads nothing but zod and the
 * value lists, so that the admin page validates with the server's rules.
 */

/** An API key as the gateways issue them: one word, no spaces. */
const keyField = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^\S+$/, fieldMessage('field must not contain spaces.'));

/** A partial update: an absent field keeps its value; `null` clears a key. */
export const gatewayUpdateInput = z.object({
  provider: z.enum(GATEWAY_PROVIDERS).optional(),
  mode: z.enum(GATEWAY_MODES).optional(),
  publishable_key: keyField.nullable().optional(),
  /** Write-only: never answered, never logged. */
  secret_key: keyField.nullable().optional(),
  webhook_secret: keyField.nullable().optional(),
  payout_delay_days: z.int().min(0).max(MAX_PAYOUT_DELAY_DAYS).optional(),
});

export type GatewayUpdateInput = z.infer<typeof gatewayUpdateInput>;

export const gatewayTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });

export type GatewayTestResult = z.infer<typeof gatewayTestResultSchema>;

export const gatewaySettingsSchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  mode: z.enum(GATEWAY_MODES),
  publishable_key: z.string().nullable(),
  secret_key_set: z.boolean(),
  webhook_secret_set: z.boolean(),
  payout_delay_days: z.int(),
  /** The last connection test; `current`: it ran with today's provider and keys. */
  last_test: gatewayTestResultSchema
    .extend({ live_keys: z.boolean().nullable(), tested_at: z.string(), current: z.boolean() })
    .nullable(),
  /** Whether `mode: live` would be accepted now: a passing, current test of live keys. */
  live_ready: z.boolean(),
  updated_at: z.string().nullable(),
});

export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;
