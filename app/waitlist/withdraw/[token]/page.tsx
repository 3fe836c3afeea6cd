'use client';

import { useMutation } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { Button, Card, errorMessage } from '../../../components/ui';
import { useTRPC } from '../../../trpc';

/** The link of the waitlist confirmation: one button withdraws the entry (A.4). */
export default function WithdrawPage() {
  const { token } = useParams<{ token: string }>();
  const trpc = useTRPC();
  const withdraw = useMutation(trpc.publicWaitlist.withdraw.mutationOptions());
  return (
    <main className="mx-auto max-w-xl p-4">
      <h1>Leave the waiting list</h1>
      {withdraw.isSuccess ? (
        <Card role="status">{withdraw.data.message}</Card>
      ) : (
        <>
          <p>The school will no longer contact you about a place.</p>
          {withdraw.isError && (
            <p role="alert">
              {withdraw.error.data?.httpStatus === 404
                ? 'This link is no longer valid: the entry was already withdrawn or settled.'
                : errorMessage(withdraw.error)}
            </p>
          )}
          <Button disabled={withdraw.isPending} onClick={() => withdraw.mutate({ token })}>
            Withdraw
          </Button>
        </>
      )}
    </main>
  );
}
