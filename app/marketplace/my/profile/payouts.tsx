'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutStatus } from '@/db/schema/marketplace-values';
import type { SellerProfile } from '@/server/marketplace/seller-profile-schema';
import { Badge, Button, Card, CardTitle, errorMessage } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useBriefPolling } from '../../use-brief-polling';

/** How the gateway's onboarding sent the seller back: finished, or its link expired. */
export type PayoutReturn = 'done' | 'retry';

const PAYOUT_WORDS: Record<
  PayoutStatus,
  { label: string; explanation: string; action: string; tone?: 'ok' | 'bad' }
> = {
  not_connected: {
    label: 'Not connected',
    explanation: 'Connect an account to receive the money of your sales.',
    action: 'Connect payouts',
  },
  pending: {
    label: 'Pending',
    explanation: 'The payment service is checking your details.',
    action: 'Continue setup',
  },
  active: {
    label: 'Active',
    explanation: 'Your sales are paid out after each sale completes.',
    action: 'Update details',
    tone: 'ok',
  },
  restricted: {
    label: 'Restricted',
    explanation: 'The payment service needs more details.',
    action: 'Update details',
    tone: 'bad',
  },
};

const RETURN_WORDS: Record<PayoutReturn, string> = {
  done: 'Your details were sent; the status updates when the payment service confirms them.',
  retry: 'The link expired; continue the setup.',
};

/**
 * Where a seller's money goes when the marketplace takes payments through a gateway (C.2): the
 * profile's payout account at the payment service, and the link to its own form, which sends
 * the seller back here (`returned`). The service's webhook sets the status, so after "done"
 * the profiles are asked again for a short while.
 */
export function Payouts({
  profile,
  returned,
}: {
  profile: SellerProfile;
  returned: PayoutReturn | null;
}) {
  const trpc = useTRPC();
  const { refetchInterval } = useBriefPolling(
    returned === 'done' && profile.payout_status === 'pending',
  );
  // A second observer of the page's list: only this one asks again.
  useQuery({ ...trpc.sellerProfiles.list.queryOptions({}), refetchInterval });
  const onboarding = useMutation(
    trpc.sellerProfiles.payoutOnboarding.mutationOptions({
      onSuccess: ({ data }) => window.location.assign(data.url),
    }),
  );
  const words = PAYOUT_WORDS[profile.payout_status];
  const leaving = onboarding.isPending || onboarding.isSuccess;
  return (
    <Card aria-labelledby="payouts-heading">
      <CardTitle id="payouts-heading">Payouts</CardTitle>
      {returned && (
        <p role="status" className="mt-0">
          {RETURN_WORDS[returned]}
        </p>
      )}
      <p className="mt-0 flex flex-wrap items-center gap-2">
        <span className="font-semibold">Status:</span>
        <Badge tone={words.tone}>{words.label}</Badge>
        <span>{words.explanation}</span>
      </p>
      {onboarding.error && (
        <p role="alert" className="text-destructive">
          {errorMessage(onboarding.error)}
        </p>
      )}
      <Button disabled={leaving} onClick={() => onboarding.mutate({ id: profile.id })}>
        {leaving ? 'Opening the payment service…' : words.action}
      </Button>
    </Card>
  );
}
