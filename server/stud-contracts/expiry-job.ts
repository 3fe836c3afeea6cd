import { and, inArray, lte } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { contracts, SIGNING_CONTRACT_STATUSES } from '@/db/schema';
import type { TimedJob } from '../kernel/jobs';
import { appendContractEvent, SYSTEM } from './event-chain';

/**
 * Contracts out for signing whose links are past their expiry become expired and closed
 * (B.7), each with an `expired` event by the system. Signers already meet the 409 before
 * this runs (signing.ts reads the expiry itself); this settles the state for the staff.
 * Idempotent: an expired contract is no longer out for signing.
 */
export async function expireContracts(db: Database, now: Date): Promise<number> {
  // The UPDATE locks each row it expires until the job commits: a signer waiting on that
  // lock then finds the contract expired, and one who signed first keeps it out of this set.
  const expired = await db
    .update(contracts)
    .set({ status: 'expired', closedAt: now, updatedAt: now })
    .where(and(inArray(contracts.status, SIGNING_CONTRACT_STATUSES), lte(contracts.expiresAt, now)))
    .returning({ studId: contracts.studId, id: contracts.id });
  // Each event hashes its own contract's previous one, so the events cannot be one INSERT:
  // one append per contract expired.
  for (const contract of expired)
    await appendContractEvent(
      db,
      contract.studId,
      contract.id,
      { type: 'expired', ...SYSTEM },
      now,
    );
  return expired.length;
}

export const expiryJob: TimedJob = {
  name: 'contracts.expire',
  everySeconds: 300,
  run: expireContracts,
};
