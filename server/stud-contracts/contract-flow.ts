import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  contractSigners,
  contracts,
  DEFAULT_SIGNING_DAYS,
  type CONTRACT_STATUSES,
} from '@/db/schema';
import { formatNumber, nextNumber } from '../kernel/counters';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { newLinkToken } from '../kernel/link-tokens';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { clientDisplayName } from '../stud-crm/client-name';
import type { SignerFields } from './contract-schema';
import { renderDocumentHtml, sha256Hex } from './document';
import { appendContractEvent, type Evidence } from './event-chain';
import {
  fillKnownPlaceholders,
  fillPlaceholders,
  markdownText,
  type PlaceholderValues,
} from './placeholders';

/*
 * The shared moves of a contract (B.7): numbering and inserting one with its signers and its
 * `created` event, filling its placeholders, sending it, issuing signers' links. The routes
 * (contracts.ts, public-contracts.ts) and the reservations (a confirmed one drafts its
 * contract) call these in their own transaction.
 */

export type ContractRow = typeof contracts.$inferSelect;
export type SignerRow = typeof contractSigners.$inferSelect;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Who acts on a contract: a member (by their user) or a signer, with the request's evidence. */
export type Actor = Evidence & { userId: string | null; name: string; email: string | null };

export const actorLabel = (actor: Pick<Actor, 'name' | 'email'>) =>
  actor.email ? `${actor.name} <${actor.email}>` : actor.name;

const STATUS_LABEL: Record<ContractStatus, string> = {
  draft: 'a draft',
  sent: 'sent',
  partially_signed: 'partially signed',
  signed: 'signed',
  declined: 'declined',
  expired: 'expired',
  voided: 'voided',
};

/** The 409 of a move the contract's state forbids, naming that state. */
export const contractStateConflict = (status: ContractStatus, action: string) =>
  conflict(`The contract is ${STATUS_LABEL[status]}: it cannot ${action}.`);

/** The contract `id` of the stud, its row locked until the caller's transaction ends; else 404. */
export async function lockContract(tx: Database, studId: string, id: string): Promise<ContractRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(contracts)
        .where(and(eq(contracts.studId, studId), eq(contracts.id, id)))
        .for('update')
    : [];
  if (!row) throw notFound('Contract');
  return row;
}

export type NewContract = Pick<ContractRow, 'kind' | 'title' | 'body'> &
  Partial<Pick<ContractRow, 'clientId' | 'reservationId' | 'templateId' | 'expiresAt'>>;

/**
 * Inserts a draft contract numbered `C-<year>-0001` in the stud's series for the year of its
 * time zone, with its signers and its `created` event. References are the caller's to check.
 */
export async function insertContract(
  tx: Database,
  stud: Organization,
  values: NewContract,
  signers: readonly SignerFields[],
  actor: Actor,
): Promise<ContractRow> {
  const year = Number(todayIn(stud.timezone).slice(0, 4));
  const number = formatNumber('C', year, await nextNumber(tx, stud.id, 'contracts', year));
  const [row] = await tx
    .insert(contracts)
    .values({ ...values, studId: stud.id, number, createdBy: actor.userId })
    .returning();
  await replaceSigners(tx, stud.id, row!.id, signers);
  if (values.reservationId) await linkToReservation(tx, stud.id, values.reservationId, row!.id);
  await appendContractEvent(tx, stud.id, row!.id, {
    type: 'created',
    actor: actorLabel(actor),
    actorUserId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { number },
  });
  return row!;
}

/**
 * Makes `contractId` the reservation's contract (the one its signature gate reads) unless it
 * already has one still in force: a voided, declined or expired contract is replaced.
 */
async function linkToReservation(
  tx: Database,
  studId: string,
  reservationId: string,
  contractId: string,
): Promise<void> {
  await tx.execute(
    sql`update stud_reservations r set contract_id = ${contractId}
         where r.stud_id = ${studId} and r.id = ${reservationId}
           and (r.contract_id is null or exists (
                 select 1 from contracts c
                  where c.stud_id = r.stud_id and c.id = r.contract_id
                    and c.status in ('voided', 'declined', 'expired')))`,
  );
}

/** A draft's signers become `signers` (one delete, one insert). */
export async function replaceSigners(
  tx: Database,
  studId: string,
  contractId: string,
  signers: readonly SignerFields[],
): Promise<void> {
  await tx
    .delete(contractSigners)
    .where(and(eq(contractSigners.studId, studId), eq(contractSigners.contractId, contractId)));
  if (signers.length === 0) return;
  await tx.insert(contractSigners).values(
    signers.map((s) => ({
      studId,
      contractId,
      name: s.name,
      email: s.email,
      role: s.role,
      position: s.order,
    })),
  );
}

