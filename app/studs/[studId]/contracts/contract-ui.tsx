'use client';

import type { Contract } from '@/server/stud-contracts/contract-schema';
import { Badge, humanize, useRefresh } from '../../../components/ui';
import { useTRPC } from '../../../trpc';

/*
 * A contract in words (DESIGN-MODULES B.7), as the list, the contract's page and its forms
 * say it: its state and its signers' states, a moment's day in the stud's time zone, the PDF's
 * route.
 */

type Status = Contract['status'];
type SignerStatus = Contract['signers'][number]['status'];

const TONE: Partial<Record<Status | SignerStatus, 'ok' | 'bad'>> = {
  signed: 'ok',
  declined: 'bad',
  expired: 'bad',
  voided: 'bad',
};

export function ContractStatusBadge({ status }: { status: Status }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}

export function SignerStatusBadge({ status }: { status: SignerStatus }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}

/** While a contract is out for signing, its signers may sign and be reminded. */
export const SIGNING: readonly Status[] = ['sent', 'partially_signed'];

/** "1 of 2 signed". */
export const signedCount = (contract: Pick<Contract, 'signers'>) =>
  `${contract.signers.filter((s) => s.status === 'signed').length} of ${contract.signers.length} signed`;

/** A moment (ISO) as its day in `timezone`, YYYY-MM-DD (a date field's value). */
export const dayIn = (timezone: string, at: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' }).format(new Date(at));

/** The contract's document as a PDF (watermarked until signed), for a member of the stud. */
export const documentUrl = (studId: string, contractId: string) =>
  `/api/studs/${studId}/contracts/${contractId}/document`;

/** The last moment of a day (`YYYY-MM-DD`) in the member's own time, as ISO; blank: none. */
export function endOfDay(day: unknown) {
  if (typeof day !== 'string' || day.trim() === '') return undefined;
  const moment = new Date(`${day}T23:59:59`);
  // An impossible date goes to the schema as typed, which refuses it.
  return Number.isNaN(moment.getTime()) ? day : moment.toISOString();
}

/** The queries a contract's write changes: the contracts (lists, pages, event logs). */
export function useContractsRefresh() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  return () => refresh([trpc.studContracts.pathKey()]);
}
