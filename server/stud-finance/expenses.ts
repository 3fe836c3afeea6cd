import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { createExpense, deleteExpense, updateExpense } from './expense-lifecycle';
import { getExpense, listExpenses } from './expense-queries';
import { expenseFields, expenseFilters, expenseIdInput, expenseSchema } from './ledger-schema';

const one = z.object({ data: expenseSchema });
const tags = ['Stud finance'];

/** The stud's expenses with their receipts (DESIGN-MODULES B.9). */
export const expensesRouter = router({
  list: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/expenses',
        tags,
        summary: 'Expenses, newest first',
        description:
          'Paginated (25), by date, newest first. Filters: `category`, `horse_id`, `from` and `to` (dates, inclusive), `search` (supplier or description contains it, ignoring case and accents).',
      },
    })
    .input(studIdInput.extend(expenseFilters.shape))
    .output(paginatedSchema(expenseSchema))
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'finance.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/expenses',
        tags,
        summary: 'Enter an expense',
        description:
          "`date` defaults to the stud's today; `horse_id` names the stud's horse. Receipts are uploaded with the stud's media routes (`subject_type: expense`). A medical record with `record_expense` books its own.",
      },
    })
    .input(studIdInput.extend(expenseFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createExpense(ctx.db, ctx.organization, ctx.caller.user.id, input),
    })),

  get: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/expenses/{expenseId}',
        tags,
        summary: 'An expense with its receipts',
      },
    })
    .input(expenseIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getExpense(ctx.db, ctx.organization, input.expenseId),
    })),

  update: organizationProcedure('stud', 'finance.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/expenses/{expenseId}',
        tags,
        summary: 'Update an expense (fields given)',
        description:
          "A medical record's expense too; a later change of the record's cost, date, title, type, horse or vet writes the matching field again.",
      },
    })
    .input(expenseIdInput.extend(expenseFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateExpense(ctx.db, ctx.organization, input.expenseId, input),
    })),

  remove: organizationProcedure('stud', 'finance.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/expenses/{expenseId}',
        tags,
        summary: 'Delete an expense',
        description:
          "Its receipt links go with it (the files stay among the stud's media). A medical record that booked it gets `record_expense: false`.",
      },
    })
    .input(expenseIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteExpense(ctx.db, ctx.organization, input.expenseId);
      return { message: 'Expense deleted.' };
    }),
});
