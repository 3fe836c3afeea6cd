'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { CORRECTION_STATUSES, type Correction } from '@/server/pedigree/identity-schema';
import {
  Badge,
  Button,
  Card,
  Empty,
  FilterBar,
  FilterSelect,
  formatDate,
  formatDateTime,
  humanize,
  Input,
  Label,
  Pager,
  QueryState,
  useListFilters,
  useWriteOutcome,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { wordOptions } from '@/app/components/ui';

type Status = (typeof CORRECTION_STATUSES)[number] | '';

/** The fields of an identity that hold a calendar date (`YYYY-MM-DD`). */
const DATE_FIELDS = ['birth_date', 'deceased_on'];

/** A proposed value as words: a date as every date of the app, the sex as a word. */
function changeText(field: string, value: unknown): string {
  if (value === null) return 'cleared';
  if (typeof value === 'string' && DATE_FIELDS.includes(field)) return formatDate(value);
  if (typeof value === 'string' && field === 'sex') return humanize(value);
  return String(value);
}

/** Corrections filed by schools and studs: pending first, oldest first; approve or reject. */
export default function AdminCorrectionsPage() {
  return (
    <AdminShell title="Pedigree corrections">
      <Corrections />
    </AdminShell>
  );
}

function Corrections() {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ status: '' as Status });
  const corrections = useQuery({
    ...trpc.admin.pedigree.corrections.queryOptions({
      page,
      per_page: 20,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <FilterBar>
        <FilterSelect
          id="correction-status"
          label="Status"
          options={wordOptions(CORRECTION_STATUSES)}
          {...bind('status')}
        />
      </FilterBar>
      {!corrections.data && <QueryState what="the corrections" query={corrections} />}
      {corrections.data?.data.length === 0 && <Empty>No corrections to decide.</Empty>}
      <ul className="m-0 list-none p-0">
        {corrections.data?.data.map((correction) => (
          <li key={correction.id}>
            <CorrectionCard correction={correction} />
          </li>
        ))}
      </ul>
      {corrections.data && <Pager meta={corrections.data.meta} onPage={setPage} />}
    </>
  );
}

function CorrectionCard({ correction }: { correction: Correction }) {
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const keys = [trpc.admin.pedigree.pathKey(), trpc.pedigree.pathKey()];
  const approve = useMutation(
    trpc.admin.pedigree.approve.mutationOptions({
      onSuccess: write.onSuccess(keys, `The correction of ${correction.horse_name} was applied.`),
      onError: write.onError,
    }),
  );
  const reject = useMutation(
    trpc.admin.pedigree.reject.mutationOptions({
      onSuccess: write.onSuccess(keys, `The correction of ${correction.horse_name} was rejected.`),
      onError: write.onError,
    }),
  );
  const headingId = `correction-${correction.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="mt-0 text-lg font-bold">
        <Link href={`/admin/pedigree/${correction.horse_identity_id}`}>
          {correction.horse_name}
        </Link>{' '}
        <Badge status={correction.status === 'approved' ? 'active' : undefined}>
          {humanize(correction.status)}
        </Badge>
      </h2>
      <p className="mt-0">
        Filed {formatDateTime(correction.created_at)}: {correction.reason}
      </p>
      <ul className="mt-0">
        {Object.entries(correction.changes).map(([field, value]) => (
          <li key={field}>
            {humanize(field)} → {changeText(field, value)}
          </li>
        ))}
      </ul>
      {correction.media_ids.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {correction.media_ids.length} supporting documents.
        </p>
      )}
      {correction.decision_reason && <p>Reason: {correction.decision_reason}</p>}
      {correction.status === 'pending' && (
        <div className="flex flex-wrap items-end gap-3">
          <Button
            disabled={approve.isPending}
            onClick={() => approve.mutate({ id: correction.id })}
          >
            Approve
          </Button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              reject.mutate({ id: correction.id, reason });
            }}
          >
            <div>
              <Label htmlFor={reasonId}>Reason to reject</Label>
              <Input
                id={reasonId}
                value={reason}
                required
                maxLength={2000}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={reject.isPending || !reason.trim()}>
              Reject
            </Button>
          </form>
        </div>
      )}
    </Card>
  );
}
