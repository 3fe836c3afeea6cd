'use client';

import type { Service } from '@/server/stud-breeding/service-schema';
import { Badge, formatDate, humanize, money } from '../../../components/ui';

/*
 * A breeding service in words (DESIGN-MODULES B.2): its name, its fees in the stud's currency
 * and its terms, as the list's table, its cards and the pickers of other pages say them.
 */

type Offer = Pick<Service, 'method' | 'delivery'>;

/** What is offered: "Frozen semen, shipped". */
export function serviceName(service: Offer) {
  const text = `${humanize(service.method, { midSentence: true })}, ${humanize(service.delivery, { midSentence: true })}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fees: the stud fee, then the part paid on booking and the balance. */
export function feeLines(service: Service, currency: string): string[] {
  const balance = Math.round((service.stud_fee - service.booking_fee) * 100) / 100;
  return [
    `Stud fee ${money(service.stud_fee, currency)}`,
    service.booking_fee > 0
      ? `Booking fee ${money(service.booking_fee, currency)}, balance ${money(balance, currency)}`
      : 'No booking fee',
  ];
}

/** What the fee includes and costs besides: doses, extra doses, shipping. */
export function extraLines(service: Service, currency: string): string[] {
  const doses = service.doses_included;
  return [
    doses === 0 ? 'No dose included' : `${doses} ${doses === 1 ? 'dose' : 'doses'} included`,
    service.extra_dose_price !== null && `Extra dose ${money(service.extra_dose_price, currency)}`,
    service.shipping_fee !== null && `Shipping ${money(service.shipping_fee, currency)}`,
  ].filter((line): line is string => Boolean(line));
}

const GUARANTEES: Record<Service['guarantee'], string> = {
  none: 'No guarantee',
  positive_pregnancy: 'Guarantee: a positive pregnancy',
  live_foal: 'Guarantee: a live foal',
};

/** When the balance falls due, after "balance due". */
export const BALANCE_DUE: Record<Service['balance_due_on'], string> = {
  confirmation: 'when the booking is confirmed',
  pregnancy_confirmed: 'when the pregnancy is confirmed',
  live_foal: 'on a live foal',
  fixed_date: 'on a fixed date',
};

/** When the balance falls due, in words. */
export function balanceDueText(service: Pick<Service, 'balance_due_on' | 'balance_due_date'>) {
  return service.balance_due_on === 'fixed_date' && service.balance_due_date
    ? `balance due on ${formatDate(service.balance_due_date)}`
    : `balance due ${BALANCE_DUE[service.balance_due_on]}`;
}

/** The terms: guarantee, when the balance is due, the pregnancy check, mare and contract. */
export function termLines(service: Service): string[] {
  return [
    GUARANTEES[service.guarantee],
    balanceDueText(service),
    `pregnancy confirmed on day ${service.confirmation_day}`,
    service.substitute_mare_allowed ? 'another mare may take the place' : null,
    service.requires_signed_contract ? 'signed contract required' : 'no contract required',
  ].filter((line): line is string => Boolean(line));
}

/** Lines as one sentence-like run: "A · b · c". */
export const joined = (lines: string[]) => lines.join(' · ');

/** Active or not, and shown on the stallion's listing or not. */
export function ServiceBadges({ service }: { service: Service }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge status={service.active ? 'active' : undefined}>
        {service.active ? 'Active' : 'Inactive'}
      </Badge>
      <Badge>{service.public ? 'Public' : 'Not public'}</Badge>
    </span>
  );
}
