import { accountRouter } from './account/me';
import { adminOrganizationsRouter } from './admin/organizations';
import { adminUsersRouter } from './admin/users';
import { healthRouter } from './platform/health';
import { membersRouter } from './schools/members';
import { schoolsRouter } from './schools/schools';
import { router } from './trpc/init';

/**
 * Every procedure of the platform. Order matters for REST paths: the first match wins, so
 * a module declares its static segments before its `{id}` routes.
 */
export const appRouter = router({
  platform: healthRouter,
  account: accountRouter,
  schools: schoolsRouter,
  members: membersRouter,
  admin: router({
    organizations: adminOrganizationsRouter,
    users: adminUsersRouter,
  }),
});

export type AppRouter = typeof appRouter;
