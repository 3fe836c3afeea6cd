'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { Cart } from '@/server/marketplace/cart-schema';
import {
  checkoutInput,
  shippingAddressInput,
  type Order,
  type Payment,
} from '@/server/marketplace/order-schema';
import {
  applyServerErrors,
  Button,
  Card,
  CardTitle,
  errorMessage,
  fieldErrorsOf,
  FormErrorSummary,
  TextareaField,
  TextInputField,
  useRefresh,
  useZodForm,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { rememberPayment } from '../orders/order-placed';
import { CartSummary } from './cart-summary';

/**
 * The address's fields side by side with the note, so that a message names "the street field";
 * sent as checkout's body (`shipping_address`, `note`).
 */
const checkoutForm = shippingAddressInput.extend({ note: checkoutInput.shape.note });

const ADDRESS = 'shipping_address.';

/** A 422's path as this form names it. */
const fieldOf = (path: string) => (path.startsWith(ADDRESS) ? path.slice(ADDRESS.length) : path);

/** Fields of this form; a 422 on any other (`cart`, the key's header) is said above the button. */
const onForm = (path: string) => path === 'note' || path.startsWith(ADDRESS);

const codeOf = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code;

/** Why the order was not placed, and whether the cart is where to mend it. */
export type CheckoutFailure = { message: string; toCart: boolean };

/** A refused checkout, said where the buyer looks: above the button, or above the empty cart. */
export function CheckoutRefusal({ failure }: { failure: CheckoutFailure | null }) {
  if (!failure) return null;
  return (
    <div role="alert" className="mb-3 text-destructive">
      <p className="m-0">{failure.message}</p>
      {failure.toCart && (
        <p className="m-0">
          <Link href="/marketplace/cart">Back to the cart</Link>
        </p>
      )}
    </div>
  );
}

/**
 * The address, a note and "Place order". The checkout carries an `Idempotency-Key` made once
 * for this page: sending again after a lost answer replays the order instead of placing a
 * second one. A 409 (an item sold out or withdrawn meanwhile) is said with a way back to the
 * cart, whose summary is refreshed. The order placed opens on its own page, or, with a
 * gateway, on the payment service's page, which sends the buyer back to the order's.
 */
export function CheckoutForm({
  cart,
  onPlaced,
  failure,
  onFailure,
}: {
  cart: Cart;
  onPlaced: (order: Order, payment: Payment) => void;
  /** Kept by the page: a refusal that empties the cart's available lines outlives this form. */
  failure: CheckoutFailure | null;
  onFailure: (failure: CheckoutFailure | null) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const form = useZodForm(checkoutForm, {
    defaultValues: {
      name: '',
      street: '',
      city: '',
      state: '',
      postal_code: '',
      country: '',
      phone: '',
      note: '',
    },
  });
  const checkout = useMutation(
    trpc.orders.checkout.mutationOptions({
      trpc: { context: { idempotencyKey: key } },
      onMutate: () => onFailure(null),
      onSuccess: async ({ data: { order, payment } }) => {
        onPlaced(order, payment);
        rememberPayment(order.id, payment);
        queryClient.setQueryData(trpc.orders.get.queryKey({ id: order.id }), { data: order });
        if (payment.redirect_url) window.location.assign(payment.redirect_url);
        else router.push(`/marketplace/orders/${order.id}?placed=1`);
        await refresh([trpc.cart.pathKey(), trpc.orders.list.pathKey()]);
      },
      onError: async (error) => {
        const fields = Object.keys(fieldErrorsOf(error));
        applyServerErrors(form, error, fieldOf);
        if (fields.length > 0 && fields.every(onForm)) return;
        const conflict = codeOf(error) === 'CONFLICT';
        onFailure({ message: errorMessage(error), toCart: conflict || fields.includes('cart') });
        if (conflict) await refresh([trpc.cart.pathKey()]);
      },
    }),
  );
  const unavailable = cart.groups.some((group) => group.items.some((item) => !item.available));
  return (
    <form
      noValidate
      aria-label="Checkout"
      onSubmit={form.handleSubmit(({ note, ...address }) =>
        checkout.mutate({ shipping_address: address, note }),
      )}
      className="lg:grid lg:grid-cols-[1fr_20rem] lg:items-start lg:gap-4"
    >
      <Card aria-labelledby="checkout-address-heading" className="min-w-0">
        <CardTitle id="checkout-address-heading">Shipping address</CardTitle>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextInputField
            form={form}
            name="name"
            label="Name"
            autoComplete="name"
            className="sm:col-span-2"
            required
          />
          <TextInputField
            form={form}
            name="street"
            label="Street"
            autoComplete="street-address"
            className="sm:col-span-2"
            required
          />
          <TextInputField
            form={form}
            name="city"
            label="City"
            autoComplete="address-level2"
            required
          />
          <TextInputField
            form={form}
            name="state"
            label="State or region (optional)"
            autoComplete="address-level1"
          />
          <TextInputField
            form={form}
            name="postal_code"
            label="Postal code"
            autoComplete="postal-code"
            required
          />
          <TextInputField
            form={form}
            name="country"
            label="Country"
            hint="Two-letter code: ES, US…"
            autoComplete="country"
            maxLength={2}
            required
          />
          <TextInputField
            form={form}
            name="phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
          />
        </div>
        <TextareaField
          form={form}
          name="note"
          label="Note for the sellers (optional)"
          rows={3}
          className="mb-0"
        />
      </Card>
      <CartSummary cart={cart}>
        {unavailable && (
          <p id="checkout-unavailable" className="text-destructive">
            Some items in your cart can no longer be bought.{' '}
            <Link href="/marketplace/cart">Change them in your cart</Link> before placing the order.
          </p>
        )}
        <FormErrorSummary form={form} />
        <CheckoutRefusal failure={failure} />
        <Button
          type="submit"
          className="w-full"
          disabled={checkout.isPending || unavailable}
          aria-describedby={unavailable ? 'checkout-unavailable' : undefined}
        >
          {checkout.isPending ? 'Placing the order…' : 'Place order'}
        </Button>
      </CartSummary>
    </form>
  );
}
