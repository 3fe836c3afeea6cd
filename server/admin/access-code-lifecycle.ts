import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accessCodeRedemptions, accessCodes, memberships, organizations } from '@/db/schema';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { assertUnderRateLimit, countRateLimitHit } from '../kernel/http/rate-limit';
import { hashLinkToken, newCode, normalizeCode } from '../kernel/link-tokens';
import { isUuid } from '../kernel/validation';
import { DEFAULT_CURRENCY } from '../organizations/schema';
import { toAccessCode } from './access-code-queries';
import type { AccessCodeFields, AccessCodeUpdate, RedeemFields } from './access-code-schema';

/** Five failed redemptions per user in a fixed 15-minute window, then 429 (E.4). */
const FAILURE_LIMIT = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Unknown, expired, disabled and used-up codes read alike: nothing tells them apart. */
const INVALID_CODE = 'This code is not valid.';

const codeHash = (canonical: string) => hashLinkToken(canonical);

/** Creates a code and answers it with the code in clear, the only time it is shown. */
export async function createAccessCode(db: Database, input: AccessCodeFields, adminId: string) {
  const code = newCode();
  const [row] = await db
    .insert(accessCodes)
    .values({
      codeHash: codeHash(code),
      codeHint: code.slice(-4),
      organizationType: input.organization_type,
      maxRedemptions: input.max_redemptions ?? 1,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      autoVerify: input.auto_verify ?? false,
      note: input.note ?? null,
      createdBy: adminId,
    })
    .returning();
  return { ...toAccessCode(row!), code };
}

/** Changes a code's note, expiry, limit (never below its redemptions: 422) or status. */
export async function updateAccessCode(db: Database, id: string, input: AccessCodeUpdate) {
  if (!isUuid(id)) throw notFound('Access code');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accessCodes)
      .where(eq(accessCodes.id, id))
      .for('update');
    if (!current) throw notFound('Access code');
    if (input.max_redemptions !== undefined && input.max_redemptions < current.redemptionsCount) {
      throw invalidField(
        'max_redemptions',
        `The max redemptions field must be at least ${current.redemptionsCount}, the redemptions made.`,
      );
    }
    const [row] = await tx
      .update(accessCodes)
      .set({
        ...(input.note !== undefined && { note: input.note }),
        ...(input.expires_at !== undefined && {
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        }),
        ...(input.max_redemptions !== undefined && { maxRedemptions: input.max_redemptions }),
        ...(input.status !== undefined && { status: input.status }),
        updatedAt: sql`now()`,
      })
      .where(eq(accessCodes.id, id))
      .returning();
    return toAccessCode(row!);
  });
}

class InvalidCode extends Error {}

/**
 * Redeems a code: one transaction takes a redemption from the code's counter (a guarded
 * update, so two users on a one-use code make one organization), records it once per user
 * (a unique index; again → 409), and creates the organization of the code's type owned by
 * the user. A failure counts towards the user's limit, outside the rolled-back transaction.
 */
export async function redeemAccessCode(
  db: Database,
  userId: string,
  input: RedeemFields,
  defaultTimezone: string,
) {
  const bucket = `access-code-failures:${userId}`;
  await assertUnderRateLimit(
    db,
    bucket,
    FAILURE_LIMIT,
    FAILURE_WINDOW_SECONDS,
    'Too many codes tried. Please try again later.',
  );
  try {
    return await db.transaction(async (tx) => {
      const code = normalizeCode(input.code);
      if (!code) throw new InvalidCode();
      const [taken] = await tx
        .update(accessCodes)
        .set({ redemptionsCount: sql`${accessCodes.redemptionsCount} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(accessCodes.codeHash, codeHash(code)),
            eq(accessCodes.status, 'active'),
            sql`(${accessCodes.expiresAt} is null or ${accessCodes.expiresAt} > now())`,
            sql`${accessCodes.redemptionsCount} < ${accessCodes.maxRedemptions}`,
          ),
        )
        .returning();
      if (!taken) throw new InvalidCode();
      const [redemption] = await tx
        .insert(accessCodeRedemptions)
        .values({ accessCodeId: taken.id, userId })
        .onConflictDoNothing()
        .returning({ id: accessCodeRedemptions.id });
      if (!redemption) throw conflict('You have already redeemed this code.');
      const [organization] = await tx
        .insert(organizations)
        .values({
          name: input.organization.name,
          type: taken.organizationType,
          timezone: input.organization.timezone ?? defaultTimezone,
          currency: input.organization.currency ?? DEFAULT_CURRENCY,
          verified: taken.autoVerify,
        })
        .returning();
      await tx
        .insert(memberships)
        .values({ organizationId: organization!.id, userId, role: 'owner' });
      await tx
        .update(accessCodeRedemptions)
        .set({ organizationId: organization!.id })
        .where(eq(accessCodeRedemptions.id, redemption.id));
      return {
        organization: {
          id: organization!.id,
          name: organization!.name,
          type: organization!.type,
          role: 'owner' as const,
        },
      };
    });
  } catch (error) {
    if (!(error instanceof InvalidCode)) throw error;
    await countRateLimitHit(db, bucket, FAILURE_WINDOW_SECONDS);
    throw invalidField('code', INVALID_CODE);
  }
}
