import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { MAX_REPORT_MONTHS } from '../payments/report-schema';
import { studIdInput } from '../studs/tenant';
import { studFinancialReport, studReportRange } from './financial-report';
import { studFinancialReportCsv } from './financial-report-csv';
import { foalingReport } from './foaling-report';
import { receivablesReport } from './receivables-report';
import {
  dateRangeInput,
  financialReportInput,
  foalingReportSchema,
  receivablesReportSchema,
  seasonReportInput,
  seasonReportSchema,
  studFinancialReportSchema,
} from './report-schema';
import { seasonReport } from './season-report';

const tags = ['Stud reports'];

/** The stud's reports (DESIGN-MODULES B.10): each a fixed number of statements. */
export const reportsRouter = router({
  season: organizationProcedure('stud', 'reports.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/reports/season',
        tags,
        summary: "A breeding season's figures per stallion",
        description: [
          '`season` defaults to the stud’s current year. A breeding event or pregnancy belongs to its reservation’s season, else to the year of its date (base date).',
          'Per stallion with a reservation, breeding or pregnancy that season, by name: `mares_booked` (distinct mares of reservations confirmed to completed, or failed), `mares_bred` (distinct mares with a breeding event or a pregnancy), `cycles` (pregnancies), `pregnancies` (cycles confirmed in foal: confirmed, lost or foaled), the rates per cycle and per mare (4 decimals, null without a divisor), `losses` (pregnancies lost, stillborn and aborted births included), `live_foals` and `doses_shipped` (shipments shipped, delivered or returned).',
          '`totals` sum the stallions’ rows, with the rates recomputed from the sums.',
        ].join('\n\n'),
      },
    })
    .input(seasonReportInput)
    .output(z.object({ data: seasonReportSchema }))
    .query(async ({ ctx, input }) => ({
      data: await seasonReport(ctx.db, ctx.organization, input.season),
    })),

  financial: organizationProcedure('stud', 'reports.view')
    .meta({
      csv: studFinancialReportCsv,
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/reports/financial',
        tags,
        summary: 'Income and expenses by category and month, and the net',
        description: [
          '`start_date` and `end_date` default to the first day of the stud’s current year and its today; the range spans at most ' +
            `${MAX_REPORT_MONTHS} months.`,
          'Income entries and expenses dated in the range, by category (every category, zeros included) and by month (every month of the range); `net` is income minus expenses. Amounts are in the stud’s `currency`.',
          "`format=csv` answers the same report as a `text/csv` download (cells that a spreadsheet would run as a formula are prefixed with `'` and quoted).",
        ].join('\n\n'),
      },
    })
    .input(financialReportInput)
    .output(z.object({ data: studFinancialReportSchema }))
    .query(async ({ ctx, input }) => {
      const range = studReportRange(ctx.organization.timezone, input.start_date, input.end_date);
      return { data: await studFinancialReport(ctx.db, ctx.organization, range) };
    }),

  receivables: organizationProcedure('stud', 'reports.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/reports/receivables',
        tags,
        summary: 'What clients owe, by days past due',
        description:
          'Open (pending or partially paid) receivables’ outstanding amounts per client, by days past due on the stud’s today (`as_of`): `current` (not yet due, or due today), 1–30, 31–60, 61–90, over 90. Clients owing most first.',
      },
    })
    .input(studIdInput)
    .output(z.object({ data: receivablesReportSchema }))
    .query(async ({ ctx }) => ({ data: await receivablesReport(ctx.db, ctx.organization) })),

  foaling: organizationProcedure('stud', 'reports.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/reports/foaling',
        tags,
        summary: 'Expected foalings with their windows and owners',
        description:
          'Open pregnancies (checking, confirmed) due from `start_date` (default: the stud’s today) to `end_date` (default: 90 days after the start), soonest first, with the foaling window (base date + 320 to + 370 days), the day of gestation today and the mare’s owner (the reservation’s client).',
      },
    })
    .input(dateRangeInput)
    .output(z.object({ data: foalingReportSchema }))
    .query(async ({ ctx, input }) => ({
      data: await foalingReport(ctx.db, ctx.organization, input),
    })),
});
