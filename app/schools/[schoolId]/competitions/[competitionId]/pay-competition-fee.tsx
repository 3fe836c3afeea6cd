'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPETITION_PAYMENT_METHODS } from '@/server/competitions/competition-payment-schema';
import { money, useErrorToast, useToast } from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { PayForm } from '../../pay-form';
import { useSchool } from '../../school-context';
import { feeConceptLabel } from '../../words';
import type { CompetitionPayment } from './competition-queries';

/** Registering the payment of a pending competition fee. */
export function PayCompetitionFee({
  payment,
  onDone,
}: {
  payment: CompetitionPayment;
  onDone: () => void;
}) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const pay = useMutation(
    trpc.competitionPayments.pay.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        toast('success', `Payment of ${payment.student.full_name} registered.`);
        onDone();
      },
      onError: showError,
    }),
  );
  const concept = payment.concept_detail ?? feeConceptLabel(payment.concept);
  return (
    <PayForm
      summary={
        <>
          {payment.student.full_name} · {concept} ·{' '}
          <strong>{money(payment.amount, school.currency)}</strong>
        </>
      }
      methods={COMPETITION_PAYMENT_METHODS}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(values) =>
        pay.mutate({
          schoolId,
          competitionId: payment.competition_id,
          paymentId: payment.id,
          ...values,
          payment_method: values.payment_method as (typeof COMPETITION_PAYMENT_METHODS)[number],
        })
      }
      onDone={onDone}
    />
  );
}
