import { z } from 'zod';
import { competitionFields, feeFields } from '@/server/competitions/competition-schema';

/*
 * The competition form's values and their check: the shared `competitionFields`, after the
 * rows left blank are dropped (an empty category box, a fee with neither name nor amount),
 * as the form has always sent them.
 */

const feeRow = feeFields.extend({ name: z.string(), amount: z.string() });
export type FeeRow = z.input<typeof feeRow>;

export const newFee = (name = ''): FeeRow => ({
  concept: 'inscription',
  name,
  amount: '',
  applies_to: 'entry',
  is_required: true,
  description: null,
});

export const competitionForm = competitionFields
  .pick({ name: true, date: true, location: true, status: true })
  .extend({ categories: z.array(z.string()), fees: z.array(feeRow) })
  .transform(({ categories, fees, ...profile }): z.input<typeof competitionFields> => ({
    ...profile,
    categories: categories.map((c) => c.trim()).filter(Boolean),
    fees: fees
      .filter((fee) => fee.name.trim() || fee.amount)
      .map((fee) => ({ ...fee, name: fee.name.trim(), amount: Number(fee.amount) })),
  }))
  .pipe(competitionFields);
