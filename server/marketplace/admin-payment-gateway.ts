import { z } from 'zod';
import { appEncryptionKey } from '../kernel/secrets';
import { adminProcedure, router } from '../kernel/trpc/init';
import { testGateway, updateGateway } from './gateway-lifecycle';
import { readGatewaySettings } from './gateway-queries';
import {
  gatewaySettingsSchema,
  gatewayTestResultSchema,
  gatewayUpdateInput,
} from './gateway-schema';

const tags = ['Administration: payment gateway'];
const audit = { subject: 'payment_gateway', read: readGatewaySettings };
const path = '/admin/payment-gateway';

/**
 * The platform administrators' payment gateway settings (DESIGN-MODULES E.5, C.0). The
 * secrets are write-only: answers and the audit log carry `secret_key_set` and
 * `webhook_secret_set`, never a value.
 */
export const adminPaymentGatewayRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path,
        tags,
        summary: 'The payment gateway settings',
        description:
          'Without settings stored: the `manual` provider in `test` mode, payouts 7 days after completion. `last_test` is the last connection test (`current`: of today’s provider and keys); `live_ready`: `mode: live` would be accepted.',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: gatewaySettingsSchema }))
    .query(async ({ ctx }) => ({ data: await readGatewaySettings(ctx.db) })),

  update: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'PUT',
        path,
        tags,
        summary: 'Update the payment gateway settings (fields given)',
        description:
          '`provider` manual, stripe or mercadopago; `mode` test or live; `payout_delay_days` 0 to 90. `secret_key` and `webhook_secret` are write-only: absent keeps one, `null` clears it; they are stored encrypted (AES-256-GCM). `mode: live` needs a passing connection test of the current provider and live keys (409); changing the provider or a key voids that test, so a change while live → 409 too.',
      },
    })
    .input(gatewayUpdateInput)
    .output(z.object({ data: gatewaySettingsSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await updateGateway(
        ctx.db,
        appEncryptionKey(ctx.config.auth.secret),
        input,
        ctx.caller.user.id,
      ),
    })),

  test: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: `${path}/test`,
        tags,
        summary: 'Test the connection with the stored provider and keys',
        description:
          '`manual`: ok without a network call. `stripe`: an authenticated read of the balance; a refused key or an unreachable Stripe → `ok: false` with a message (200). `mercadopago`: not supported yet. The outcome is stored as `last_test`.',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: gatewayTestResultSchema }))
    .mutation(async ({ ctx }) => ({
      data: await testGateway(ctx.db, appEncryptionKey(ctx.config.auth.secret)),
    })),
});
