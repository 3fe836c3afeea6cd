import { defineModule } from '../kernel/modules';
import { adminPedigreeRouter } from './admin-pedigree';
import { pedigreeRouter } from './pedigree';

/**
 * One horse identity across the platform and its curated pedigree (DESIGN-MODULES 0.3,
 * E.6): reads and corrections for any signed-in user, curation for administrators. Tenant
 * modules link their horses to it (`identityForRecord`).
 */
export const pedigreeModule = defineModule({
  name: 'pedigree',
  tenant: null,
  routers: { pedigree: pedigreeRouter, admin: { pedigree: adminPedigreeRouter } },
});
