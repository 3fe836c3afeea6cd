import ContactFormEmail, * as contactForm from '@/emails/contact-form';
import { emailTemplate, type EmailPropsOf } from '../kernel/emails';
import { pruneRateLimits } from '../kernel/http/rate-limit';
import { defineModule } from '../kernel/modules';
import { accessRouter } from './access';
import { contactRouter } from './contact';
import { featuresRouter } from './features';
import { healthRouter } from './health';
import { adminSettingsRouter } from './settings';
import { testDashboardRouter } from './test-dashboard';

const emails = {
  'contact-form': emailTemplate(
    'Contact form (to the platform)',
    contactForm,
    contactForm.contactFormSchema,
    ContactFormEmail,
  ),
};

declare module '../kernel/emails' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface EmailKinds extends EmailPropsOf<typeof emails> {}
}

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
  emails,
  jobs: [
    {
      name: 'prune-rate-limits',
      everySeconds: 600,
      run: (db) => pruneRateLimits(db),
    },
  ],
});
