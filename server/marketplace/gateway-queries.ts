import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  DEFAULT_PAYOUT_DELAY_DAYS,
  type GatewayProvider,
  paymentGatewaySecrets,
  paymentGatewaySettings,
  type GatewaySecretName,
} from '@/db/schema';
import type { SealedSecret } from '../kernel/secrets';
import type { GatewaySettings } from './gateway-schema';

export type GatewayRow = typeof paymentGatewaySettings.$inferSelect;
export type GatewaySecrets = Partial<Record<GatewaySecretName, SealedSecret>>;

/** What a platform without a row has: the manual driver in test mode. */
const DEFAULTS: GatewayRow = {
  id: true,
  provider: 'manual',
  mode: 'test',
  publishableKey: null,
  payoutDelayDays: DEFAULT_PAYOUT_DELAY_DAYS,
  testedFingerprint: null,
  testedOk: null,
  testedLive: null,
  testMessage: null,
  testedAt: null,
  updatedBy: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

export type LoadedGateway = { row: GatewayRow; stored: boolean; secrets: GatewaySecrets };

/** The settings row (the defaults when none is stored) and the sealed secrets. */
export async function loadGateway(
  db: Database,
  options: { lock?: boolean } = {},
): Promise<LoadedGateway> {
  const query = db.select().from(paymentGatewaySettings).where(eq(paymentGatewaySettings.id, true));
  const [row] = options.lock ? await query.for('update') : await query;
  return { row: row ?? DEFAULTS, stored: row !== undefined, secrets: await loadSecrets(db) };
}

/** The configured provider alone: what checkout asks first, the manual driver needing no key. */
export async function configuredProvider(db: Database): Promise<GatewayProvider> {
  const [row] = await db
    .select({ provider: paymentGatewaySettings.provider })
    .from(paymentGatewaySettings)
    .where(eq(paymentGatewaySettings.id, true));
  return row?.provider ?? DEFAULTS.provider;
}

/** The sealed secrets, by name. */
export async function loadSecrets(db: Database): Promise<GatewaySecrets> {
  const secrets: GatewaySecrets = {};
  for (const { name, iv, authTag, ciphertext } of await db.select().from(paymentGatewaySecrets))
    secrets[name] = { iv, authTag, ciphertext };
  return secrets;
}

/**
 * Names the provider and keys a connection test ran with. The secrets enter sealed (each
 * write has a new IV), so no plaintext is needed, and writing a key again, even the same
 * one, calls for a new test.
 */
export function gatewayFingerprint(
  provider: string,
  publishableKey: string | null,
  secrets: GatewaySecrets,
): string {
  const seal = (s: SealedSecret | undefined) => (s ? [s.iv, s.authTag, s.ciphertext] : null);
  return createHash('sha256')
    .update(
      JSON.stringify([
        provider,
        publishableKey,
        seal(secrets.secret_key),
        seal(secrets.webhook_secret),
      ]),
    )
    .digest('hex');
}

/** Whether live mode may be set: the last test passed, with live keys, on today's keys. */
export function passedCurrentTest(row: GatewayRow, fingerprint: string): boolean {
  return row.testedOk === true && row.testedLive === true && row.testedFingerprint === fingerprint;
}

export function gatewayView({ row, stored, secrets }: LoadedGateway): GatewaySettings {
  const fingerprint = gatewayFingerprint(row.provider, row.publishableKey, secrets);
  return {
    provider: row.provider,
    mode: row.mode,
    publishable_key: row.publishableKey,
    secret_key_set: secrets.secret_key !== undefined,
    webhook_secret_set: secrets.webhook_secret !== undefined,
    payout_delay_days: row.payoutDelayDays,
    last_test:
      row.testedAt && row.testedOk !== null
        ? {
            ok: row.testedOk,
            message: row.testMessage ?? '',
            live_keys: row.testedLive,
            tested_at: row.testedAt.toISOString(),
            current: row.testedFingerprint === fingerprint,
          }
        : null,
    live_ready: passedCurrentTest(row, fingerprint),
    updated_at: stored ? row.updatedAt.toISOString() : null,
  };
}

/** The settings as a read answers them (secrets as `*_set` only): the audit's before and after. */
export async function readGatewaySettings(db: Database): Promise<GatewaySettings> {
  return gatewayView(await loadGateway(db));
}
