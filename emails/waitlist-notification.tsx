import { z } from 'zod';
import {
  ActionButton,
  Details,
  EmailLayout,
  MailLink,
  Paragraph,
  Quote,
} from './components/layout';

/** To an administrator of the organization: someone joined one of its waiting lists. */
export const waitlistNotificationSchema = z.object({
  organizationName: z.string().min(1),
  waitlistName: z.string().min(1),
  registrantName: z.string().min(1),
  registrantEmail: z.string().min(1),
  registrantPhone: z.string().nullable(),
  message: z.string().nullable(),
  position: z.number().int().min(1),
  manageUrl: z.url(),
});
export type WaitlistNotificationProps = z.infer<typeof waitlistNotificationSchema>;

export const previewProps: WaitlistNotificationProps = {
  organizationName: 'Willow Creek Riding School',
  waitlistName: 'Beginner group lessons, Saturday mornings',
  registrantName: 'Emma Dubois',
  registrantEmail: 'emma.dubois@example.com',
  registrantPhone: '+33 6 12 34 56 78',
  message: 'My daughter is nine and has had a few pony rides. Weekends suit us best.',
  position: 4,
  manageUrl: 'https://equestrian.example/schools/willow-creek/waitlist',
};

export const subject = (props: WaitlistNotificationProps) =>
  `New on the waiting list: ${props.registrantName} (${props.waitlistName})`;

export default function WaitlistNotificationEmail(props: WaitlistNotificationProps) {
  return (
    <EmailLayout preview={subject(props)} heading="Someone joined your waiting list">
      <Paragraph>A new person registered on a waiting list of {props.organizationName}.</Paragraph>
      <Details
        rows={[
          ['Waiting list', props.waitlistName],
          ['Name', props.registrantName],
          [
            'E-mail',
            <MailLink key="email" href={`mailto:${props.registrantEmail}`}>
              {props.registrantEmail}
            </MailLink>,
          ],
          ...(props.registrantPhone ? [['Phone', props.registrantPhone] as [string, string]] : []),
          ['Position', `No. ${props.position}`],
        ]}
      />
      {props.message && <Quote>{props.message}</Quote>}
      <ActionButton href={props.manageUrl}>Open the waiting list</ActionButton>
    </EmailLayout>
  );
}
