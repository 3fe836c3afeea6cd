import { money } from '../components/ui';
import type { ListingStatus, ReportReason } from '@/db/schema/marketplace-values';

/*
 * How the marketplace pages word a listing's price, place and state.
 */

/** "$1,200.00", "$1,200.00 (negotiable)" or "Price on request". */
export function priceText(listing: {
  price: number | null;
  price_type: string;
  currency: string;
}): string {
  if (listing.price_type === 'on_request' || listing.price === null) return 'Price on request';
  const amount = money(listing.price, listing.currency);
  return listing.price_type === 'negotiable' ? `${amount} (negotiable)` : amount;
}

/** "Austin, TX, US", or an empty string when the place is not given. */
export function placeText(location: {
  city: string | null;
  state: string | null;
  country: string | null;
}): string {
  return [location.city, location.state, location.country].filter(Boolean).join(', ');
}

export const STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Draft',
  pending: 'Awaiting approval',
  active: 'Active',
  paused: 'Paused',
  sold: 'Sold',
  expired: 'Expired',
  rejected: 'Rejected',
  suspended: 'Suspended',
  removed: 'Removed',
  archived: 'Archived',
};

export const STATUS_TONES: Partial<Record<ListingStatus, 'ok' | 'bad'>> = {
  active: 'ok',
  rejected: 'bad',
  suspended: 'bad',
};

export const KIND_LABELS = {
  horse: 'Horses',
  item: 'Equipment and goods',
  service: 'Services',
  stallion_service: 'Stallion services',
} as const;

export const SALE_MODE_LABELS = { buy_now: 'Buy now', enquiry: 'Enquiry' } as const;

export const PRICE_TYPE_LABELS = {
  fixed: 'Fixed price',
  negotiable: 'Negotiable',
  on_request: 'On request',
} as const;

/** Why a listing was reported (G.10), as the reporter chose it and the moderators read it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  fraud: 'Fraud or scam',
  prohibited: 'Prohibited item',
  wrong_category: 'Wrong category',
  other: 'Something else',
};

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * An instant of the API (ISO) as the reader's day, in the words of every date of the app
 * (`27 Nov 2026`, as `formatDate`); a dash when there is none.
 */
export const dateText = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '—');
