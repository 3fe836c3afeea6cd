'use client';

import { useMutation } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import Link from 'next/link';
import { useId, useState } from 'react';
import { Button, errorMessage, Label, NativeSelect, useRefresh } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { MAX_CART_QUANTITY } from '@/server/marketplace/cart-schema';

/** The quantities a line of a listing with `stock` units may hold: 1 to the stock, at most 99. */
export function quantityChoices(stock: number, current = 1): number[] {
  const limit = Math.min(stock, MAX_CART_QUANTITY);
  const choices = Array.from({ length: Math.max(limit, 0) }, (_, i) => i + 1);
  // A line above a stock that fell keeps its quantity selectable until it is lowered.
  return current > limit ? [...choices, current] : choices;
}

/**
 * "Add to cart" of a listing sold at once (C.5): a quantity when there is more than one unit,
 * then a confirmation with the way to the cart, or the API's refusal.
 */
export function AddToCart({
  listing,
}: {
  listing: { id: string; title: string; quantity: number };
}) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);
  const add = useMutation(
    trpc.cart.add.mutationOptions({ onSuccess: () => refresh([trpc.cart.pathKey()]) }),
  );
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        {listing.quantity > 1 && (
          <div>
            <Label htmlFor={quantityId}>Quantity</Label>
            <NativeSelect
              id={quantityId}
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
              className="w-24"
            >
              {quantityChoices(listing.quantity).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button
          disabled={add.isPending}
          onClick={() => add.mutate({ listing_id: listing.id, quantity })}
        >
          <ShoppingCart aria-hidden className="size-4" />
          Add to cart
        </Button>
      </div>
      {add.isSuccess && (
        <p role="status" className="m-0">
          Added to your cart ({add.data.data.quantity} in the cart).{' '}
          <Link href="/marketplace/cart" className="underline">
            View your cart
          </Link>
        </p>
      )}
      {add.isError && (
        <p role="alert" className="m-0 text-destructive">
          {errorMessage(add.error)}
        </p>
      )}
    </div>
  );
}
