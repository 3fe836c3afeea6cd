import { defineModule } from '../kernel/modules';
import { accountRouter } from './me';

/** The signed-in user's own account (`/auth/me`). */
export const accountModule = defineModule({
  name: 'account',
  tenant: null,
  routers: { account: accountRouter },
});
