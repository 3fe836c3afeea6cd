import { z } from 'zod';
import { GATEWAY_EVENT_OUTCOMES } from '@/db/schema/marketplace-payments';
import { GATEWAY_PROVIDERS } from '@/db/schema/payment-gateway-values';

/*
 * The payment gateway's webhook (DESIGN-MODULES C.6): the gateway's own event, whose exact
 * body its signature covers; only the fields below are read from the parsed input, the rest
 * from the verified event.
 */

export const webhookInput = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  id: z.string().max(255).optional().describe('The gateway’s event id (Stripe: `evt_…`).'),
  type: z.string().max(255).optional().describe('The event type (`checkout.session.completed`).'),
});

export const webhookAnswer = z.object({
  data: z.object({
    received: z.literal(true),
    /** The event id was stored before: nothing was done again. */
    duplicate: z.boolean(),
    outcome: z.enum(GATEWAY_EVENT_OUTCOMES).nullable(),
  }),
});
export type WebhookAnswer = z.infer<typeof webhookAnswer>;
