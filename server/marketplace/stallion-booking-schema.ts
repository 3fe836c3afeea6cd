import { z } from 'zod';
import {
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  SERVICE_DELIVERIES,
  SERVICE_METHODS,
} from '@/db/schema/stud-breeding-values';
import { optionalText } from '../kernel/fields/record-fields';
import { fieldMessage } from '../kernel/validation';
import { identityFields } from '../pedigree/identity-schema';
import { listingIdInput } from './listing-schema';

/*
 * A mare booked to a stallion through his marketplace listing (DESIGN-MODULES C.9), as the
 * API takes and answers it. Client-safe (zod only): the booking form validates with these.
 */

/** Booking requests a user may send in an hour: each one writes records into a stud. */
export const BOOKING_REQUESTS_PER_HOUR = 10;

const identity = identityFields.shape;

/** The fields describing a mare the platform does not know yet. */
export const MARE_DESCRIPTION_FIELDS = ['name', 'breed', 'birth_year', 'ueln'] as const;

/**
 * The mare: a horse of the platform (`horse_identity_id`), or a description. A description
 * finds the horse its UELN names, else the requester's mare of that name at the stud, else
 * describes a new one (then `birth_year` is required, as for every horse identity).
 */
export const bookingMareInput = z
  .object({
    horse_identity_id: z.uuid().optional(),
    name: identity.name,
    breed: identity.breed,
    birth_year: identity.birth_year,
    ueln: identity.ueln,
  })
  .superRefine((mare, ctx) => {
    const described = MARE_DESCRIPTION_FIELDS.some((field) => mare[field] != null);
    if (mare.horse_identity_id && described)
      ctx.addIssue({
        code: 'custom',
        path: ['horse_identity_id'],
        message: fieldMessage('field cannot be sent with a description of the mare.'),
      });
    else if (!mare.horse_identity_id && mare.name === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: fieldMessage('field is required unless mare.horse identity id is present.'),
      });
  });
export type BookingMare = z.infer<typeof bookingMareInput>;

/** POST /listings/{id}/reservation-requests. */
export const stallionBookingInput = listingIdInput.extend({
  /** One of the services the listing offers (its `services`). */
  service_id: z.uuid(),
  mare: bookingMareInput,
  /** For the stud; kept as the reservation's notes. */
  message: optionalText(5000),
});
export type StallionBookingFields = z.infer<typeof stallionBookingInput>;

const named = z.object({ id: z.string(), name: z.string() });

/** The reservation as its requester sees it: what was asked, not the stud's records. */
export const stallionBookingSchema = z.object({
  id: z.string(),
  /** `requested` until the stud confirms or rejects it. */
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  listing: z.object({ id: z.string(), title: z.string() }),
  stud: named,
  service: z.object({
    id: z.string(),
    /** "Apollo, 2026: Frozen semen, shipped". */
    name: z.string(),
    season: z.string(),
    method: z.enum(SERVICE_METHODS),
    delivery: z.enum(SERVICE_DELIVERIES),
  }),
  stallion: named,
  /** The stud's record of the mare, and the platform's horse it is. */
  mare: named.extend({ horse_identity_id: z.string() }),
  /** The service's fees when requested, in the stud's currency. */
  terms: z.object({ stud_fee: z.number(), booking_fee: z.number(), currency: z.string() }),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type StallionBooking = z.infer<typeof stallionBookingSchema>;

const words = (value: string) => value.replace(/_/g, ' ');

/** A service in words: "Apollo, 2026: Frozen semen, shipped". */
export function bookingServiceName(service: {
  stallion: string;
  season: string;
  method: (typeof SERVICE_METHODS)[number];
  delivery: (typeof SERVICE_DELIVERIES)[number];
}): string {
  const offer = `${words(service.method)}, ${words(service.delivery)}`;
  return `${service.stallion}, ${service.season}: ${offer.charAt(0).toUpperCase()}${offer.slice(1)}`;
}
