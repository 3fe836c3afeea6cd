import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contractEvents, contractSigners, contracts, media, organizations } from '@/db/schema';
import type { Config } from '../kernel/config';
import { todayIn } from '../kernel/fields/calendar';
import type { QueuedJob } from '../kernel/jobs';
import { newLinkToken } from '../kernel/link-tokens';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { mediaStore } from '../media/store';
import { lockContract } from './contract-flow';
import { renderContractPdf } from './contract-pdf';
import { sha256Hex } from './document';
import { SEAL_JOB } from './signing';

/*
 * Rule 3 of B.7: once the last signer has signed, the sealed PDF (the document, the signed
 * names and images, the event log, the hashes) is rendered after the commit, outside the
 * signer's request, stored as the stud's media, and sent to every signer.
 */

/** The completion e-mail's link: the sealed PDF by the signer's download token. */
const documentUrl = (appUrl: string, token: string) =>
  `${appUrl}/api/public/contracts/${token}/document`;

/**
 * Seals the contract: renders the PDF, stores it and its SHA-256 (of the exact bytes stored),
 * and gives each signer a download link by a `contract-completed` e-mail. Idempotent: a
 * contract already sealed, or not signed, is left as it is. Holds the contract's row lock.
 */
export async function sealContract(
  tx: Database,
  studId: string,
  contractId: string,
  appUrl: string,
  config: Pick<Config, 'mediaStore'>,
): Promise<boolean> {
  const contract = await lockContract(tx, studId, contractId);
  if (contract.status !== 'signed' || contract.signedPdfId) return false;
  const [stud] = await tx
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, studId));
  const signers = await tx
    .select()
    .from(contractSigners)
    .where(and(eq(contractSigners.studId, studId), eq(contractSigners.contractId, contractId)))
    .orderBy(asc(contractSigners.position));
  const events = await tx
    .select()
    .from(contractEvents)
    .where(and(eq(contractEvents.studId, studId), eq(contractEvents.contractId, contractId)))
    .orderBy(asc(contractEvents.seq));
  const pdf = await renderContractPdf({
    studName: stud!.name,
    number: contract.number,
    title: contract.title,
    timezone: stud!.timezone,
    markdown: contract.documentMarkdown!,
    watermark: null,
    documentSha256: contract.documentSha256,
    signers,
    events,
  });
  const sha256 = sha256Hex(pdf);
  const store = mediaStore(config.mediaStore);
  const id = randomUUID();
  const key = `${studId}/${id}.pdf`;
  try {
    await tx.insert(media).values({
      id,
      organizationId: studId,
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      sha256,
      store: store.kind,
      storageKey: key,
      filename: `${contract.number}-signed.pdf`,
    });
    await store.put(tx, { mediaId: id, key, contentType: 'application/pdf' }, pdf);
    await tx
      .update(contracts)
      .set({ signedPdfId: id, signedPdfSha256: sha256, updatedAt: sql`now()` })
      .where(and(eq(contracts.studId, studId), eq(contracts.id, contractId)));
    const completedOn = todayIn(stud!.timezone, contract.completedAt!);
    for (const signer of signers) {
      const link = newLinkToken();
      await tx
        .update(contractSigners)
        .set({ downloadTokenHash: link.hash, updatedAt: sql`now()` })
        .where(and(eq(contractSigners.studId, studId), eq(contractSigners.id, signer.id)));
      const email = await renderEmail('contract-completed', {
        recipientName: signer.name,
        studName: stud!.name,
        contractTitle: contract.title,
        contractNumber: contract.number,
        completedOn,
        documentUrl: documentUrl(appUrl, link.token),
      });
      await queueEmail(tx, email, { to: signer.email });
    }
  } catch (error) {
    // A bucket's object is written at once: it must not outlive the rolled-back row.
    await store.discard(key).catch(() => undefined);
    throw error;
  }
  return true;
}

/** `contracts.seal {studId, contractId, appUrl}`, queued by the last signature (signing.ts). */
export const sealJob: QueuedJob = {
  name: SEAL_JOB,
  run: (db, payload, _now, config) =>
    sealContract(
      db,
      String(payload.studId),
      String(payload.contractId),
      String(payload.appUrl),
      config,
    ),
};
