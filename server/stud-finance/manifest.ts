import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { dashboardRouter } from './dashboard';
import { expensesRouter } from './expenses';
import { incomeRouter } from './income';
import { navigation } from './navigation';
import { paymentsRouter } from './payments';
import { receivablesRouter } from './receivables';
import { reportsRouter } from './reports';

/**
 * A stud's money and figures (DESIGN-MODULES B.9, B.10): receivables (written by contract
 * terms or by hand), payments against them, income and expenses with receipts, the dashboard
 * and the reports. The resources, `finance` and `reports`, are declared with their grants by
 * the studs module.
 */
export const studFinanceModule = defineModule({
  name: 'stud-finance',
  tenant: stud,
  routers: {
    studReceivables: receivablesRouter,
    studPayments: paymentsRouter,
    studIncome: incomeRouter,
    studExpenses: expensesRouter,
    studDashboard: dashboardRouter,
    studReports: reportsRouter,
  },
  // Paths relative to `/studs/{studId}`; the first matching row wins.
  routeExceptions: [
    // Voiding reverses money: `finance.edit` (0.1's action rule).
    { path: /^\/payments\/[^/]+\/void$/, permission: 'finance.edit' },
    { path: /^\/(receivables|payments|income|expenses)(\/|$)/, permission: 'finance' },
    { path: /^\/(dashboard|reports)(\/|$)/, permission: 'reports' },
  ],
  navigation,
});
