import { z } from 'zod';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES } from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { studIdInput } from '../studs/tenant';

/*
 * A semen shipment as the API takes and answers it (DESIGN-MODULES B.4). Client-safe (zod
 * only): the shipments page validates with these and takes its value lists from here.
 */

export { SHIPMENT_STATUSES, SHIPMENT_TYPES };

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The one state each state may move to next; `cancelled` besides, before `shipped`. */
export const NEXT_SHIPMENT_STATUS: Partial<Record<ShipmentStatus, ShipmentStatus>> = {
  requested: 'prepared',
  prepared: 'shipped',
  shipped: 'delivered',
  delivered: 'returned',
};
export const CANCELLABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['requested', 'prepared'];

/** Where the semen goes: the mare's yard or her vet. */
export const destinationFields = z.object({
  name: z.string().trim().min(1).max(200),
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  phone: optionalText(50),
});

export type DestinationFields = z.infer<typeof destinationFields>;

/** What a PUT may change; doses and the semen only while the shipment is requested. */
export const shipmentDetailFields = z.object({
  /** Default: the reservation's doses included. */
  doses: z.number().int().min(1).max(100).optional(),
  /** Frozen only, required: a batch of the reservation's stallion. */
  batch_id: z.uuid().nullable().optional(),
  /** Chilled only: the collection the semen comes from; not after the stud's today. */
  collected_on: calendarDateField.nullable().optional(),
  requested_for: calendarDateField.nullable().optional(),
  carrier: optionalText(200),
  tracking_number: optionalText(100),
  destination: destinationFields,
  /** The dry shipper or box to come back. */
  container_ref: optionalText(100),
  container_return_due: calendarDateField.nullable().optional(),
  notes: optionalText(5000),
});

export const shipmentFields = shipmentDetailFields.extend({
  /** A reservation of the stud to a shipped service. */
  reservation_id: z.uuid(),
  /** Frozen for a frozen-semen service, chilled for a fresh-semen one. */
  type: z.enum(SHIPMENT_TYPES),
});

export type ShipmentFields = z.infer<typeof shipmentFields>;
export type ShipmentDetailFields = z.infer<typeof shipmentDetailFields>;

export const shipmentIdInput = studIdInput.extend({ shipmentId: pathId });

/** POST /shipments/{id}/status: the next state and what it records. */
export const shipmentStatusFields = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  /** shipped: default the stud's today. */
  shipped_on: calendarDateField.optional(),
  carrier: optionalText(200),
  tracking_number: optionalText(100),
  /** delivered: default the stud's today. */
  delivered_on: calendarDateField.optional(),
  /** returned: default the stud's today. */
  returned_on: calendarDateField.optional(),
  /** cancelled: required. */
  cancelled_reason: optionalText(500),
});

export type ShipmentStatusFields = z.infer<typeof shipmentStatusFields>;

export const shipmentFilters = z.object({
  reservation_id: z.uuid().optional(),
  status: z.enum(SHIPMENT_STATUSES).optional(),
  type: z.enum(SHIPMENT_TYPES).optional(),
});

export type ShipmentFilters = z.infer<typeof shipmentFilters>;

const named = z.object({ id: z.string(), name: z.string() });

export const shipmentSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  reservation: z.object({
    id: z.string(),
    mare: named,
    client: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  }),
  stallion: named,
  type: z.enum(SHIPMENT_TYPES),
  doses: z.number().int(),
  batch_id: z.string().nullable(),
  collected_on: z.string().nullable(),
  requested_for: z.string().nullable(),
  shipped_on: z.string().nullable(),
  delivered_on: z.string().nullable(),
  returned_on: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  destination: z
    .object({
      name: z.string(),
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  container_ref: z.string().nullable(),
  container_return_due: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  cancelled_reason: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Shipment = z.infer<typeof shipmentSchema>;
