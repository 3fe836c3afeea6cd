import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { EmailKind } from './kinds';
import ContactFormEmail, * as contactForm from './contact-form';
import MarketplaceContactEmail, * as marketplaceContact from './marketplace-contact';
import StatusUpdatedEmail, * as statusUpdated from './status-updated';
import SuborderCreatedEmail, * as suborderCreated from './suborder-created';
import TrackingAddedEmail, * as trackingAdded from './tracking-added';
import WaitlistConfirmationEmail, * as waitlistConfirmation from './waitlist-confirmation';
import WaitlistNotificationEmail, * as waitlistNotification from './waitlist-notification';

export type EmailTemplate<P> = {
  schema: z.ZodType<P>;
  previewProps: P;
  subject(props: P): string;
  Component: ComponentType<P>;
};

function template<P>(
  module: { previewProps: P; subject(props: P): string },
  schema: z.ZodType<P>,
  Component: ComponentType<P>,
): EmailTemplate<P> {
  return { schema, previewProps: module.previewProps, subject: module.subject, Component };
}

/** Every kind of e-mail the platform sends (spec 6), by the name its preview route uses. */
export const EMAIL_TEMPLATES = {
  'suborder-created': template(
    suborderCreated,
    suborderCreated.suborderCreatedSchema,
    SuborderCreatedEmail,
  ),
  'status-updated': template(statusUpdated, statusUpdated.statusUpdatedSchema, StatusUpdatedEmail),
  'tracking-added': template(trackingAdded, trackingAdded.trackingAddedSchema, TrackingAddedEmail),
  'contact-form': template(contactForm, contactForm.contactFormSchema, ContactFormEmail),
  'waitlist-confirmation': template(
    waitlistConfirmation,
    waitlistConfirmation.waitlistConfirmationSchema,
    WaitlistConfirmationEmail,
  ),
  'waitlist-notification': template(
    waitlistNotification,
    waitlistNotification.waitlistNotificationSchema,
    WaitlistNotificationEmail,
  ),
  'marketplace-contact': template(
    marketplaceContact,
    marketplaceContact.marketplaceContactSchema,
    MarketplaceContactEmail,
  ),
} satisfies Record<EmailKind, EmailTemplate<any>>;

export type EmailProps<K extends EmailKind> = (typeof EMAIL_TEMPLATES)[K]['previewProps'];

export { EMAIL_KINDS, EMAIL_KIND_LABELS, isEmailKind, type EmailKind } from './kinds';
