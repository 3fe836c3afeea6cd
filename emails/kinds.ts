/** The kinds of e-mail (spec 6), importable by the UI without the templates themselves. */
export const EMAIL_KINDS = [
  'suborder-created',
  'status-updated',
  'tracking-added',
  'contact-form',
  'waitlist-confirmation',
  'waitlist-notification',
  'marketplace-contact',
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  'suborder-created': 'New sub-order (to the seller)',
  'status-updated': 'Order status update (to the buyer)',
  'tracking-added': 'Tracking added (to the buyer)',
  'contact-form': 'Contact form (to the platform)',
  'waitlist-confirmation': 'Waitlist confirmation (to the registrant)',
  'waitlist-notification': 'Waitlist notification (to an administrator)',
  'marketplace-contact': 'Marketplace contact (to the seller)',
};

export function isEmailKind(value: string): value is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(value);
}
