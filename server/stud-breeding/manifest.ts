import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { breedingEventsRouter } from './breeding-events';
import { navigation } from './navigation';
import { pregnanciesRouter } from './pregnancies';
import { reservationsRouter } from './reservations';
import { semenBatchesRouter } from './semen-batches';
import { studServicesRouter } from './services';
import { shipmentsRouter } from './shipments';
import { birthsRouter } from './births';

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
    reservations: reservationsRouter,
    shipments: shipmentsRouter,
    breedingEvents: breedingEventsRouter,
    pregnancies: pregnanciesRouter,
    births: birthsRouter,
  },
  // Paths relative to `/studs/{studId}`; `/services` is its resource by the method rule.
  routeExceptions: [
    // A reservation's actions need `reservations.edit` (0.1).
    {
      path: /^\/reservations\/[^/]+\/(confirm|reject|cancel|close)$/,
      permission: 'reservations.edit',
    },
    // A shipment's status move is an action: `breeding.edit`.
    { path: /^\/shipments\/[^/]+\/status$/, permission: 'breeding.edit' },
    { path: /^\/semen-batches(\/|$)/, permission: 'breeding' },
    { path: /^\/breeding-events(\/|$)/, permission: 'breeding' },
    { path: /^\/shipments(\/|$)/, permission: 'breeding' },
    { path: /^\/pregnancies(\/|$)/, permission: 'breeding' },
    { path: /^\/births(\/|$)/, permission: 'breeding' },
  ],
  navigation,
});
