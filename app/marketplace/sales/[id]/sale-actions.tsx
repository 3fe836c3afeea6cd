'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Sale } from '@/server/marketplace/order-schema';
import { RowActions, type RowAction } from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStepOutcome } from '../../orders/order-bits';
import { ReasonDialog } from '../../orders/reason-dialog';
import { TrackingDialog } from './tracking-dialog';

/** What a seller may do from each state (C.6's table). */
function allowed(sale: Sale) {
  const { status, fulfilment } = sale;
  const started = status === 'paid' || status === 'processing';
  return {
    markPaid: status === 'awaiting_payment' && sale.provider === 'manual',
    accept: status === 'paid',
    ship: started && fulfilment === 'shipping',
    tracking: status === 'shipped',
    delivered: status === 'shipped' || (status === 'processing' && fulfilment === 'pickup'),
    cancel: started,
  };
}

/**
 * The seller's transitions of a sale, those its state allows; nothing when none is. On a
 * phone the first stays a button and, when two or more follow, those go behind "More".
 */
export function SaleActions({ sale }: { sale: Sale }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const keys = [trpc.sales.pathKey()];
  const outcome = useStepOutcome(keys);
  const [tracking, setTracking] = useState<'ship' | 'update' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const markPaid = useMutation(
    trpc.sales.markPaid.mutationOptions(outcome(`${sale.number} is marked paid.`)),
  );
  const accept = useMutation(
    trpc.sales.accept.mutationOptions(outcome(`${sale.number} is accepted.`)),
  );
  const delivered = useMutation(
    trpc.sales.delivered.mutationOptions(outcome(`${sale.number} is marked delivered.`)),
  );
  const busy = markPaid.isPending || accept.isPending || delivered.isPending;
  const can = allowed(sale);
  const id = { id: sale.id };
  if (!Object.values(can).some(Boolean)) return null;
  // The step that moves the sale on comes first: the one button a phone keeps. "Cancel and
  // refund" asks for its reason in a dialog, which is its confirmation.
  const actions: (RowAction | false)[] = [
    can.markPaid && { label: 'Mark paid', onSelect: () => markPaid.mutate(id) },
    can.ship && { label: 'Ship', onSelect: () => setTracking('ship') },
    can.delivered && { label: 'Mark delivered', onSelect: () => delivered.mutate(id) },
    can.accept && { label: 'Accept', onSelect: () => accept.mutate(id) },
    can.tracking && { label: 'Update tracking', onSelect: () => setTracking('update') },
    can.cancel && {
      label: 'Cancel and refund',
      danger: true,
      onSelect: () => setCancelling(true),
    },
  ];
  return (
    <div role="group" aria-label={`Actions on ${sale.number}`}>
      <RowActions
        what={sale.number}
        actions={actions
          .filter((action): action is RowAction => action !== false)
          .map((action) => ({ ...action, disabled: busy }))}
      />
      <TrackingDialog sale={sale} mode={tracking} onClose={() => setTracking(null)} />
      <ReasonDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title={`Cancel ${sale.number}`}
        description={
          sale.provider === 'manual'
            ? 'The buyer is told your reason; pay them back what they paid you. The items go back to your stock.'
            : 'The buyer is told your reason and refunded. The items go back to your stock.'
        }
        label="Cancel and refund"
        keepLabel="Keep the sale"
        save={(reason) => client.sales.cancel.mutate({ ...id, reason })}
        keys={keys}
        done={`${sale.number} was cancelled and refunded.`}
      />
    </div>
  );
}
