import MarketplaceContactEmail, * as marketplaceContact from '@/emails/marketplace-contact';
import StatusUpdatedEmail, * as statusUpdated from '@/emails/status-updated';
import SuborderCreatedEmail, * as suborderCreated from '@/emails/suborder-created';
import TrackingAddedEmail, * as trackingAdded from '@/emails/tracking-added';
import WaitlistConfirmationEmail, * as waitlistConfirmation from '@/emails/waitlist-confirmation';
import WaitlistNotificationEmail, * as waitlistNotification from '@/emails/waitlist-notification';
import { emailTemplate, type EmailPropsOf } from '../kernel/emails';
import { defineModule } from '../kernel/modules';
import { adminMailRouter } from './admin-outbox';
import { emailPreviewRouter } from './preview';

// Templates that exist ahead of their modules (spec 6): they move to the marketplace and
// waitlist modules' manifests when those are built.
const emails = {
  'suborder-created': emailTemplate(
    'New sub-order (to the seller)',
    suborderCreated,
    suborderCreated.suborderCreatedSchema,
    SuborderCreatedEmail,
  ),
  'status-updated': emailTemplate(
    'Order status update (to the buyer)',
    statusUpdated,
    statusUpdated.statusUpdatedSchema,
    StatusUpdatedEmail,
  ),
  'tracking-added': emailTemplate(
    'Tracking added (to the buyer)',
    trackingAdded,
    trackingAdded.trackingAddedSchema,
    TrackingAddedEmail,
  ),
  'waitlist-confirmation': emailTemplate(
    'Waitlist confirmation (to the registrant)',
    waitlistConfirmation,
    waitlistConfirmation.waitlistConfirmationSchema,
    WaitlistConfirmationEmail,
  ),
  'waitlist-notification': emailTemplate(
    'Waitlist notification (to an administrator)',
    waitlistNotification,
    waitlistNotification.waitlistNotificationSchema,
    WaitlistNotificationEmail,
  ),
  'marketplace-contact': emailTemplate(
    'Marketplace contact (to the seller)',
    marketplaceContact,
    marketplaceContact.marketplaceContactSchema,
    MarketplaceContactEmail,
  ),
};

declare module '../kernel/emails' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface EmailKinds extends EmailPropsOf<typeof emails> {}
}

/** The outbox, its worker and the e-mail previews. */
export const mailModule = defineModule({
  name: 'mail',
  tenant: null,
  routers: { emailPreview: emailPreviewRouter, admin: { mail: adminMailRouter } },
  emails,
});
