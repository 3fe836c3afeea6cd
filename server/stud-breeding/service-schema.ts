import { z } from 'zod';
import {
  BALANCE_DUE_ON,
  SERVICE_DELIVERIES,
  SERVICE_GUARANTEES,
  SERVICE_METHODS,
} from '@/db/schema/stud-breeding-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { studIdInput } from '../studs/tenant';
import { queryFlag } from './params';

/*
 * A breeding service as the API takes and answers it (DESIGN-MODULES B.2). Client-safe (zod
 * only): the service form validates with these and takes its value lists from here.
 */

export { BALANCE_DUE_ON, SERVICE_DELIVERIES, SERVICE_GUARANTEES, SERVICE_METHODS };

export const serviceFields = z.object({
  /** A stallion of the stud (an entire male of a year or more). */
  stallion_id: z.uuid(),
  /** A label, e.g. `2026`. */
  season: z.string().trim().min(1).max(20),
  method: z.enum(SERVICE_METHODS),
  /** `on_site` unless given; natural cover is on site only. */
  delivery: z.enum(SERVICE_DELIVERIES).optional(),
  stud_fee: moneyField,
  /** The part of the stud fee paid on booking (0 unless given), at most the stud fee. */
  booking_fee: moneyField.optional(),
  doses_included: z.number().int().min(0).max(100).optional(),
  extra_dose_price: moneyField.nullable().optional(),
  shipping_fee: moneyField.nullable().optional(),
  guarantee: z.enum(SERVICE_GUARANTEES).optional(),
  /** When the balance falls due; `fixed_date` names the day in `balance_due_date`. */
  balance_due_on: z.enum(BALANCE_DUE_ON).optional(),
  balance_due_date: calendarDateField.nullable().optional(),
  /** The day after the breeding on which the pregnancy check confirms it (45 unless given). */
  confirmation_day: z.number().int().min(1).max(120).optional(),
  substitute_mare_allowed: z.boolean().optional(),
  requires_signed_contract: z.boolean().optional(),
  /** A contract template of the stud (the contracts module, issue 22). */
  contract_template_id: z.uuid().nullable().optional(),
  /** Shown on the stallion's listing. */
  public: z.boolean().optional(),
  active: z.boolean().optional(),
  notes: optionalText(5000),
});

export type ServiceFields = z.infer<typeof serviceFields>;

export const serviceIdInput = studIdInput.extend({ serviceId: pathId });

export const serviceFilters = z.object({
  stallion_id: z.uuid().optional(),
  season: z.string().trim().max(20).optional(),
  active: queryFlag,
});

export type ServiceFilters = z.infer<typeof serviceFilters>;

export const serviceSchema = z.object({
  id: z.string(),
  stallion_id: z.string(),
  stallion: z.object({ id: z.string(), name: z.string() }),
  season: z.string(),
  method: z.enum(SERVICE_METHODS),
  delivery: z.enum(SERVICE_DELIVERIES),
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
  contract_template_id: z.string().nullable(),
  public: z.boolean(),
  active: z.boolean(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Service = z.infer<typeof serviceSchema>;
