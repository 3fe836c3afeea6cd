import type {
  PAYMENT_CONCEPTS,
  PAYMENT_METHODS,
  PaymentSort,
} from '@/server/payments/payment-schema';
import { humanize } from '../../../components/ui';

/*
 * The words the office reads for a payment's stored values, shared by the list, the forms and
 * the receipt.
 */

const METHODS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  card: 'Card',
  mobile_wallet: 'Mobile wallet',
  other: 'Other',
};

/** A payment method in words; the competition fees take a subset of the same methods. */
export const methodLabel = (method: string) =>
  METHODS[method as keyof typeof METHODS] ?? humanize(method);

export const CONCEPT_LABELS: Record<(typeof PAYMENT_CONCEPTS)[number], string> = {
  tuition: 'Tuition',
  enrollment_fee: 'Enrolment fee',
  other: 'Other',
};

/** What a charge is for: its description, else its concept in words. */
export const conceptOf = (p: { description: string | null; concept: string }) =>
  p.description ?? CONCEPT_LABELS[p.concept as keyof typeof CONCEPT_LABELS] ?? humanize(p.concept);

const MONTH = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A tuition period (`2026-11`) as `November 2026`. */
export const periodLabel = (period: string) => MONTH.format(new Date(`${period}-15T12:00:00Z`));

/** A month on a chart's axis (`2026-05`) as `May`, or `Jan 27` where a new year begins. */
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', {
    month: 'short',
    ...(month.endsWith('-01') ? { year: '2-digit' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T12:00:00Z`));

export const SORT_LABELS: Record<PaymentSort, string> = {
  due_date_desc: 'Due date, newest first',
  due_date_asc: 'Due date, oldest first',
  amount_desc: 'Amount, highest first',
  amount_asc: 'Amount, lowest first',
  student: 'Student, A to Z',
};
