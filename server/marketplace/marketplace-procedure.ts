import { requireMarketplace } from '../platform/feature-queries';
import { gatedProcedure } from '../kernel/trpc/init';

/**
 * Every `/api/marketplace/**` route (C.8): while `marketplace.enabled` is false it answers
 * 503 with the maintenance message and `Retry-After`, before sign-in or input are looked at.
 * Administration routes and timers do not use it: the switch stops users, not moderation.
 */
export const marketplaceProcedure = gatedProcedure(requireMarketplace);

export const MARKETPLACE_TAG = 'Marketplace';
