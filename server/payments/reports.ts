import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { paymentDateField } from './payment-schema';
import { financialReport, reportRange } from './financial-report';
import { financialReportCsv } from './financial-report-csv';
import { financialReportSchema, MAX_REPORT_MONTHS } from './report-schema';

export const reportsRouter = router({
  financial: schoolProcedure('reports.view')
    .meta({
      csv: financialReportCsv,
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/reports/financial',
        tags: ['Reports'],
        summary: 'Income, receivables and top debtors over a date range',
        description: [
          "`start_date` and `end_date` default to the current month's first and last day in the school's time zone; the range spans at most " +
            `${MAX_REPORT_MONTHS} months.`,
          '`income`: paid school and competition payments whose paid date is in the range, by kind (school tuition, other school charges, competition), month (every month of the range) and payment method.',
          '`pending` / `overdue`: unpaid school payments due in the range, not yet due / past due today; `competition_pending`: unpaid competition payments due in the range. `top_debtors`: the 10 students owing most of those.',
          "`format=csv` answers the same report as a `text/csv` download (cells that a spreadsheet would run as a formula are prefixed with `'` and quoted, as is every cell holding `,`, `;` or a tab).",
        ].join('\n\n'),
      },
    })
    .input(
      schoolIdInput.extend({
        start_date: paymentDateField.optional(),
        end_date: paymentDateField.optional(),
        format: z.enum(['json', 'csv']).optional(),
      }),
    )
    .output(z.object({ data: financialReportSchema }))
    .query(async ({ ctx, input }) => {
      const range = reportRange(ctx.school.timezone, input.start_date, input.end_date);
      return { data: await financialReport(ctx.db, ctx.school, range) };
    }),
});
