'use client';

import { useMutation, type QueryKey } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  SUB_ORDER_STATUS_LABELS,
  type OrderActor,
  type OrderStatus,
  type PayoutState,
  type SubOrderStatus,
} from '@/db/schema/marketplace-order-values';
import type { ShippingAddress, SubOrder } from '@/server/marketplace/order-schema';
import {
  applyServerErrors,
  Badge,
  DetailList,
  errorMessage,
  formatDateTime,
  money,
  useErrorToast,
  useRefresh,
  useToast,
  type FormOf,
} from '../../components/ui';
import { Fact } from '../listing-bits';
import { useMediaQuery } from '../../components/ui';

/*
 * Pieces of an order that the buyer's, the seller's and the administrators' pages share: its
 * states, sums, lines, tracking, address and history, and the outcome of a transition.
 */

const SUB_ORDER_TONES: Partial<Record<SubOrderStatus, 'ok' | 'bad'>> = {
  delivered: 'ok',
  completed: 'ok',
  cancelled: 'bad',
  refunded: 'bad',
  disputed: 'bad',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const ORDER_TONES: Partial<Record<OrderStatus, 'ok' | 'bad'>> = {
  completed: 'ok',
  cancelled: 'bad',
};

export const PAYOUT_LABELS: Record<PayoutState, string> = {
  pending: 'Pending',
  held: 'Held while disputed',
  paid: 'Paid out',
  reversed: 'Reversed',
};

const ACTOR_LABELS: Record<OrderActor, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Administrator',
  system: 'Automatic',
  gateway: 'Payment gateway',
};