const GUARANTEE: Record<string, string> = {
  none: 'none',
  positive_pregnancy: 'a positive pregnancy',
  live_foal: 'a live foal (stands and nurses)',
};
const METHOD: Record<string, string> = {
  natural_cover: 'natural cover',
  fresh_semen: 'fresh (chilled) semen',
  frozen_semen: 'frozen semen',
};

type Reservation = {
  season: string;
  mare: string;
  stallion: string;
  method: string;
  delivery: string;
  stud_fee: string;
  booking_fee: string;
  doses_included: number;
  extra_dose_price: string | null;
  shipping_fee: string | null;
  guarantee: string;
  balance_due_on: string;
  balance_due_date: string | null;
  confirmation_day: number;
  substitute_mare_allowed: boolean;
};

const horseName = (alias: string) =>
  sql.raw(
    `case when ${alias}.registered_name is not null and ${alias}.registered_name <> ${alias}.name
          then ${alias}.name || ' (' || ${alias}.registered_name || ')' else ${alias}.name end`,
  );

/**
 * The placeholders' values for a contract of `stud` (B.7), as Markdown: the stud and today
 * always; the client when there is one; the rest from the reservation's terms snapshot.
 * One statement.
 */
export async function placeholderValues(
  tx: Database,
  stud: Organization,
  refs: { clientId: string | null; reservationId: string | null },
  now: Date = new Date(),
): Promise<PlaceholderValues> {
  const [row] = await queryRows<{ client: string | null; reservation: Reservation | null }>(
    tx,
    sql`select
          (select ${clientDisplayName} from stud_clients c
            where c.stud_id = ${stud.id} and c.id = ${refs.clientId}) as client,
          (select json_build_object(
                    'season', r.season, 'mare', ${horseName('mi')}, 'stallion', ${horseName('si')},
                    'method', r.method, 'delivery', r.delivery, 'stud_fee', r.stud_fee::text,
                    'booking_fee', r.booking_fee::text, 'doses_included', r.doses_included,
                    'extra_dose_price', r.extra_dose_price::text,
                    'shipping_fee', r.shipping_fee::text,
                    'guarantee', r.guarantee, 'balance_due_on', r.balance_due_on,
                    'balance_due_date', r.balance_due_date, 'confirmation_day', r.confirmation_day,
                    'substitute_mare_allowed', r.substitute_mare_allowed)
             from stud_reservations r
             join stud_horses m on m.stud_id = r.stud_id and m.id = r.mare_id
             join horse_identities mi on mi.id = m.horse_identity_id
             join stud_horses s on s.stud_id = r.stud_id and s.id = r.stallion_id
             join horse_identities si on si.id = s.horse_identity_id
            where r.stud_id = ${stud.id} and r.id = ${refs.reservationId}) as reservation`,
  );
  const values: PlaceholderValues = {
    stud: markdownText(stud.name),
    today: todayIn(stud.timezone, now),
  };
  if (row?.client) values.client = markdownText(row.client);
  const r = row?.reservation;
  if (!r) return values;
  const money = (amount: string) => `${stud.currency} ${amount}`;
  const balanceDue: Record<string, string> = {
    confirmation: 'on confirmation of the reservation',
    pregnancy_confirmed: `when the pregnancy is confirmed (day ${r.confirmation_day})`,
    live_foal: 'on the birth of a live foal',
    fixed_date: `on ${r.balance_due_date}`,
  };
  values.season = markdownText(r.season);
  values.mare = markdownText(r.mare);
  values.stallion = markdownText(r.stallion);
  values.terms = [
    `- Breeding by ${METHOD[r.method]}${r.delivery === 'shipped' ? ', shipped to the mare' : ', at the stud'}`,
    `- Doses included: ${r.doses_included}`,
    `- Guarantee: ${GUARANTEE[r.guarantee]}`,
    `- Balance of the stud fee due ${balanceDue[r.balance_due_on]}`,
    `- Pregnancy confirmed by a check on day ${r.confirmation_day} after the breeding`,
    `- Substitution of the mare: ${r.substitute_mare_allowed ? 'allowed' : 'not allowed'}`,
  ].join('\n');
  values.fees = [
    `- Stud fee: ${money(r.stud_fee)}`,
    `- Booking fee (part of the stud fee, due on confirmation): ${money(r.booking_fee)}`,
    ...(r.extra_dose_price ? [`- Each extra dose: ${money(r.extra_dose_price)}`] : []),
    ...(r.shipping_fee ? [`- Shipping: ${money(r.shipping_fee)}`] : []),
  ].join('\n');
  return values;
}

