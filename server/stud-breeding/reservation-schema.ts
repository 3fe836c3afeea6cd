import { z } from 'zod';
import {
  BALANCE_DUE_ON,
  CONTRACT_STATUSES,
  OPEN_RESERVATION_STATUSES,
  RESERVATION_OUTCOMES,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  SERVICE_DELIVERIES,
  SERVICE_GUARANTEES,
  SERVICE_METHODS,
} from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';

/*
 * A mare's reservation of a breeding service (DESIGN-MODULES B.3) as the API takes and answers
 * it. Client-safe (zod only): the season board's form validates with these and takes its value
 * lists from here.
 */

export {
  OPEN_RESERVATION_STATUSES,
  RESERVATION_OUTCOMES,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
};

export const RESERVATIONS_PER_PAGE = 25;

/** The outcomes a member closes a reservation with; `live_foal` comes from a birth (B.6). */
export const CLOSE_OUTCOMES = ['no_pregnancy', 'pregnancy_lost', 'foal_lost'] as const;

/** POST /reservations. */
export const reservationFields = z.object({
  /** An active service of the stud: its stallion, season and terms are the reservation's. */
  service_id: z.uuid(),
  /** A mare of the stud. */
  mare_id: z.uuid(),
  /** The mare's owner, a client of the stud; her owner unless given, none for the stud's own. */
  client_id: z.uuid().nullable().optional(),
  source: z.enum(RESERVATION_SOURCES).optional(),
  /** A failed reservation whose return privilege this one uses (stud and booking fee 0). */
  return_of_id: z.uuid().nullable().optional(),
  /** Create it confirmed (the stallion's book limit applies). */
  confirm: z.boolean().optional(),
  notes: optionalText(5000),
});

export type ReservationFields = z.infer<typeof reservationFields>;

/** PUT /reservations/{id}: the notes, and the client while requested or confirmed. */
export const reservationUpdateFields = z.object({
  client_id: z.uuid().nullable().optional(),
  notes: optionalText(5000),
});

export type ReservationUpdateFields = z.infer<typeof reservationUpdateFields>;

export const reasonFields = z.object({ reason: z.string().trim().min(1).max(1000) });

export const closeFields = z.object({ outcome: z.enum(CLOSE_OUTCOMES) });

export const reservationIdInput = studIdInput.extend({ reservationId: pathId });

/** GET /reservations: a page, newest season first. */
export const reservationFilters = paginationInput(RESERVATIONS_PER_PAGE).extend({
  season: z.string().trim().max(20).optional(),
  stallion_id: z.uuid().optional(),
  client_id: z.uuid().optional(),
  mare_id: z.uuid().optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
});

export type ReservationFilters = z.infer<typeof reservationFilters>;

const named = z.object({ id: z.string(), name: z.string() });

export const reservationSchema = z.object({
  id: z.string(),
  service_id: z.string(),
  service: z.object({
    id: z.string(),
    season: z.string(),
    method: z.enum(SERVICE_METHODS),
    delivery: z.enum(SERVICE_DELIVERIES),
  }),
  stallion: named,
  season: z.string(),
  mare: named,
  client: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  return_of_id: z.string().nullable(),
  contract_id: z.string().nullable(),
  /** Its contract (the one its signature gate reads), drafted on confirmation from a template. */
  contract: z
    .object({ id: z.string(), number: z.string(), status: z.enum(CONTRACT_STATUSES) })
    .nullable(),
  outcome: z.enum(RESERVATION_OUTCOMES).nullable(),
  return_privilege: z.boolean(),
  /** Why it was rejected or cancelled. */
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  /** The service's fees and terms when booked (read-only). */
  terms: z.object({
    stud_fee: z.number(),
    booking_fee: z.number(),
    doses_included: z.number().int(),
    extra_dose_price: z.number().nullable(),
    shipping_fee: z.number().nullable(),
    guarantee: z.enum(SERVICE_GUARANTEES),
    balance_due_on: z.enum(BALANCE_DUE_ON),
    balance_due_date: z.string().nullable(),
    confirmation_day: z.number().int(),
    substitute_mare_allowed: z.boolean(),
    requires_signed_contract: z.boolean(),
    method: z.enum(SERVICE_METHODS),
    delivery: z.enum(SERVICE_DELIVERIES),
  }),
  confirmed_at: z.string().nullable(),
  started_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Reservation = z.infer<typeof reservationSchema>;

export const TIMELINE_KINDS = [
  'requested',
  'confirmed',
  'rejected',
  'cancelled',
  'breeding_event',
  'shipment_requested',
  'shipment_prepared',
  'shipment_shipped',
  'shipment_delivered',
  'shipment_returned',
  'shipment_cancelled',
  'pregnancy_check',
  'birth',
  'completed',
  'failed',
] as const;

export const timelineEntrySchema = z.object({
  /** A date (`YYYY-MM-DD`) for what happened on a day, else a timestamp. */
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  label: z.string(),
  /** The record the entry is about: the reservation, event, shipment, check or birth. */
  record_id: z.string(),
});

export const reservationDetailSchema = reservationSchema.extend({
  timeline: z.array(timelineEntrySchema),
});

export type ReservationDetail = z.infer<typeof reservationDetailSchema>;
