import { publicRoute } from '../kernel/trpc/public';
import { router } from '../kernel/trpc/init';
import { receiveWebhook } from './webhook-lifecycle';
import { webhookAnswer, webhookInput } from './webhook-schema';

/**
 * Bursts of a gateway's deliveries come from a handful of its addresses: a limit per address
 * well above them, still a bound on anyone else posting here.
 */
const WEBHOOKS_PER_MINUTE = 600;

/** The payment gateway's webhook (DESIGN-MODULES C.6, 0.2): no sign-in, a signature instead. */
export const paymentWebhooksRouter = router({
  receive: publicRoute('payment-webhooks', 'write', WEBHOOKS_PER_MINUTE)
    .meta({
      signedBody: true,
      openapi: {
        method: 'POST',
        path: '/webhooks/payments/{provider}',
        protect: false,
        tags: ['Marketplace: payments'],
        summary: 'The payment gateway’s events',
        description:
          'For the gateway only (Stripe: point an endpoint of the dashboard here and store its signing secret as `webhook_secret`). The body is the gateway’s event as sent, verified by its signature header (`Stripe-Signature`): a missing or wrong signature → 400. Each event id is stored once: a replay answers `duplicate: true` and changes nothing. `checkout.session.completed` pays the order when its amount and currency are the order’s, else holds it for an administrator (`outcome: held`); `account.updated` sets the seller’s `payout_status`; `charge.dispute.created` reverses the payouts sent and holds the rest. `manual` has no webhook (404). Works while the marketplace is switched off (C.8).',
      },
    })
    .input(webhookInput)
    .output(webhookAnswer)
    .mutation(({ ctx, input }) => receiveWebhook(ctx, input.provider)),
});