/**
 * The contract's body with its placeholders filled, as a sent document would read now; a
 * draft's preview keeps a placeholder without a value as written.
 */
export async function draftMarkdown(
  tx: Database,
  stud: Organization,
  contract: ContractRow,
): Promise<string> {
  return fillKnownPlaceholders(contract.body, await placeholderValues(tx, stud, contract));
}

/**
 * Sends a draft (B.7): its placeholders filled (422 `body` naming any without a value), the
 * document rendered and frozen with its SHA-256, the link's expiry set (default 30 days), one
 * token and one `contract-signing` e-mail per signer, and the `sent` event. Caller's
 * transaction; answers the contract as sent.
 */
export async function sendContract(
  tx: Database,
  stud: Organization,
  contractId: string,
  expiresAt: Date | undefined,
  actor: Actor,
  appUrl: string,
  now: Date = new Date(),
): Promise<ContractRow> {
  const contract = await lockContract(tx, stud.id, contractId);
  if (contract.status !== 'draft') throw contractStateConflict(contract.status, 'be sent');
  const signers = await tx
    .select()
    .from(contractSigners)
    .where(and(eq(contractSigners.studId, stud.id), eq(contractSigners.contractId, contractId)));
  if (signers.length === 0)
    throw invalidField('signers', 'The contract needs a signer to be sent.');
  const expires =
    expiresAt ??
    contract.expiresAt ??
    new Date(now.getTime() + DEFAULT_SIGNING_DAYS * 24 * 3600 * 1000);
  if (expires <= now) throw invalidField('expires_at', 'The expiry must be in the future.');
  const filled = fillPlaceholders(contract.body, await placeholderValues(tx, stud, contract, now));
  if (filled.markdown === null)
    throw invalidField(
      'body',
      `The placeholders ${filled.missing.map((n) => `{{${n}}}`).join(', ')} have no value for this contract (a client, or a reservation for the mare, stallion, season, terms and fees).`,
    );
  const html = renderDocumentHtml(filled.markdown);
  const [sent] = await tx
    .update(contracts)
    .set({
      status: 'sent',
      documentMarkdown: filled.markdown,
      documentHtml: html,
      documentSha256: sha256Hex(html),
      expiresAt: expires,
      sentAt: now,
      updatedAt: now,
    })
    .where(and(eq(contracts.studId, stud.id), eq(contracts.id, contractId)))
    .returning();
  await appendContractEvent(
    tx,
    stud.id,
    contractId,
    {
      type: 'sent',
      actor: actorLabel(actor),
      actorUserId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { document_sha256: sent!.documentSha256!, expires_at: expires.toISOString() },
    },
    now,
  );
  await issueSigningLinks(tx, stud, sent!, signers, appUrl);
  return sent!;
}

/** The public signing page of a token (app/sign/[token]). */
export const signingUrl = (appUrl: string, token: string) => `${appUrl}/sign/${token}`;

/**
 * A new link for each of `signers`: the token's hash replaces theirs (an earlier link stops
 * working) and a `contract-signing` e-mail carries the token. One update for all of them.
 */
export async function issueSigningLinks(
  tx: Database,
  stud: Organization,
  contract: ContractRow,
  signers: readonly SignerRow[],
  appUrl: string,
): Promise<void> {
  if (signers.length === 0) return;
  const links = signers.map((signer) => ({ signer, ...newLinkToken() }));
  // The map goes as text: postgres.js would send an object parameter unencoded.
  const hashes = JSON.stringify(Object.fromEntries(links.map((l) => [l.signer.id, l.hash])));
  await tx
    .update(contractSigners)
    .set({
      tokenHash: sql`(${hashes}::text::jsonb ->> ${contractSigners.id}::text)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(contractSigners.studId, stud.id),
        inArray(
          contractSigners.id,
          links.map((l) => l.signer.id),
        ),
      ),
    );
  for (const link of links) {
    const email = await renderEmail('contract-signing', {
      signerName: link.signer.name,
      studName: stud.name,
      contractTitle: contract.title,
      contractNumber: contract.number,
      expiresOn: todayIn(stud.timezone, contract.expiresAt!),
      signUrl: signingUrl(appUrl, link.token),
    });
    await queueEmail(tx, email, { to: link.signer.email });
  }
}
