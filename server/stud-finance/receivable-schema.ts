import { z } from 'zod';
import {
  RECEIVABLE_KINDS,
  RECEIVABLE_SOURCES,
  RECEIVABLE_STATUSES,
} from '@/db/schema/stud-finance-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';

/*
 * What a client owes the stud (DESIGN-MODULES B.9), as the API takes and answers it. Client-safe
 * (zod only): the finance pages validate with these and take their value lists from here.
 */

export { RECEIVABLE_KINDS, RECEIVABLE_SOURCES, RECEIVABLE_STATUSES };

export const RECEIVABLES_PER_PAGE = 25;

/** A positive amount with at most two decimals. */
export const positiveAmount = z.number().gt(0).pipe(moneyField);

/** What a PUT may change: the amount never below what was paid (422). */
export const receivableDetailFields = z.object({
  description: z.string().trim().min(1).max(300),
  amount: positiveAmount,
  /** Default: the stud's today. */
  due_date: calendarDateField.optional(),
  notes: optionalText(2000),
});

/** POST /receivables: a manual receivable of a client of the stud. */
export const receivableFields = receivableDetailFields.extend({
  client_id: z.uuid(),
  /** A reservation of that client (422 otherwise). */
  reservation_id: z.uuid().nullable().optional(),
  kind: z.enum(RECEIVABLE_KINDS),
});

export type ReceivableFields = z.infer<typeof receivableFields>;
export type ReceivableDetailFields = z.infer<typeof receivableDetailFields>;

export const receivableIdInput = studIdInput.extend({ receivableId: pathId });

/** `overdue` selects open receivables past their due date (DESIGN 6); `open` both open states. */
export const RECEIVABLE_STATUS_FILTERS = [...RECEIVABLE_STATUSES, 'overdue', 'open'] as const;

export const receivableFilters = paginationInput(RECEIVABLES_PER_PAGE).extend({
  client_id: z.uuid().optional(),
  reservation_id: z.uuid().optional(),
  status: z.enum(RECEIVABLE_STATUS_FILTERS).optional(),
  kind: z.enum(RECEIVABLE_KINDS).optional(),
  source: z.enum(RECEIVABLE_SOURCES).optional(),
  due_from: calendarDateField.optional(),
  due_to: calendarDateField.optional(),
});

export type ReceivableFilters = z.infer<typeof receivableFilters>;

const named = z.object({ id: z.string(), name: z.string() });

export const receivableSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client: z.object({ id: z.string(), display_name: z.string() }),
  reservation_id: z.string().nullable(),
  /** The reservation's mare, stallion and season, when it has one. */
  reservation: z
    .object({ id: z.string(), season: z.string(), mare: named, stallion: named })
    .nullable(),
  shipment_id: z.string().nullable(),
  kind: z.enum(RECEIVABLE_KINDS),
  description: z.string(),
  amount: z.number(),
  paid_amount: z.number(),
  /** amount − paid_amount; 0 once paid or cancelled. */
  outstanding: z.number(),
  due_date: z.string(),
  status: z.enum(RECEIVABLE_STATUSES),
  /** Open (pending or partially paid) and due before the stud's today. */
  overdue: z.boolean(),
  /** Days past due in the stud's time zone; 0 when not overdue. */
  days_overdue: z.number().int(),
  source: z.enum(RECEIVABLE_SOURCES),
  notes: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Receivable = z.infer<typeof receivableSchema>;
