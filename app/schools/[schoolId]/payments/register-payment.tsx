'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS } from '@/server/payments/payment-schema';
import { money, useErrorToast, useToast } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { PayForm } from '../pay-form';
import { useSchool } from '../school-context';
import { conceptOf } from './payment-labels';
import type { Payment } from './payments-table';

/** Registering the payment of a pending or overdue charge; `onPaid` gets the paid payment. */
export function RegisterPayment({
  payment,
  currency,
  onPaid,
  onDone,
}: {
  payment: Payment;
  currency: string;
  onPaid: (paid: Payment) => void;
  onDone: () => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const pay = useMutation(
    trpc.payments.pay.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
        toast('success', `Payment registered, receipt ${result.data.receipt_number ?? ''}.`);
        onPaid(result.data);
        onDone();
      },
      onError: showError,
    }),
  );
  return (
    <PayForm
      summary={
        <>
          {payment.student.full_name} · {conceptOf(payment)} ·{' '}
          <strong>{money(payment.amount, currency)}</strong>
        </>
      }
      methods={PAYMENT_METHODS}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(values) =>
        pay.mutate({
          schoolId,
          paymentId: payment.id,
          ...values,
          payment_method: values.payment_method as (typeof PAYMENT_METHODS)[number],
        })
      }
      onDone={onDone}
    />
  );
}
