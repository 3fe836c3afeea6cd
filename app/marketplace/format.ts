import { money } from '../components/ui';
import type { ListingStatus } from '@/db/schema/marketplace-values';

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

/** A date of the API (ISO) as the reader's short date. */
export const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' }) : '—';
