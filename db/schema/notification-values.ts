/*
 * The notification types of DESIGN-MODULES D with their labels and default channels, apart
 * from the tables so that the profile page can import them without loading drizzle.
 */

type NotificationTypeSpec = {
  label: string;
  /** The default of each channel, where the user has not chosen. */
  email: boolean;
  inApp: boolean;
  /** Types that ask for action keep their in-app notice (D, rule 2). */
  inAppLocked?: true;
};

export const NOTIFICATION_TYPES = {
  'marketplace.suborder_created': {
    label: 'A buyer placed an order with you',
    email: true,
    inApp: true,
    inAppLocked: true,
  },
  'marketplace.status_updated': {
    label: 'An order of yours changed status',
    email: true,
    inApp: true,
  },
  'marketplace.tracking_added': {
    label: 'A shipment of yours got tracking',
    email: true,
    inApp: true,
  },
  'marketplace.contact': {
    label: 'Someone wrote about your listing',
    email: true,
    inApp: true,
    inAppLocked: true,
  },
  'marketplace.listing_moderated': {
    label: 'A listing of yours was moderated',
    email: false,
    inApp: true,
  },
  'school.waitlist_new': { label: 'Someone joined a waiting list', email: true, inApp: true },
  'portal.level_changed': { label: 'A rider moved to a new level', email: false, inApp: true },
  'portal.badge_awarded': { label: 'A rider earned a badge', email: false, inApp: true },
  'portal.certificate_issued': { label: 'A certificate was issued', email: false, inApp: true },
  'stud.reservation_requested': {
    label: 'A reservation was requested',
    email: true,
    inApp: true,
    inAppLocked: true,
  },
  'stud.contract_signed': { label: 'A contract was signed', email: true, inApp: true },
  'stud.contract_declined': { label: 'A contract was declined', email: true, inApp: true },
  'stud.task_due': { label: 'A task is due', email: false, inApp: true },
  'org.verification_decided': {
    label: 'Your organization verification was decided',
    email: true,
    inApp: true,
  },
  'admin.verification_requested': {
    label: 'An organization asks to be verified',
    email: true,
    inApp: true,
  },
  'admin.dispute_opened': {
    label: 'A dispute was opened',
    email: true,
    inApp: true,
    inAppLocked: true,
  },
  'admin.payment_held': {
    label: 'A gateway payment needs checking',
    email: true,
    inApp: true,
    inAppLocked: true,
  },
  'admin.pedigree_correction': {
    label: 'A pedigree correction was filed',
    email: true,
    inApp: true,
  },
} as const satisfies Record<string, NotificationTypeSpec>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as [
  NotificationType,
  ...NotificationType[],
];

export const LOCALES = ['es', 'en'] as const;
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;

/** Notifications are kept this long (D, rule 4). */
export const NOTIFICATION_RETENTION_DAYS = 180;
