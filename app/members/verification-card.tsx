'use client';

import { Badge, Card, CardTitle, formatDateTime, humanize, QueryState } from '../components/ui';
import type { VerificationApi } from './verification-api';
import { VerificationForm } from './verification-form';

const TONES = { pending: 'neutral', approved: 'ok', rejected: 'bad' } as const;

/**
 * The organization's verification (DESIGN-MODULES E.2): the latest request and its answer,
 * and the form to ask while none is pending or approved.
 */
export function VerificationCard({ api }: { api: VerificationApi }) {
  const latest = api.list.data?.data[0];
  return (
    <Card aria-labelledby="verification-heading">
      <CardTitle id="verification-heading">Verification</CardTitle>
      {!api.list.data && <QueryState what="the verification requests" query={api.list} />}
      {api.list.data && !latest && (
        <p className="mt-0">
          A verified {api.noun} shows the platform&apos;s badge. Send your legal details and
          documents; the platform&apos;s team checks them.
        </p>
      )}
      {latest && (
        <p className="mt-0">
          Your request of {formatDateTime(latest.created_at)}:{' '}
          <Badge tone={TONES[latest.status]}>{humanize(latest.status)}</Badge>
          {latest.status === 'pending' && ' — the platform’s team will let you know.'}
          {latest.decision_reason && (
            <span className="block">Reason: {latest.decision_reason}</span>
          )}
        </p>
      )}
      {api.list.data && api.mayAsk && (!latest || latest.status === 'rejected') && (
        <VerificationForm api={api} />
      )}
    </Card>
  );
}
