import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '@/db/client';
import {
  contracts,
  contractSigners,
  memberships,
  organizations,
  SIGNED_DOWNLOAD_DAYS,
  SIGNING_CONTRACT_STATUSES,
  users,
} from '@/db/schema';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { enqueueJob } from '../kernel/jobs';
import { hashLinkToken } from '../kernel/link-tokens';
import type { Organization } from '../kernel/trpc/init';
import { wakeOutboxWorker } from '../mail/worker';
import { notify } from '../notifications/notify';
import {
  actorLabel,
  contractStateConflict,
  lockContract,
  type ContractRow,
  type ContractStatus,
  type SignerRow,
} from './contract-flow';
import { contractDocument, type ContractDocument } from './contract-document';
import { CONSENT_TEXT, type PublicContract, type SignFields } from './contract-schema';
import { appendContractEvent, SYSTEM, type Evidence } from './event-chain';

/*
 * Signing a sent contract (DESIGN-MODULES B.7), shared by the public page (a signer's link)
 * and the app (a stud signer signed in). Each move is one transaction under the contract's
 * row lock, so two signers signing at once complete the contract once and seal it once.
 */

/** The queued job that renders and stores the sealed PDF (seal-job.ts). */
export const SEAL_JOB = 'contracts.seal';

const DAY_MS = 24 * 3600 * 1000;

type Signing = { stud: Organization; contract: ContractRow; signer: SignerRow };

const isSigning = (status: ContractStatus) =>
  (SIGNING_CONTRACT_STATUSES as readonly string[]).includes(status);

/**
 * The contract's state as a signer meets it: a sent contract past its expiry is expired even
 * before the expiry job has swept it.
 */
const stateAt = (contract: Pick<ContractRow, 'status' | 'expiresAt'>, now: Date): ContractStatus =>
  isSigning(contract.status) && contract.expiresAt && contract.expiresAt <= now
    ? 'expired'
    : contract.status;

/** Rule 2: a link works only while the contract is out for signing; else 409 naming the state. */
function assertSigning(
  contract: Pick<ContractRow, 'status' | 'expiresAt'>,
  now: Date,
  action: string,
): void {
  const state = stateAt(contract, now);
  if (!isSigning(state)) throw contractStateConflict(state, action);
}

async function studOf(tx: Database, studId: string): Promise<Organization> {
  const [stud] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      timezone: organizations.timezone,
      currency: organizations.currency,
    })
    .from(organizations)
    .where(eq(organizations.id, studId));
  return stud!;
}

async function signerOf(tx: Database, where: SQL | undefined): Promise<SignerRow | null> {
  const [signer] = await tx.select().from(contractSigners).where(where);
  return signer ?? null;
}

/**
 * The signer of a link token, with their stud and their contract, the contract's row locked
 * until the transaction ends; an unknown or replaced token is a 404 (0.2). The signer is read
 * again once the lock is held: a concurrent move of the same signer has committed by then.
 */
export async function signerByToken(tx: Database, token: string): Promise<Signing> {
  const byToken = eq(contractSigners.tokenHash, hashLinkToken(token));
  const found = await signerOf(tx, byToken);
  if (!found) throw notFound('Contract');
  const contract = await lockContract(tx, found.studId, found.contractId);
  const signer = await signerOf(tx, byToken);
  if (!signer) throw notFound('Contract');
  return { stud: await studOf(tx, found.studId), contract, signer };
}

const signerActor = (signer: SignerRow, evidence: Evidence, userId: string | null = null) => ({
  actor: actorLabel(signer),
  actorUserId: userId,
  signerId: signer.id,
  ...evidence,
});

/**
 * GET /public/contracts/{token}: the document as sent and what the signer agrees to. The
 * signer's first read records them as having viewed it (`viewed` event, with the evidence).
 */
export async function readByToken(
  db: Database,
  token: string,
  evidence: Evidence,
  now: Date = new Date(),
): Promise<PublicContract> {
  return db.transaction(async (tx) => {
    const { stud, contract, signer } = await signerByToken(tx, token);
    assertSigning(contract, now, 'be opened for signing');
    let status = signer.status;
    if (!signer.viewedAt) {
      status = signer.status === 'pending' ? 'viewed' : signer.status;
      await tx
        .update(contractSigners)
        .set({ viewedAt: now, status, updatedAt: now })
        .where(and(eq(contractSigners.studId, stud.id), eq(contractSigners.id, signer.id)));
      await appendContractEvent(
        tx,
        stud.id,
        contract.id,
        { type: 'viewed', ...signerActor(signer, evidence) },
        now,
      );
    }
    return {
      contract: {
        number: contract.number,
        title: contract.title,
        stud: { name: stud.name },
        status: contract.status,
        expires_at: contract.expiresAt?.toISOString() ?? null,
      },
      signer: { name: signer.name, role: signer.role, status },
      document_html: contract.documentHtml!,
      document_sha256: contract.documentSha256!,
      consent_text: CONSENT_TEXT,
    };
  });
}

