import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { addToCart, removeCartItem, updateCartItem } from './cart-lifecycle';
import { getCart, getCartItem } from './cart-queries';
import {
  cartAddInput,
  cartAnswer,
  cartItemAnswer,
  cartItemIdInput,
  cartUpdateInput,
} from './cart-schema';
import { marketplaceProcedure } from './marketplace-procedure';

const tags = ['Marketplace cart'];

const LINE =
  'Each line has its listing (stock, shipping, first image), `quantity`, `line_total`, `shipping`, and `available` with `unavailable_reason` (own_listing, seller_suspended, not_active, not_buy_now, out_of_stock, insufficient_stock) when it cannot be bought now: such a line stays in the cart and counts in no total.';

/** The buyer's cart (DESIGN-MODULES C.5); checkout comes in a later slice. */
export const cartRouter = router({
  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/marketplace/cart',
        tags,
        summary: 'My cart, grouped by seller',
        description: `Groups of lines per seller (the seller of the earliest line first), each with \`items_total\`, \`shipping\` and \`total\` of its available lines; the cart's \`items_count\` (units of the available lines), totals and currency. A listing that ships costs its shipping price per unit, a pickup-only one nothing. ${LINE}`,
      },
    })
    .input(z.object({}))
    .output(cartAnswer)
    .query(async ({ ctx }) => ({ data: await getCart(ctx.db, ctx.caller.user.id) })),

  add: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/marketplace/cart/items',
        tags,
        summary: 'Put a listing in my cart',
        description:
          "201 with the new line, 200 with the line when the listing was already in the cart: the quantities add up. `quantity` 1 to 99 (default 1). The listing must be one the caller can see (404), not their own (422 `listing_id`), active (409) of a seller who is not suspended (409), sold at once rather than by enquiry (422 `listing_id`); the line's quantity may not exceed the listing's stock (422 `quantity`).",
      },
    })
    .input(cartAddInput)
    .output(cartItemAnswer)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(async (tx) => {
        const line = await addToCart(tx, ctx.caller, input);
        if (!line.added) ctx.setResponseStatus(200);
        return { data: await getCartItem(tx, ctx.caller.user.id, line.id) };
      }),
    ),

  update: marketplaceProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/marketplace/cart/items/{id}',
        tags,
        summary: 'Change the quantity of a cart line',
        description:
          "`quantity` 1 to 99, at most the listing's stock (422 `quantity`), whatever the listing's state; another user's line: 404.",
      },
    })
    .input(cartUpdateInput)
    .output(cartItemAnswer)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction(async (tx) => {
        await updateCartItem(tx, ctx.caller.user.id, input.id, input.quantity);
        return { data: await getCartItem(tx, ctx.caller.user.id, input.id) };
      }),
    ),

  remove: marketplaceProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/marketplace/cart/items/{id}',
        tags,
        summary: 'Remove a line from my cart',
        description: "Whatever its listing became; another user's line: 404.",
      },
    })
    .input(cartItemIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await removeCartItem(ctx.db, ctx.caller.user.id, input.id);
      return { message: 'Removed from the cart.' };
    }),
});
