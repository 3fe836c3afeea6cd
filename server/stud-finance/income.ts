import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { createIncome, deleteIncome, updateIncome } from './income-lifecycle';
import { getIncome, listIncome } from './income-queries';
import { incomeFields, incomeFilters, incomeIdInput, incomeSchema } from './ledger-schema';

const one = z.object({ data: incomeSchema });
const tags = ['Stud finance'];

/** The stud's income (DESIGN-MODULES B.9): entered by hand, or written by payments. */
export const incomeRouter = router({
  list: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/income',
        tags,
        summary: 'Income, newest first',
        description:
          'Paginated (25), by date, newest first. Filters: `category`, `client_id`, `horse_id`, `from` and `to` (dates, inclusive).',
      },
    })
    .input(studIdInput.extend(incomeFilters.shape))
    .output(paginatedSchema(incomeSchema))
    .query(({ ctx, input }) => listIncome(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'finance.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/income',
        tags,
        summary: 'Enter income (prize money, a sale…)',
        description:
          "`date` defaults to the stud's today; `client_id` and `horse_id` name the stud's client and horse. A payment writes its own entry (POST /payments).",
      },
    })
    .input(studIdInput.extend(incomeFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createIncome(ctx.db, ctx.organization, ctx.caller.user.id, input),
    })),

  get: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/income/{incomeId}',
        tags,
        summary: 'An income entry',
      },
    })
    .input(incomeIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getIncome(ctx.db, ctx.organization, input.incomeId),
    })),

  update: organizationProcedure('stud', 'finance.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/income/{incomeId}',
        tags,
        summary: 'Update an income entry (fields given)',
        description: 'An entry a payment made (`payment_id`) → 409: void the payment instead.',
      },
    })
    .input(incomeIdInput.extend(incomeFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateIncome(ctx.db, ctx.organization, input.incomeId, input),
    })),

  remove: organizationProcedure('stud', 'finance.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/income/{incomeId}',
        tags,
        summary: 'Delete an income entry',
        description: 'An entry a payment made (`payment_id`) → 409: void the payment instead.',
      },
    })
    .input(incomeIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteIncome(ctx.db, ctx.organization, input.incomeId);
      return { message: 'Income entry deleted.' };
    }),
});
