'use client';

import type { Reservation } from '@/server/stud-breeding/reservation-schema';
import { Badge, humanize, money } from '../../../components/ui';
import { sentence } from '../horses/herd-ui';
import { balanceDueText, serviceName } from '../services/service-terms';

/*
 * A reservation in words (DESIGN-MODULES B.3), as the season board and the reservation's page
 * say it: its state, its fees and terms, and the columns of the board.
 */

type Status = Reservation['status'];

/** The board's columns, in the season's order; the closed states share the last one. */
export const BOARD_COLUMNS: { key: string; label: string; statuses: readonly Status[] }[] = [
  { key: 'requested', label: 'Requested', statuses: ['requested'] },
  { key: 'confirmed', label: 'Confirmed', statuses: ['confirmed'] },
  { key: 'in_progress', label: 'In progress', statuses: ['in_progress'] },
  { key: 'pregnant', label: 'Pregnant', statuses: ['pregnant'] },
  { key: 'closed', label: 'Closed', statuses: ['completed', 'failed', 'rejected', 'cancelled'] },
];

const TONE: Partial<Record<Status, 'ok' | 'bad'>> = {
  confirmed: 'ok',
  pregnant: 'ok',
  completed: 'ok',
  failed: 'bad',
  rejected: 'bad',
  cancelled: 'bad',
};

export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}

/** "Bella × Apollo": the mare booked to the stallion. */
export const pairing = (r: Pick<Reservation, 'mare' | 'stallion'>) =>
  `${r.mare.name} × ${r.stallion.name}`;

/** The fees of the terms, a return's included (no fee). */
export function feeLines(terms: Reservation['terms'], currency: string): string[] {
  if (terms.stud_fee === 0) return ['No stud fee'];
  const balance = Math.round((terms.stud_fee - terms.booking_fee) * 100) / 100;
  return [
    `Stud fee ${money(terms.stud_fee, currency)}`,
    terms.booking_fee > 0
      ? `booking fee ${money(terms.booking_fee, currency)}, balance ${money(balance, currency)}`
      : 'no booking fee',
  ];
}

const GUARANTEES: Record<Reservation['terms']['guarantee'], string> = {
  none: 'No guarantee',
  positive_pregnancy: 'Guarantee: a positive pregnancy',
  live_foal: 'Guarantee: a live foal',
};

/** The terms as label and value pairs, for a detail list. */
export function termRows(terms: Reservation['terms'], currency: string): [string, string][] {
  const doses = terms.doses_included;
  return [
    ['Service', serviceName(terms)],
    ['Fees', feeLines(terms, currency).join(' · ')],
    [
      'Doses',
      [
        doses === 0 ? 'None included' : `${doses} included`,
        terms.extra_dose_price !== null && `extra dose ${money(terms.extra_dose_price, currency)}`,
        terms.shipping_fee !== null && `shipping ${money(terms.shipping_fee, currency)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
    ['Guarantee', GUARANTEES[terms.guarantee]],
    ['Balance', sentence(balanceDueText(terms))],
    ['Pregnancy confirmed', `On day ${terms.confirmation_day}`],
    ['Substitute mare', terms.substitute_mare_allowed ? 'Allowed' : 'Not allowed'],
    ['Contract', terms.requires_signed_contract ? 'Signed contract required' : 'None required'],
  ];
}
