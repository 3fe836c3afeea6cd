import { defineModule } from '../kernel/modules';
import { adminOrganizationsRouter } from './organizations';
import { adminUsersRouter } from './users';

/** Platform administration: organizations and users (DESIGN 4). */
export const adminModule = defineModule({
  name: 'admin',
  tenant: null,
  routers: { admin: { organizations: adminOrganizationsRouter, users: adminUsersRouter } },
});
