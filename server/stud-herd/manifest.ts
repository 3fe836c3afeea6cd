import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { studHorsesRouter } from './horses';
import { medicalRecordsRouter } from './medical-records';
import { navigation } from './navigation';
import { studSettingsRouter } from './settings';
import { stallionsRouter } from './stallions';

/**
 * A stud's herd (DESIGN-MODULES B.1): its horses, each linking the platform's identity, the
 * stallions' profiles, medical records with their due tasks, and the breeding settings. The
 * resources (horses, medical, breeding) are declared with the stud itself (studs/manifest.ts).
 */
export const studHerdModule = defineModule({
  name: 'stud-herd',
  tenant: stud,
  routers: {
    studHorses: studHorsesRouter,
    stallions: stallionsRouter,
    medicalRecords: medicalRecordsRouter,
    studSettings: studSettingsRouter,
  },
  // Paths relative to `/studs/{studId}`; the first matching row wins.
  routeExceptions: [
    { path: /^\/stallions(\/|$)/, permission: 'horses' },
    { path: /^\/medical-records(\/|$)/, permission: 'medical' },
    { method: 'GET', path: /^\/settings$/, permission: 'breeding.view' },
    // B.1: the stud's settings are for owners and managers (staff edit breeding records).
    { method: 'PUT', path: /^\/settings$/, permission: 'profile.edit' },
  ],
  navigation,
});
