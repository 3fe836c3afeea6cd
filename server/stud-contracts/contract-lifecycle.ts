import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  contractSigners,
  contractTemplates,
  contracts,
  studClients,
  studReservations,
} from '@/db/schema';
import type { User } from '../kernel/auth/users';
import { conflict, invalidField, validationError } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';
import type { FieldErrors } from '../kernel/validation';
import {
  actorLabel,
  contractStateConflict,
  insertContract,
  issueSigningLinks,
  lockContract,
  replaceSigners,
  sendContract,
  type Actor,
  type ContractRow,
} from './contract-flow';
import type { Contract, ContractFields, ContractUpdateFields } from './contract-schema';
import { getContract } from './contract-queries';
import { appendContractEvent, type Evidence } from './event-chain';

/*
 * A stud's moves on its contracts (B.7): write a draft, edit or delete it while a draft,
 * send it, remind its signers, void it. Each runs in the route's transaction and answers
 * the contract as read by `getContract`.
 */

/** A member acting on a contract, with the request's evidence. */
export const memberActor = (user: User, evidence: Evidence): Actor => ({
  userId: user.id,
  name: user.displayName,
  email: user.email,
  ...evidence,
});

const invalidId = (field: string) => [`The selected ${field.replace(/_/g, ' ')} is invalid.`];

const EXPIRY_PAST = 'The expiry must be in the future.';

/** `expires_at` as given: null clears it (30 days after sending), a past time → 422. */
function expiryOf(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at <= now) throw invalidField('expires_at', EXPIRY_PAST);
  return at;
}

async function isStudClient(tx: Database, studId: string, clientId: string): Promise<boolean> {
  const found = await tx
    .select({ id: studClients.id })
    .from(studClients)
    .where(and(eq(studClients.studId, studId), eq(studClients.id, clientId)));
  return found.length > 0;
}

/**
 * POST /contracts: the references must be the stud's (a client, a reservation, an active
 * template; 422 on each at once). The client is the reservation's unless given; the body the
 * template's unless given (one of them is required); the kind the template's, else
 * `breeding` for a reservation, else `other`.
 */
export async function createContract(
  tx: Database,
  stud: Organization,
  actor: Actor,
  input: ContractFields,
  now: Date = new Date(),
): Promise<Contract> {
  const errors: FieldErrors = {};
  let clientId = input.client_id ?? null;
  if (clientId && !(await isStudClient(tx, stud.id, clientId)))
    errors.client_id = invalidId('client_id');
  if (input.reservation_id) {
    const [reservation] = await tx
      .select({ clientId: studReservations.clientId })
      .from(studReservations)
      .where(
        and(eq(studReservations.studId, stud.id), eq(studReservations.id, input.reservation_id)),
      );
    if (!reservation) errors.reservation_id = invalidId('reservation_id');
    else if (input.client_id === undefined) clientId = reservation.clientId;
  }
  const [template] = input.template_id
    ? await tx
        .select()
        .from(contractTemplates)
        .where(
          and(
            eq(contractTemplates.studId, stud.id),
            eq(contractTemplates.id, input.template_id),
            eq(contractTemplates.active, true),
          ),
        )
    : [];
  if (input.template_id && !template) errors.template_id = invalidId('template_id');
  const body = input.body ?? template?.body;
  if (!body && !errors.template_id)
    errors.body = ['The body field is required without a template.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const row = await insertContract(
    tx,
    stud,
    {
      kind: input.kind ?? template?.kind ?? (input.reservation_id ? 'breeding' : 'other'),
      title: input.title,
      body: body!,
      clientId,
      reservationId: input.reservation_id ?? null,
      templateId: template?.id ?? null,
      expiresAt: expiryOf(input.expires_at, now) ?? null,
    },
    input.signers,
    actor,
  );
  return getContract(tx, stud, row.id);
}

/** The draft `contractId`, locked; any other state → 409 naming it. */
async function lockDraft(
  tx: Database,
  studId: string,
  contractId: string,
  action: string,
): Promise<ContractRow> {
  const contract = await lockContract(tx, studId, contractId);
  if (contract.status !== 'draft') throw contractStateConflict(contract.status, action);
  return contract;
}

