import type { CommissionTier } from '@/server/marketplace/commission-schema';

/** An amount of the API (a number with at most two decimals) as the page writes it. */
export const amountText = (amount: number) =>
  amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A band's bounds: "0.00 to 1,000.00", "1,000.00 and up". */
export const boundsText = (tier: CommissionTier) =>
  tier.max_amount === null
    ? `${amountText(tier.min_amount)} and up`
    : `${amountText(tier.min_amount)} to ${amountText(tier.max_amount)}`;

/** "7.5 % + 0.30", or "10 %" without a fee. */
export const rateText = (tier: Pick<CommissionTier, 'rate_percent' | 'fixed_fee'>) =>
  tier.fixed_fee > 0
    ? `${tier.rate_percent} % + ${amountText(tier.fixed_fee)}`
    : `${tier.rate_percent} %`;
