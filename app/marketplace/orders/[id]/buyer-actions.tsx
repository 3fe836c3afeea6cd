'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order, SubOrder } from '@/server/marketplace/order-schema';
import { Button } from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStepOutcome } from '../order-bits';
import { ReasonDialog } from '../reason-dialog';

/*
 * The buyer's transitions (C.6), those the state allows: a sub-order received, confirmed or
 * disputed, and the whole order cancelled while a part awaits payment or is paid.
 */

/** A parcel on its way, or a pickup being prepared, may be said received. */
const receivable = (sub: SubOrder) =>
  sub.status === 'shipped' || (sub.status === 'processing' && sub.fulfilment === 'pickup');

const disputable = (sub: SubOrder) => sub.status === 'shipped' || sub.status === 'delivered';

/** Whether the buyer may cancel: some part still awaits payment or is paid. */
export const cancellable = (order: Order) =>
  order.sub_orders.some((sub) => sub.status === 'awaiting_payment' || sub.status === 'paid');

/** A sub-order's buttons; nothing when its state allows none. */
export function SubOrderActions({ order, sub }: { order: Order; sub: SubOrder }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const keys = [trpc.orders.pathKey()];
  const outcome = useStepOutcome(keys);
  const [disputing, setDisputing] = useState(false);
  const ref = { id: order.id, subId: sub.id };
  const delivered = useMutation(
    trpc.orders.delivered.mutationOptions(outcome(`${sub.number} is marked received.`)),
  );
  const confirm = useMutation(
    trpc.orders.confirm.mutationOptions(outcome(`${sub.number} is completed. Thank you!`)),
  );
  const busy = delivered.isPending || confirm.isPending;
  const what = <span className="sr-only"> {sub.number}</span>;
  if (!receivable(sub) && sub.status !== 'delivered' && !disputable(sub)) return null;
  return (
    <div role="group" aria-label={`Actions on ${sub.number}`} className="flex flex-wrap gap-2">
      {receivable(sub) && (
        <Button size="sm" disabled={busy} onClick={() => delivered.mutate(ref)}>
          I received it{what}
        </Button>
      )}
      {sub.status === 'delivered' && (
        <Button size="sm" disabled={busy} onClick={() => confirm.mutate(ref)}>
          Confirm, all is well{what}
        </Button>
      )}
      {disputable(sub) && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setDisputing(true)}>
          Open a dispute{what}
        </Button>
      )}
      <ReasonDialog
        open={disputing}
        onClose={() => setDisputing(false)}
        title={`Dispute ${sub.number}`}
        description={`Tell us what is wrong with the items from ${sub.seller.display_name}. The seller’s payment is held until the platform’s administrators decide.`}
        label="Open a dispute"
        save={(reason) => client.orders.dispute.mutate({ ...ref, reason })}
        keys={keys}
        done={`Your dispute about ${sub.number} was sent.`}
      />
    </div>
  );
}

/** "Cancel order", with its reason; shown only while the order can be cancelled. */
export function CancelOrder({ order }: { order: Order }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [asking, setAsking] = useState(false);
  if (!cancellable(order)) return null;
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setAsking(true)}>
        Cancel order<span className="sr-only"> {order.number}</span>
      </Button>
      <ReasonDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Cancel order ${order.number}`}
        description="Parts awaiting payment are cancelled and paid parts refunded; parts a seller has already begun to prepare stay."
        label="Cancel order"
        keepLabel="Keep the order"
        save={(reason) => client.orders.cancel.mutate({ id: order.id, reason })}
        keys={[trpc.orders.pathKey()]}
        done={`Order ${order.number} was cancelled.`}
      />
    </>
  );
}