/**
 * A drawn signature as it is kept and printed: decoded and written again as a PNG of at most
 * 600 × 200 pixels, so that what the sealed PDF embeds is an image it can draw (bytes that
 * are no image → 422, never a sealing job that fails).
 */
async function cleanSignatureImage(dataUrl: string): Promise<string> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const png = await sharp(bytes, { limitInputPixels: 4_000_000 })
      .resize(600, 200, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    throw invalidField('signature_image', 'The signature image field must be a PNG image.');
  }
}

/** Consent is the signer's act, checked before anything else, as the body's own validation. */
function assertConsent(input: SignFields): void {
  if (!input.consent)
    throw invalidField('consent', 'The consent field must be accepted to sign electronically.');
}

/** The owners and managers of the stud who are users: they hear of completions and declines. */
async function studStaff(tx: Database, studId: string) {
  return tx
    .select({ userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, studId), inArray(memberships.role, ['owner', 'manager'])),
    );
}

const contractLink = (contract: ContractRow) =>
  `/studs/${contract.studId}/contracts/${contract.id}`;

/**
 * The signature of `signer` (rule 1: consent given, the document as read), its `consented`
 * and `signed` events, and the contract's new state. The last signature completes it: the
 * `completed` event, the seal job and the staff's notice. The caller holds the row lock and
 * has checked rule 2. Answers the contract's status.
 */
async function applySignature(
  tx: Database,
  { stud, contract, signer }: Signing,
  input: SignFields,
  evidence: Evidence,
  userId: string | null,
  appUrl: string,
  now: Date,
): Promise<ContractStatus> {
  if (signer.status === 'signed') throw conflict('You have already signed this contract.');
  if (input.document_sha256 !== contract.documentSha256)
    throw conflict(
      'The document changed since you read it: read it again, then sign what you read.',
    );
  const image = input.signature_image ? await cleanSignatureImage(input.signature_image) : null;
  const by = signerActor(signer, evidence, userId);
  await appendContractEvent(tx, stud.id, contract.id, { type: 'consented', ...by }, now);
  await appendContractEvent(
    tx,
    stud.id,
    contract.id,
    { type: 'signed', ...by, details: { signed_name: input.signed_name } },
    now,
  );
  await tx
    .update(contractSigners)
    .set({
      status: 'signed',
      signedAt: now,
      signedName: input.signed_name,
      signatureImage: image,
      userId: userId ?? signer.userId,
      viewedAt: signer.viewedAt ?? now,
      updatedAt: now,
    })
    .where(and(eq(contractSigners.studId, stud.id), eq(contractSigners.id, signer.id)));
  const unsigned = await signerOf(
    tx,
    and(
      eq(contractSigners.studId, stud.id),
      eq(contractSigners.contractId, contract.id),
      ne(contractSigners.status, 'signed'),
    ),
  );
  if (unsigned) {
    await setContract(tx, contract, { status: 'partially_signed' }, now);
    return 'partially_signed';
  }
  await setContract(tx, contract, { status: 'signed', completedAt: now }, now);
  await appendContractEvent(tx, stud.id, contract.id, { type: 'completed', ...SYSTEM }, now);
  await enqueueJob(tx, SEAL_JOB, { studId: stud.id, contractId: contract.id, appUrl });
  await notify(
    tx,
    await studStaff(tx, stud.id),
    'stud.contract_signed',
    {
      title: `${contract.number} was signed by all`,
      body: `Every signer has signed “${contract.title}”. The sealed PDF is on its way to them.`,
      link: contractLink(contract),
      organizationId: stud.id,
      data: { contract_id: contract.id },
    },
    appUrl,
  );
  return 'signed';
}

async function setContract(
  tx: Database,
  contract: ContractRow,
  values: Partial<Pick<ContractRow, 'status' | 'completedAt' | 'closedAt'>>,
  now: Date,
): Promise<void> {
  await tx
    .update(contracts)
    .set({ ...values, updatedAt: now })
    .where(and(eq(contracts.studId, contract.studId), eq(contracts.id, contract.id)));
}

/** POST /public/contracts/{token}/sign: the signer of the link signs. */
export async function signByToken(
  db: Database,
  token: string,
  input: SignFields,
  evidence: Evidence,
  appUrl: string,
  now: Date = new Date(),
): Promise<{ status: ContractStatus }> {
  assertConsent(input);
  const status = await db.transaction(async (tx) => {
    const signing = await signerByToken(tx, token);
    assertSigning(signing.contract, now, 'be signed');
    return applySignature(tx, signing, input, evidence, null, appUrl, now);
  });
  // The last signature queued the staff's notices.
  if (status === 'signed') wakeOutboxWorker();
  return { status };
}

