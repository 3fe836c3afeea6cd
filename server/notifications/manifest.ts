import ContractCompletedEmail, * as contractCompleted from '@/emails/contract-completed';
import ContractSigningEmail, * as contractSigning from '@/emails/contract-signing';
import InvitationEmail, * as invitation from '@/emails/invitation';
import NoticeEmail, * as notice from '@/emails/notice';
import { emailTemplate, type EmailPropsOf } from '../kernel/emails';
import { defineModule } from '../kernel/modules';
import { purgeExpiredNotifications } from './notification-lifecycle';
import { notificationsRouter } from './notifications';
import { profileRouter } from './profile';

// The e-mail kinds of DESIGN-MODULES 0.5 besides spec 6's seven.
const emails = {
  invitation: emailTemplate(
    'Invitation (membership or portal)',
    invitation,
    invitation.invitationSchema,
    InvitationEmail,
  ),
  'contract-signing': emailTemplate(
    'Contract to sign (to a signer)',
    contractSigning,
    contractSigning.contractSigningSchema,
    ContractSigningEmail,
  ),
  'contract-completed': emailTemplate(
    'Contract signed by all (to every party)',
    contractCompleted,
    contractCompleted.contractCompletedSchema,
    ContractCompletedEmail,
  ),
  notice: emailTemplate('Notice (any notification)', notice, notice.noticeSchema, NoticeEmail),
};

declare module '../kernel/emails' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface EmailKinds extends EmailPropsOf<typeof emails> {}
}

/** Notifications, the profile, its settings and preferences (DESIGN-MODULES D and 0.5). */
export const notificationsModule = defineModule({
  name: 'notifications',
  tenant: null,
  routers: { notifications: notificationsRouter, profile: profileRouter },
  emails,
  jobs: [
    {
      name: 'purge-notifications',
      everySeconds: 3600,
      run: (db, now) => purgeExpiredNotifications(db, now),
    },
  ],
});
