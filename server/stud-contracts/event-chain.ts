import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contractEvents, type CONTRACT_EVENT_TYPES } from '@/db/schema';
import type { Config } from '../kernel/config';
import { peerAddress } from '../kernel/http/peer-address';
import { sha256Hex } from './document';

/*
 * The contract's evidence (B.7): events appended under the contract's row lock, each hashed
 * with the hash before it. Verifying recomputes every hash from the stored fields, so an
 * event altered, removed or moved in the table shows where the chain breaks.
 */

export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];
export type ContractEventRow = typeof contractEvents.$inferSelect;

/** Where a request came from, as evidence: the client's address and its user agent. */
export type Evidence = { ip: string | null; userAgent: string | null };

export type NewContractEvent = Evidence & {
  type: ContractEventType;
  /** Who acted: a user's or signer's name and e-mail, or `system`. */
  actor: string;
  actorUserId?: string | null;
  signerId?: string | null;
  details?: Record<string, string>;
};

/**
 * The address and user agent of a request. Behind a proxy (`TRUST_PROXY=1`) the address is
 * the last `X-Forwarded-For` entry (the one our proxy added), else the socket's; unknown
 * under `npm run dev`, whose route handlers see no socket.
 */
export function evidenceOf(req: Request, config: Pick<Config, 'trustProxy'>): Evidence {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  const ip = (config.trustProxy ? forwarded : peerAddress()) || null;
  return {
    ip: ip?.slice(0, 100) ?? null,
    userAgent: req.headers.get('user-agent')?.slice(0, 500) || null,
  };
}

/** The system's own acts (expiry, completion): no request behind them. */
export const SYSTEM: Evidence & { actor: string } = { actor: 'system', ip: null, userAgent: null };

type Hashed = Pick<
  ContractEventRow,
  | 'contractId'
  | 'seq'
  | 'type'
  | 'signerId'
  | 'actor'
  | 'actorUserId'
  | 'ip'
  | 'userAgent'
  | 'details'
  | 'occurredAt'
  | 'prevHash'
>;

/** SHA-256 of the event's fields in a fixed order and of the previous event's hash. */
export function eventHash(event: Hashed): string {
  const details = Object.fromEntries(
    Object.entries(event.details).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return sha256Hex(
    JSON.stringify([
      event.prevHash ?? '',
      event.contractId,
      event.seq,
      event.type,
      event.signerId ?? null,
      event.actor,
      event.actorUserId ?? null,
      event.ip ?? null,
      event.userAgent ?? null,
      details,
      event.occurredAt.toISOString(),
    ]),
  );
}

/**
 * Appends an event to the contract's chain. The caller holds the contract's row lock (its
 * transaction updated or locked the row), so events are appended one at a time; the unique
 * `(contract, seq)` would refuse a fork anyway.
 */
export async function appendContractEvent(
  tx: Database,
  studId: string,
  contractId: string,
  event: NewContractEvent,
  now: Date = new Date(),
): Promise<ContractEventRow> {
  const [last] = await tx
    .select({ seq: contractEvents.seq, hash: contractEvents.hash })
    .from(contractEvents)
    .where(and(eq(contractEvents.studId, studId), eq(contractEvents.contractId, contractId)))
    .orderBy(desc(contractEvents.seq))
    .limit(1);
  const fields: Hashed = {
    contractId,
    seq: (last?.seq ?? 0) + 1,
    type: event.type,
    signerId: event.signerId ?? null,
    actor: event.actor,
    actorUserId: event.actorUserId ?? null,
    ip: event.ip,
    userAgent: event.userAgent,
    details: event.details ?? {},
    // Milliseconds, as JavaScript reads it back: the hash is recomputed from the stored value.
    occurredAt: new Date(now.getTime()),
    prevHash: last?.hash ?? null,
  };
  const [row] = await tx
    .insert(contractEvents)
    .values({ studId, ...fields, hash: eventHash(fields) })
    .returning();
  return row!;
}

/**
 * Checks a contract's events in `seq` order: each links to the hash before it, carries the
 * hash of its own fields, and the numbers run 1, 2, 3... Answers the first event that fails.
 */
export function verifyChain(events: readonly ContractEventRow[]): {
  valid: boolean;
  broken_at: number | null;
} {
  let prev: string | null = null;
  for (const [index, event] of events.entries()) {
    if (event.seq !== index + 1 || event.prevHash !== prev || event.hash !== eventHash(event))
      return { valid: false, broken_at: event.seq };
    prev = event.hash;
  }
  return { valid: true, broken_at: null };
}
