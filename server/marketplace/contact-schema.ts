import { z } from 'zod';
import { optionalText } from '../kernel/fields/record-fields';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { listingIdInput } from './listing-schema';

/* A buyer's message about a listing (DESIGN-MODULES C.4). Loads nothing but zod. */

export const CONTACTS_PER_PAGE = 25;

/** POST /listings/{id}/contact. */
export const contactInput = listingIdInput.extend({
  message: z.string().trim().min(1).max(5000),
  /** A number the seller may call back; the buyer's e-mail is always given. */
  phone: optionalText(40),
});
export type ContactFields = z.infer<typeof contactInput>;

export const receivedContactsInput = paginationInput(CONTACTS_PER_PAGE).extend({
  /** One of the caller's seller profiles (default: all of them). */
  seller_profile_id: z.uuid().optional(),
  listing_id: z.uuid().optional(),
});

export const sentContactsInput = paginationInput(CONTACTS_PER_PAGE);

export const contactSchema = z.object({
  id: z.string(),
  /** The listing's title as it is now. */
  listing: z.object({ id: z.string(), title: z.string() }),
  seller: z.object({ id: z.string(), display_name: z.string() }),
  sender: z.object({ name: z.string(), email: z.string().nullable() }),
  message: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactPage = paginatedSchema(contactSchema);