/**
 * POST /studs/{studId}/contracts/{contractId}/sign: the caller signs in the app as the
 * contract's stud signer, which they are when a signer of role `stud` has their e-mail and
 * their provider verified it. Anyone else meets a 409 (the route's permission they have).
 */
export async function signInApp(
  db: Database,
  stud: Organization,
  contractId: string,
  user: { id: string; email: string | null; emailVerified: boolean },
  input: SignFields,
  evidence: Evidence,
  appUrl: string,
  now: Date = new Date(),
): Promise<{ status: ContractStatus }> {
  assertConsent(input);
  const status = await db.transaction(async (tx) => {
    const contract = await lockContract(tx, stud.id, contractId);
    assertSigning(contract, now, 'be signed');
    const signers = await tx
      .select()
      .from(contractSigners)
      .where(
        and(
          eq(contractSigners.studId, stud.id),
          eq(contractSigners.contractId, contract.id),
          eq(contractSigners.role, 'stud'),
        ),
      );
    const email = user.emailVerified ? user.email?.toLowerCase() : undefined;
    const signer = email && signers.find((s) => s.email.toLowerCase() === email);
    if (!signer)
      throw conflict(
        'You are not a stud signer of this contract: a signer of role stud must have your e-mail, and your e-mail must be verified.',
      );
    return applySignature(tx, { stud, contract, signer }, input, evidence, user.id, appUrl, now);
  });
  if (status === 'signed') wakeOutboxWorker();
  return { status };
}

/**
 * POST /public/contracts/{token}/decline: the signer refuses; the contract is declined for
 * everyone and closed, and the stud's owners and managers hear of it.
 */
export async function declineByToken(
  db: Database,
  token: string,
  reason: string,
  evidence: Evidence,
  appUrl: string,
  now: Date = new Date(),
): Promise<{ status: ContractStatus }> {
  await db.transaction(async (tx) => {
    const { stud, contract, signer } = await signerByToken(tx, token);
    assertSigning(contract, now, 'be declined');
    if (signer.status === 'signed')
      throw conflict('You have signed this contract: you can no longer decline it.');
    await tx
      .update(contractSigners)
      .set({ status: 'declined', declinedAt: now, declineReason: reason, updatedAt: now })
      .where(and(eq(contractSigners.studId, stud.id), eq(contractSigners.id, signer.id)));
    await setContract(tx, contract, { status: 'declined', closedAt: now }, now);
    await appendContractEvent(
      tx,
      stud.id,
      contract.id,
      { type: 'declined', ...signerActor(signer, evidence), details: { reason } },
      now,
    );
    await notify(
      tx,
      await studStaff(tx, stud.id),
      'stud.contract_declined',
      {
        title: `${contract.number} was declined`,
        body: `${signer.name} declined “${contract.title}”: ${reason}`,
        link: contractLink(contract),
        organizationId: stud.id,
        data: { contract_id: contract.id, signer_id: signer.id },
      },
      appUrl,
    );
  });
  wakeOutboxWorker();
  return { status: 'declined' };
}

/**
 * The PDF a link opens (contract-document.ts draws or opens it). While the contract is out
 * for signing: the document, watermarked NOT SIGNED. Once signed: the sealed PDF for 90 days
 * after completion (rule 2), by the signing link or the completion e-mail's download link;
 * 409 while it is being sealed, and afterwards. Only reads: no lock, no event.
 */
export async function documentByToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<ContractDocument> {
  const hash = hashLinkToken(token);
  const [contract] = await db
    .select({
      studId: contracts.studId,
      id: contracts.id,
      status: contracts.status,
      expiresAt: contracts.expiresAt,
      completedAt: contracts.completedAt,
    })
    .from(contractSigners)
    .innerJoin(
      contracts,
      and(
        eq(contracts.studId, contractSigners.studId),
        eq(contracts.id, contractSigners.contractId),
      ),
    )
    .where(or(eq(contractSigners.tokenHash, hash), eq(contractSigners.downloadTokenHash, hash)));
  if (!contract) throw notFound('Contract');
  if (contract.status !== 'signed') assertSigning(contract, now, 'be downloaded');
  else if (now.getTime() >= contract.completedAt!.getTime() + SIGNED_DOWNLOAD_DAYS * DAY_MS)
    throw conflict(
      `The contract is signed, and its signed copy could be downloaded by this link for ${SIGNED_DOWNLOAD_DAYS} days after the last signature: ask the stud for a copy.`,
    );
  return contractDocument(db, await studOf(db, contract.studId), contract.id);
}
