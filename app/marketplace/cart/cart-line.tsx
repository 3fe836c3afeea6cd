'use client';

import { useMutation } from '@tanstack/react-query';
import { ImageOff, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useId } from 'react';
import type { CartItem, CartUnavailableReason } from '@/server/marketplace/cart-schema';
import {
  Button,
  cn,
  Label,
  money,
  NativeSelect,
  useErrorToast,
  useRefresh,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { quantityChoices } from './add-to-cart';

/** Why a line cannot be bought now, in the buyer's words. */
function reasonText(reason: CartUnavailableReason, stock: number): string {
  switch (reason) {
    case 'not_active':
      return 'This listing is no longer on sale.';
    case 'not_buy_now':
      return 'This listing is now sold by enquiry only: contact the seller.';
    case 'out_of_stock':
      return 'Out of stock.';
    case 'insufficient_stock':
      return `Only ${stock} left: lower the quantity.`;
    case 'seller_suspended':
      return 'The seller is not selling at the moment.';
    case 'own_listing':
      return 'This is your own listing.';
  }
}

/**
 * A line of the cart: photo, title, unit price, quantity (bounded by the stock), line total
 * and removal. A line that cannot be bought is greyed with its reason; it can still be
 * removed, and lowered when the stock fell under it.
 */
export function CartLine({ item, currency }: { item: CartItem; currency: string }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const onError = useErrorToast();
  const quantityId = useId();
  const options = { onSuccess: () => refresh([trpc.cart.pathKey()]), onError };
  const update = useMutation(trpc.cart.update.mutationOptions(options));
  const remove = useMutation(trpc.cart.remove.mutationOptions(options));
  const { listing } = item;
  const adjustable = item.available || item.unavailable_reason === 'insufficient_stock';
  return (
    <li className="flex gap-3 border-t border-border py-3 first:border-t-0 first:pt-0">
      <div
        className={cn(
          'size-16 shrink-0 overflow-hidden rounded-md bg-border sm:size-20',
          !item.available && 'opacity-50',
        )}
      >
        {listing.image ? (
          <img src={listing.image.url} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff aria-hidden className="size-6" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p
          className={cn(
            'm-0 font-semibold break-words',
            !item.available && 'text-muted-foreground',
          )}
        >
          <Link href={`/marketplace/listings/${listing.id}`} className="text-inherit">
            {listing.title}
          </Link>
        </p>
        <p className="m-0 text-sm text-muted-foreground">
          {listing.price === null ? 'No price' : `${money(listing.price, currency)} each`}
          {item.shipping > 0 && ` · shipping ${money(item.shipping, currency)}`}
          {!listing.shipping.ships && listing.shipping.pickup && ' · pickup'}
        </p>
        {item.unavailable_reason && (
          <p className="m-0 text-sm text-destructive">
            {reasonText(item.unavailable_reason, listing.quantity)}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
          {adjustable && listing.quantity > 0 ? (
            <div className="flex items-center gap-2">
              <Label htmlFor={quantityId} className="mb-0 text-sm">
                Quantity
                <span className="sr-only"> of {listing.title}</span>
              </Label>
              <NativeSelect
                id={quantityId}
                value={item.quantity}
                disabled={update.isPending}
                onChange={(event) =>
                  update.mutate({ id: item.id, quantity: Number(event.target.value) })
                }
                className="w-20 py-1"
              >
                {quantityChoices(listing.quantity, item.quantity).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <span className="text-sm text-muted-foreground">Quantity {item.quantity}</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: item.id })}
          >
            <Trash2 aria-hidden className="size-4" />
            Remove<span className="sr-only"> {listing.title}</span>
          </Button>
          {item.line_total !== null && (
            <span
              className={cn(
                'ml-auto font-semibold',
                !item.available && 'text-muted-foreground line-through',
              )}
            >
              {money(item.line_total, currency)}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
