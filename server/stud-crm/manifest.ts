import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { studClientsRouter } from './clients';
import { navigation } from './navigation';
import { studProspectsRouter } from './prospects';
import { studTagsRouter } from './tags';

/**
 * The stud's CRM (DESIGN-MODULES B.8): clients, prospects and tags. Its resource, `clients`
 * (prospects and tags included), is declared with its grants by the studs module.
 */
export const studCrmModule = defineModule({
  name: 'stud-crm',
  tenant: stud,
  routers: {
    studClients: studClientsRouter,
    studProspects: studProspectsRouter,
    studTags: studTagsRouter,
  },
  // Paths relative to `/studs/{studId}`; the first matching row wins.
  routeExceptions: [
    // As a student's (DESIGN 4): erasing personal data is a delete, not an action.
    { path: /^\/clients\/[^/]+\/anonymize$/, permission: 'clients.delete' },
    { path: /^\/prospects\/[^/]+\/convert$/, permission: 'clients.edit' },
    // Prospects and tags are the clients' resource, by the method rule.
    { path: /^\/(prospects|tags)(\/|$)/, permission: 'clients' },
  ],
  navigation,
});