/** PUT /contracts/{id}: a draft's fields given; `signers` replaces them all. */
export async function updateContract(
  tx: Database,
  stud: Organization,
  contractId: string,
  input: ContractUpdateFields,
  now: Date = new Date(),
): Promise<Contract> {
  const contract = await lockDraft(tx, stud.id, contractId, 'be edited');
  if (input.client_id && !(await isStudClient(tx, stud.id, input.client_id)))
    throw validationError({ client_id: invalidId('client_id') });
  await tx
    .update(contracts)
    .set({
      kind: input.kind,
      title: input.title,
      clientId: input.client_id,
      body: input.body,
      expiresAt: expiryOf(input.expires_at, now),
      updatedAt: now,
    })
    .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contract.id)));
  if (input.signers) await replaceSigners(tx, stud.id, contract.id, input.signers);
  return getContract(tx, stud, contract.id);
}

/** DELETE /contracts/{id}: a draft only; its signers and events go with it. */
export async function deleteContract(
  tx: Database,
  stud: Organization,
  contractId: string,
): Promise<void> {
  const contract = await lockDraft(tx, stud.id, contractId, 'be deleted');
  await tx
    .delete(contracts)
    .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contract.id)));
}

/** POST /contracts/{id}/send: see `sendContract`. */
export async function sendDraft(
  tx: Database,
  stud: Organization,
  contractId: string,
  expiresAt: string | undefined,
  actor: Actor,
  appUrl: string,
): Promise<Contract> {
  const sent = await sendContract(
    tx,
    stud,
    contractId,
    expiresAt === undefined ? undefined : new Date(expiresAt),
    actor,
    appUrl,
  );
  return getContract(tx, stud, sent.id);
}

const SIGNING: readonly ContractRow['status'][] = ['sent', 'partially_signed'];

/**
 * POST /contracts/{id}/remind: while the contract is out for signing and its links live, a
 * new link to the signer given (one who has not signed) or to every signer who has not
 * signed; their earlier links stop working. One `reminded` event per signer.
 */
export async function remindSigners(
  tx: Database,
  stud: Organization,
  contractId: string,
  signerId: string | undefined,
  actor: Actor,
  appUrl: string,
  now: Date = new Date(),
): Promise<Contract> {
  const contract = await lockContract(tx, stud.id, contractId);
  if (!SIGNING.includes(contract.status))
    throw contractStateConflict(contract.status, 'be reminded');
  // The expiry job may not have run yet: past its time the contract is expired already.
  if (contract.expiresAt && contract.expiresAt <= now)
    throw contractStateConflict('expired', 'be reminded');
  const signers = await tx
    .select()
    .from(contractSigners)
    .where(
      and(
        eq(contractSigners.studId, stud.id),
        eq(contractSigners.contractId, contract.id),
        notInArray(contractSigners.status, ['signed', 'declined']),
        ...(signerId ? [eq(contractSigners.id, signerId)] : []),
      ),
    )
    .orderBy(contractSigners.position);
  if (signerId && signers.length === 0)
    throw invalidField(
      'signer_id',
      'The signer id must be a signer of this contract who has not signed.',
    );
  await issueSigningLinks(tx, stud, contract, signers, appUrl);
  for (const signer of signers)
    await appendContractEvent(
      tx,
      stud.id,
      contract.id,
      {
        type: 'reminded',
        actor: actorLabel(actor),
        actorUserId: actor.userId,
        signerId: signer.id,
        ip: actor.ip,
        userAgent: actor.userAgent,
        details: { signer: signer.name },
      },
      now,
    );
  return getContract(tx, stud, contract.id);
}

const VOIDABLE: readonly ContractRow['status'][] = ['draft', 'sent', 'partially_signed', 'expired'];

/**
 * POST /contracts/{id}/void: a contract not signed, declined or voided ends, with the reason
 * (B.7 rule 4: a signed one stands; an amendment is a new contract). Its links then answer
 * 409 naming the state.
 */
export async function voidContract(
  tx: Database,
  stud: Organization,
  contractId: string,
  reason: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<Contract> {
  const contract = await lockContract(tx, stud.id, contractId);
  if (contract.status === 'signed')
    throw conflict('A signed contract is never voided; an amendment is a new contract.');
  if (!VOIDABLE.includes(contract.status))
    throw contractStateConflict(contract.status, 'be voided');
  await tx
    .update(contracts)
    .set({ status: 'voided', voidReason: reason, closedAt: now, updatedAt: now })
    .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contract.id)));
  await appendContractEvent(
    tx,
    stud.id,
    contract.id,
    {
      type: 'voided',
      actor: actorLabel(actor),
      actorUserId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { reason },
    },
    now,
  );
  return getContract(tx, stud, contract.id);
}
