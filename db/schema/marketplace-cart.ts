import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './identity';
import { publications } from './marketplace';

/**
 * C.5: a line of a buyer's cart. One line per listing (adding it again adds to the quantity,
 * which the unique key keeps to one row under races); the line stays when its listing stops
 * selling, flagged by the cart rather than dropped.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('cart_items_user_id_publication_id_key').on(t.userId, t.publicationId),
    // A listing's deletion cascades to the carts holding it.
    index('cart_items_publication_idx').on(t.publicationId),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);
