import { listingContacts } from '@/db/schema';
import { CONTACTS_PER_HOUR } from '@/db/schema/marketplace-values';
import type { Database } from '@/db/client';
import { invalidField } from '../kernel/errors';
import { consumeRateLimit } from '../kernel/http/rate-limit';
import type { Caller } from '../kernel/trpc/context';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { notify } from '../notifications/notify';
import { getContact } from './contact-queries';
import type { ContactFields } from './contact-schema';
import { listingTarget, requireOthersActive } from './listing-target';
import { sellerContact, sellerRecipients } from './seller-access';

/** Where the web app shows a listing, absolute, for e-mails. */
export const listingUrl = (appUrl: string, listingId: string) =>
  `${appUrl}/marketplace/listings/${listingId}`;

const HOUR = 3600;

/**
 * POST /listings/{id}/contact, in the caller's transaction: the message, the
 * `marketplace-contact` e-mail to the seller's contact address with Reply-To the buyer, and an
 * in-app notice to whoever manages the seller profile (in-app only: the e-mail went to the
 * contact address already). 10 an hour per user, counted only when the message is accepted.
 */
export async function sendContact(
  tx: Database,
  caller: Caller,
  input: ContactFields,
  appUrl: string,
) {
  const listing = await listingTarget(tx, caller, input.id);
  requireOthersActive(listing, 'contact');
  const buyer = caller.user;
  // The seller answers by e-mail: a buyer whose provider gave no address could not be answered.
  if (!buyer.email)
    throw invalidField('email', 'Your account has no e-mail address for the seller to answer.');
  await consumeRateLimit(
    tx,
    `marketplace-contact:${buyer.id}`,
    CONTACTS_PER_HOUR,
    HOUR,
    `You can send ${CONTACTS_PER_HOUR} messages an hour. Please try again later.`,
  );
  const [row] = await tx
    .insert(listingContacts)
    .values({
      publicationId: listing.id,
      sellerProfileId: listing.seller_profile_id,
      senderId: buyer.id,
      message: input.message,
      phone: input.phone ?? null,
    })
    .returning({ id: listingContacts.id });
  const seller = await sellerContact(tx, listing.seller_profile_id);
  if (seller.email) {
    const email = await renderEmail('marketplace-contact', {
      sellerName: seller.name,
      listingTitle: listing.title,
      listingUrl: listingUrl(appUrl, listing.id),
      senderName: buyer.displayName,
      senderEmail: buyer.email,
      message: input.message,
    });
    await queueEmail(tx, email, { to: seller.email, replyTo: buyer.email });
  }
  await notify(tx, await sellerRecipients(tx, listing.seller_profile_id), 'marketplace.contact', {
    title: 'A buyer wrote about your listing',
    body: `${buyer.displayName} asked about "${listing.title}".`,
    link: '/marketplace/messages',
    data: { listing_id: listing.id, contact_id: row!.id },
    inAppOnly: true,
  });
  return getContact(tx, row!.id);
}
