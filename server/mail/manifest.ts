import { defineModule } from '../kernel/modules';
import { adminMailRouter } from './admin-outbox';
import { emailPreviewRouter } from './preview';

/** The outbox, its worker and the e-mail previews. */
export const mailModule = defineModule({
  name: 'mail',
  tenant: null,
  routers: { emailPreview: emailPreviewRouter, admin: { mail: adminMailRouter } },
  // Templates that exist ahead of their modules (spec 6): they move to the marketplace and
  // waitlist modules' manifests when those are built.
  emailKinds: [
    'suborder-created',
    'status-updated',
    'tracking-added',
    'waitlist-confirmation',
    'waitlist-notification',
    'marketplace-contact',
  ],
});
