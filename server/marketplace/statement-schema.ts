import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';

/*
 * The manual driver's monthly commission statements (DESIGN-MODULES C.0, C.2, C.7, G.11).
 * Loads nothing but zod, so that the statements page shares the server's types.
 */

/** A year of statements a page. */
export const STATEMENTS_PER_PAGE = 12;

/** `open`: the current month, summed when read; `issued`: a closed month's stored statement. */
export const STATEMENT_STATUSES = ['open', 'issued'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** GET /seller-profiles/{id}/statements. */
export const statementListInput = paginationInput(STATEMENTS_PER_PAGE).extend({ id: pathId });
export type StatementListInput = z.infer<typeof statementListInput>;

/** The commission a seller owes the platform for one month (UTC), without tax (G.11). */
export const statementSchema = z.object({
  /** `YYYY-MM`. */
  period: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  /** The completed sub-orders counted. */
  sub_orders: z.number().int(),
  /** Their items and shipping. */
  sales_total: z.number(),
  /** Their commission: what the seller owes. */
  commission_total: z.number(),
  currency: z.string(),
  /** Null while the month is open. */
  issued_at: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementPage = paginatedSchema(statementSchema);
