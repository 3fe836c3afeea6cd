import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { organizations, verificationDocuments, verificationRequests } from '@/db/schema';
import { platformAdminIds } from '../kernel/auth/users';
import type { Config } from '../kernel/config';
import { conflict, invalidField, notFound } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { wakeOutboxWorker } from '../mail/worker';
import { notify } from '../notifications/notify';
import { notifyOwners } from './owner-notices';
import { getVerificationRequest } from './verification-queries';
import type { VerificationFields } from './verification-schema';

/**
 * An owner asks for verification: one pending request per organization (409, also a partial
 * unique index), documents among the organization's own media (422 `documents`); the
 * platform administrators are told (`admin.verification_requested`) in the same transaction.
 */
export async function requestVerification(
  db: Database,
  config: Config,
  organization: Organization,
  input: VerificationFields,
  userId: string,
) {
  const documents = [...new Set(input.documents)];
  const id = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: verificationRequests.id })
      .from(verificationRequests)
      .where(
        and(
          eq(verificationRequests.organizationId, organization.id),
          eq(verificationRequests.status, 'pending'),
        ),
      );
    if (pending) throw conflict('A verification request of this organization is pending.');
    if (documents.length > 0) {
      const [found] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from media
             where organization_id = ${organization.id} and id = any(${sql.param(documents)}::uuid[])`,
      );
      if (found!.n !== documents.length)
        throw invalidField('documents', 'Each document must be a file of this organization.');
    }
    const [created] = await tx
      .insert(verificationRequests)
      .values({
        organizationId: organization.id,
        legalName: input.legal_name,
        taxId: input.tax_id ?? null,
        registrationNumber: input.registration_number ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        requestedBy: userId,
      })
      .onConflictDoNothing()
      .returning({ id: verificationRequests.id });
    if (!created) throw conflict('A verification request of this organization is pending.');
    if (documents.length > 0) {
      await tx.insert(verificationDocuments).values(
        documents.map((mediaId, position) => ({
          organizationId: organization.id,
          requestId: created.id,
          mediaId,
          position,
        })),
      );
    }
    await notify(
      tx,
      (await platformAdminIds(tx, config)).map((adminId) => ({ userId: adminId })),
      'admin.verification_requested',
      {
        title: `${organization.name} asks to be verified`,
        body: `${input.legal_name} sent a verification request.`,
        link: `/admin/verification/${created.id}`,
        data: { organization_id: organization.id, verification_request_id: created.id },
      },
      config.appUrl,
    );
    return created.id;
  });
  wakeOutboxWorker();
  return getVerificationRequest(db, id, organization.id);
}

/**
 * Approves or rejects a pending request: one decision wins (a guarded update; the other →
 * 409). Approval verifies the organization; its owners are told either way.
 */
export async function decideVerification(
  db: Database,
  id: string,
  decision: { approve: boolean; reason: string | null | undefined },
  adminId: string,
  appUrl: string,
) {
  if (!isUuid(id)) throw notFound('Verification request');
  await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(verificationRequests)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        decisionReason: decision.reason ?? null,
        decidedBy: adminId,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'pending')))
      .returning({ organizationId: verificationRequests.organizationId });
    if (!decided) {
      const [exists] = await tx
        .select({ id: verificationRequests.id })
        .from(verificationRequests)
        .where(eq(verificationRequests.id, id));
      if (!exists) throw notFound('Verification request');
      throw conflict('This request is already decided.');
    }
    const [organization] = decision.approve
      ? await tx
          .update(organizations)
          .set({ verified: true, updatedAt: sql`now()` })
          .where(eq(organizations.id, decided.organizationId))
          .returning()
      : await tx.select().from(organizations).where(eq(organizations.id, decided.organizationId));
    await notifyOwners(
      tx,
      organization!,
      {
        title: decision.approve
          ? `${organization!.name} is verified`
          : `The verification of ${organization!.name} was declined`,
        body: decision.approve
          ? 'The platform verified your organization: its listings and certificates show it.'
          : `The platform declined the request${decision.reason ? `: ${decision.reason}` : '.'}`,
      },
      appUrl,
    );
  });
  wakeOutboxWorker();
  return getVerificationRequest(db, id);
}
