import { accountRouter } from './account/me';
import { adminOrganizationsRouter } from './admin/organizations';
import { adminUsersRouter } from './admin/users';
import { competitionPaymentsRouter } from './competitions/competition-payments';
import { competitionsRouter } from './competitions/competitions';
import { competitionEntriesRouter } from './competitions/entries';
import { competitionResultsRouter } from './competitions/results';
import { adminMailRouter } from './mail/admin-outbox';
import { emailPreviewRouter } from './mail/preview';
import { accessRouter } from './platform/access';
import { contactRouter } from './platform/contact';
import { featuresRouter } from './platform/features';
import { paymentsRouter } from './payments/payments';
import { reportsRouter } from './payments/reports';
import { healthRouter } from './platform/health';
import { adminSettingsRouter } from './platform/settings';
import { testDashboardRouter } from './platform/test-dashboard';
import { attendanceRouter } from './schools/attendance';
import { classesRouter } from './schools/classes';
import { dashboardRouter } from './schools/dashboard';
import { enrollmentsRouter } from './schools/enrollments';
import { horsesRouter } from './schools/horses';
import { instructorsRouter } from './schools/instructors';
import { membersRouter } from './schools/members';
import { schedulesRouter } from './schools/schedules';
import { schoolsRouter } from './schools/schools';
import { studentsRouter } from './schools/students';
import { router } from './kernel/trpc/init';

/**
 * Every procedure of the platform. Order matters for REST paths: the first match wins, so
 * a module declares its static segments before its `{id}` routes.
 */
export const appRouter = router({
  platform: healthRouter,
  features: featuresRouter,
  contact: contactRouter,
  emailPreview: emailPreviewRouter,
  testDashboard: testDashboardRouter,
  access: accessRouter,
  account: accountRouter,
  schools: schoolsRouter,
  members: membersRouter,
  students: studentsRouter,
  instructors: instructorsRouter,
  classes: classesRouter,
  horses: horsesRouter,
  schedules: schedulesRouter,
  enrollments: enrollmentsRouter,
  attendance: attendanceRouter,
  dashboard: dashboardRouter,
  competitions: competitionsRouter,
  competitionEntries: competitionEntriesRouter,
  competitionResults: competitionResultsRouter,
  competitionPayments: competitionPaymentsRouter,
  payments: paymentsRouter,
  reports: reportsRouter,
  admin: router({
    organizations: adminOrganizationsRouter,
    users: adminUsersRouter,
    settings: adminSettingsRouter,
    mail: adminMailRouter,
  }),
});

export type AppRouter = typeof appRouter;