export function SubOrderStatusBadge({ status }: { status: SubOrderStatus }) {
  return <Badge tone={SUB_ORDER_TONES[status]}>{SUB_ORDER_STATUS_LABELS[status]}</Badge>;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/** The date and time: an order's steps are read to the minute. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** Items, shipping and total, with more rows (commission, net) after them. */
export function Totals({
  items,
  shipping,
  total,
  currency,
  children,
  className = 'ml-auto w-fit',
}: {
  items: number;
  shipping: number;
  total: number;
  currency: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <DetailList className={className}>
      <Fact label="Items">{money(items, currency)}</Fact>
      <Fact label="Shipping">{money(shipping, currency)}</Fact>
      <Fact label="Total">
        <strong>{money(total, currency)}</strong>
      </Fact>
      {children}
    </DetailList>
  );
}

/** A sub-order's lines as they were bought: title, price × quantity, line total. */
export function OrderLines({
  sub,
  currency,
  listingHref = (id) => `/marketplace/listings/${id}`,
}: {
  sub: Pick<SubOrder, 'number' | 'items'>;
  currency: string;
  listingHref?: (listingId: string) => string;
}) {
  return (
    <ul aria-label={`Items of ${sub.number}`} className="m-0 mb-3 list-none p-0">
      {sub.items.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-baseline gap-x-3 border-t border-border py-2 first:border-t-0 first:pt-0"
        >
          <span className="min-w-0 flex-[1_1_12rem] font-semibold break-words">
            {item.listing_id ? (
              <Link href={listingHref(item.listing_id)}>{item.title}</Link>
            ) : (
              item.title
            )}
          </span>
          <span className="text-sm text-muted-foreground">
            {money(item.unit_price, currency)} × {item.quantity}
            {item.shipping > 0 && ` · shipping ${money(item.shipping, currency)}`}
          </span>
          <span className="ml-auto font-semibold">{money(item.line_total, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Sent" or "Collected from the seller", with the carrier and a link to follow the parcel. */
export function Delivery({ sub }: { sub: Pick<SubOrder, 'fulfilment' | 'tracking'> }) {
  const { tracking } = sub;
  return (
    <DetailList className="mb-3">
      <Fact label="Delivery">
        {sub.fulfilment === 'shipping' ? 'Sent by the seller' : 'Collected from the seller'}
      </Fact>
      {tracking && (
        <Fact label="Tracking">
          {tracking.carrier}
          {tracking.number && <> · {tracking.number}</>}
          {tracking.url && (
            <>
              {' · '}
              <a href={tracking.url} target="_blank" rel="noopener noreferrer">
                Track the parcel
                <ExternalLink aria-hidden className="ml-1 inline size-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </Fact>
      )}
    </DetailList>
  );
}

/** Where the order goes, as the buyer gave it. */
export function Address({ address }: { address: ShippingAddress }) {
  return (
    <address className="not-italic break-words">
      {address.name}
      <br />
      {address.street}
      <br />
      {address.postal_code} {address.city}
      {address.state && `, ${address.state}`}
      <br />
      {address.country}
      {address.phone && (
        <>
          <br />
          <a href={`tel:${address.phone}`}>{address.phone}</a>
        </>
      )}
    </address>
  );
}

/** A sub-order's status history, oldest first: each step, who took it, when and why. */
export function History({ sub }: { sub: Pick<SubOrder, 'number' | 'history'> }) {
  return (
    <ol aria-label={`Status history of ${sub.number}`} className="m-0 list-none p-0">
      {sub.history.map((event, index) => (
        <li
          key={`${event.created_at}-${index}`}
          className="relative border-l-2 border-border pb-3 pl-4 last:pb-0"
        >
          <span
            aria-hidden
            className="absolute top-1.5 -left-[7px] size-3 rounded-full bg-muted-foreground"
          />
          <p className="m-0 flex flex-wrap items-center gap-2">
            <SubOrderStatusBadge status={event.to_status} />
            <span className="text-sm text-muted-foreground">
              {ACTOR_LABELS[event.actor]} · <When iso={event.created_at} />
            </span>
          </p>
          {event.note && <p className="m-0 mt-1 break-words">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The step that opened the sub-order's dispute, with the buyer's reason; null when none did. */
export const disputeEvent = (sub: Pick<SubOrder, 'history'>) =>
  sub.history.findLast((event) => event.to_status === 'disputed') ?? null;

/** Dialogs rise from the bottom of a phone, as sheets, and sit centred on wider screens. */
export function useDialogVariant(): 'centred' | 'sheet' {
  return useMediaQuery('(min-width: 768px)') ? 'centred' : 'sheet';
}

const isConflict = (error: unknown) =>
  (error as { data?: { code?: string } } | null)?.data?.code === 'CONFLICT';

/**
 * The ends of a one-click transition for its mutation's options: on success the queries under
 * `keys` refreshed and a toast; on failure an error toast, and after a 409 (someone else moved
 * the order meanwhile) the refreshed state.
 */
export function useStepOutcome(keys: readonly QueryKey[]) {
  const refresh = useRefresh();
  const toast = useToast();
  const showError = useErrorToast();
  return (message: string) => ({
    onSuccess: async () => {
      await refresh(keys);
      toast('success', message);
    },
    onError: async (error: unknown) => {
      showError(error);
      if (isConflict(error)) await refresh(keys);
    },
  });
}

/**
 * The write of a transition's dialog form: a 422 lands beside its fields, any other refusal is
 * worded in the dialog (`failure`), a 409 refreshes the page's state behind it. On success the
 * queries are refreshed, a toast says `done` and the dialog closes.
 */
export function useStepForm<T extends FieldValues, V>(
  form: FormOf<T>,
  {
    save,
    keys,
    done,
    onDone,
  }: {
    save: (values: V) => Promise<unknown>;
    keys: readonly QueryKey[];
    done: string;
    onDone: () => void;
  },
) {
  const refresh = useRefresh();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const write = useMutation({
    mutationFn: save,
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      await refresh(keys);
      toast('success', done);
      onDone();
    },
    onError: async (error) => {
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error));
      if (isConflict(error)) await refresh(keys);
    },
  });
  return { failure, pending: write.isPending, submit: (values: V) => write.mutate(values) };
}

/** A dialog form's refusal, said above its buttons. */
export function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-destructive">
      {message}
    </p>
  );
}
