import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  GATEWAY_SECRETS,
  paymentGatewaySecrets,
  paymentGatewaySettings,
  type GatewaySecretName,
} from '@/db/schema';
import { conflict } from '../kernel/errors';
import { openSecret, sealSecret, type SealedSecret } from '../kernel/secrets';
import { checkConnection, type ConnectionCheck } from './gateway-connection';
import {
  gatewayFingerprint,
  gatewayView,
  loadGateway,
  passedCurrentTest,
  type GatewaySecrets,
} from './gateway-queries';
import type { GatewaySettings, GatewayTestResult, GatewayUpdateInput } from './gateway-schema';

/** The row locked, written with the defaults first when there is none. */
async function lockGateway(db: Database) {
  await db.insert(paymentGatewaySettings).values({}).onConflictDoNothing();
  return loadGateway(db, { lock: true });
}

/**
 * A partial update (E.5). A secret given is sealed under `key`, `null` deletes it, an absent
 * one stays. Live mode needs a passing connection test of the provider and keys it ends with:
 * switching to live, or changing the provider or a key while live, without one → 409.
 */
export async function updateGateway(
  db: Database,
  key: Buffer,
  input: GatewayUpdateInput,
  actorId: string,
): Promise<GatewaySettings> {
  const { row, secrets } = await lockGateway(db);
  const next = {
    provider: input.provider ?? row.provider,
    mode: input.mode ?? row.mode,
    publishableKey:
      input.publishable_key === undefined ? row.publishableKey : input.publishable_key,
    payoutDelayDays: input.payout_delay_days ?? row.payoutDelayDays,
  };
  const nextSecrets: GatewaySecrets = { ...secrets };
  const sealed: ({ name: GatewaySecretName } & SealedSecret)[] = [];
  const cleared: GatewaySecretName[] = [];
  for (const name of GATEWAY_SECRETS) {
    const value = input[name];
    if (value === undefined) continue;
    if (value === null) {
      delete nextSecrets[name];
      cleared.push(name);
    } else {
      nextSecrets[name] = sealSecret(key, name, value);
      sealed.push({ name, ...nextSecrets[name] });
    }
  }

  const before = gatewayFingerprint(row.provider, row.publishableKey, secrets);
  const after = gatewayFingerprint(next.provider, next.publishableKey, nextSecrets);
  const entersLive = next.mode === 'live' && (row.mode !== 'live' || before !== after);
  if (entersLive && !passedCurrentTest(row, after)) {
    throw conflict(
      row.mode === 'live'
        ? 'Live mode needs a passing connection test of the new provider and keys: switch to test mode, save them and test the connection first.'
        : 'Live mode needs a passing connection test of the current provider and live keys: run the connection test first.',
    );
  }

  if (cleared.length > 0)
    await db.delete(paymentGatewaySecrets).where(inArray(paymentGatewaySecrets.name, cleared));
  for (const { name, iv, authTag, ciphertext } of sealed) {
    await db
      .insert(paymentGatewaySecrets)
      .values({ name, iv, authTag, ciphertext })
      .onConflictDoUpdate({
        target: paymentGatewaySecrets.name,
        set: { iv, authTag, ciphertext, updatedAt: new Date() },
      });
  }
  const [updated] = await db
    .update(paymentGatewaySettings)
    .set({ ...next, updatedBy: actorId })
    .where(eq(paymentGatewaySettings.id, true))
    .returning();
  return gatewayView({ row: updated!, stored: true, secrets: nextSecrets });
}

/**
 * Tests the stored provider and keys and records the outcome with the fingerprint of what
 * was tested, so that a later change of a key voids it. A secret that no longer decrypts
 * (another `APP_ENCRYPTION_KEY`) fails the test rather than the request.
 */
export async function testGateway(db: Database, key: Buffer): Promise<GatewayTestResult> {
  const { row, secrets } = await lockGateway(db);
  let secretKey: string | null = null;
  let check: ConnectionCheck | undefined;
  try {
    secretKey = secrets.secret_key ? openSecret(key, 'secret_key', secrets.secret_key) : null;
  } catch {
    check = {
      ok: false,
      message: 'The stored secret key cannot be decrypted with this server’s key: enter it again.',
      live: null,
    };
  }
  check ??= await checkConnection(row.provider, { publishableKey: row.publishableKey, secretKey });
  await db
    .update(paymentGatewaySettings)
    .set({
      testedFingerprint: gatewayFingerprint(row.provider, row.publishableKey, secrets),
      testedOk: check.ok,
      testedLive: check.live,
      testMessage: check.message,
      testedAt: new Date(),
    })
    .where(eq(paymentGatewaySettings.id, true));
  return { ok: check.ok, message: check.message };
}
