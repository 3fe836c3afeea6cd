import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { semenBatchesRouter } from './semen-batches';
import { studServicesRouter } from './services';

/**
 * A stud's breeding offer and stock (DESIGN-MODULES B.2): services of its stallions by season,
 * and batches of frozen semen with their atomic dose counter (`semen-doses.ts`). The resources
 * (services, breeding) are declared with the stud itself (studs/manifest.ts).
 */
export const studBreedingModule = defineModule({
  name: 'stud-breeding',
  tenant: stud,
  routers: {
    studServices: studServicesRouter,
    semenBatches: semenBatchesRouter,
  },
  // Paths relative to `/studs/{studId}`; `/services` is its resource by the method rule.
  routeExceptions: [{ path: /^\/semen-batches(\/|$)/, permission: 'breeding' }],
});
