import { defineModule } from '../kernel/modules';
import { accessRouter } from './access';
import { contactRouter } from './contact';
import { featuresRouter } from './features';
import { healthRouter } from './health';
import { adminSettingsRouter } from './settings';
import { testDashboardRouter } from './test-dashboard';

/** Health, feature switches, the contact form, access codes and the platform settings. */
export const platformModule = defineModule({
  name: 'platform',
  tenant: null,
  routers: {
    platform: healthRouter,
    features: featuresRouter,
    contact: contactRouter,
    testDashboard: testDashboardRouter,
    access: accessRouter,
    admin: { settings: adminSettingsRouter },
  },
  emailKinds: ['contact-form'],
});
