import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horseIdentities, media, memberships, pedigreeCorrections } from '@/db/schema';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { updateIdentity } from './identity-lifecycle';
import type { CorrectionInput, IdentityFields } from './identity-schema';

/**
 * Files a correction of an identity (E.6) by any signed-in user: the changes are checked as
 * fields now and under the rules when approved; its documents must be media of one of the
 * user's organizations. Answers the correction's id.
 */
export async function fileCorrection(
  db: Database,
  identityId: string,
  input: CorrectionInput,
  userId: string,
): Promise<string> {
  const [identity] = isUuid(identityId)
    ? await db
        .select({ mergedIntoId: horseIdentities.mergedIntoId })
        .from(horseIdentities)
        .where(eq(horseIdentities.id, identityId))
    : [];
  if (!identity) throw notFound('Horse identity');
  if (identity.mergedIntoId)
    throw conflict(
      `This horse was merged into the horse ${identity.mergedIntoId}: correct that one.`,
    );
  const mediaIds = [...new Set(input.media_ids ?? [])];
  if (mediaIds.length > 0) {
    const own = await db
      .select({ id: media.id })
      .from(media)
      .innerJoin(
        memberships,
        and(eq(memberships.organizationId, media.organizationId), eq(memberships.userId, userId)),
      )
      .where(inArray(media.id, mediaIds));
    if (own.length !== mediaIds.length)
      throw invalidField('media_ids', 'Each document must be a file of one of your organizations.');
  }
  const [row] = await db
    .insert(pedigreeCorrections)
    .values({
      horseIdentityId: identityId,
      filedBy: userId,
      changes: input.changes,
      reason: input.reason,
      mediaIds,
    })
    .returning({ id: pedigreeCorrections.id });
  return row!.id;
}

/**
 * Decides a pending correction; one decision wins (409 for the second). Approval applies
 * the changes as an administrator's edit, under every rule: a change the rules refuse is a
 * 422 and the correction stays pending.
 */
export async function decideCorrection(
  db: Database,
  correctionId: string,
  decision: { approve: true } | { approve: false; reason: string },
  adminId: string,
): Promise<void> {
  const [row] = isUuid(correctionId)
    ? await db
        .select()
        .from(pedigreeCorrections)
        .where(eq(pedigreeCorrections.id, correctionId))
        .for('update')
    : [];
  if (!row) throw notFound('Correction');
  if (row.status !== 'pending') throw conflict(`This correction was already ${row.status}.`);
  if (decision.approve)
    await updateIdentity(db, row.horseIdentityId, row.changes as IdentityFields, { admin: true });
  await db
    .update(pedigreeCorrections)
    .set({
      status: decision.approve ? 'approved' : 'rejected',
      decisionReason: decision.approve ? null : decision.reason,
      decidedBy: adminId,
      decidedAt: sql`now()`,
    })
    .where(eq(pedigreeCorrections.id, correctionId));
}
