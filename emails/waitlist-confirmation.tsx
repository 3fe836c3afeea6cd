import { z } from 'zod';
import { Details, EmailLayout, MailLink, Paragraph } from './components/layout';

/** To the person who joined a waiting list (a school's or stud's public waitlist). */
export const waitlistConfirmationSchema = z.object({
  name: z.string().min(1),
  organizationName: z.string().min(1),
  waitlistName: z.string().min(1),
  position: z.number().int().min(1),
  contactEmail: z.string().min(1),
  /** The entry's reference (`WL-7K2M9Q`), the rider and the link that withdraws it (A.4). */
  reference: z.string().min(1),
  riderName: z.string().min(1),
  preferences: z.string().nullable(),
  withdrawUrl: z.url(),
});
export type WaitlistConfirmationProps = z.infer<typeof waitlistConfirmationSchema>;

export const previewProps: WaitlistConfirmationProps = {
  name: 'Emma Dubois',
  organizationName: 'Willow Creek Riding School',
  waitlistName: 'Beginner group lessons, Saturday mornings',
  position: 4,
  contactEmail: 'office@willowcreek.example',
  reference: 'WL-7K2M9Q',
  riderName: 'Léa Dubois',
  preferences: 'Saturdays, 09:00 to 12:00',
  withdrawUrl: 'https://equestrian.example/waitlist/withdraw/Xq3v9PpL2sTz',
};

export const subject = (props: WaitlistConfirmationProps) =>
  `You are on the waiting list of ${props.organizationName}`;

export default function WaitlistConfirmationEmail(props: WaitlistConfirmationProps) {
  return (
    <EmailLayout preview={subject(props)} heading="You are on the waiting list">
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>
        Thank you for your interest. {props.organizationName} received your request and will contact
        you as soon as a place is free.
      </Paragraph>
      <Details
        rows={[
          ['Reference', props.reference],
          ['Rider', props.riderName],
          ['Waiting list', props.waitlistName],
          ...(props.preferences ? [['Preferences', props.preferences] as [string, string]] : []),
          ['Your position', `No. ${props.position}`],
        ]}
      />
      <Paragraph>
        No longer interested?{' '}
        <MailLink href={props.withdrawUrl}>Withdraw from the waiting list</MailLink>.
      </Paragraph>
      <Paragraph>
        Questions? Write to{' '}
        <MailLink href={`mailto:${props.contactEmail}`}>{props.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>
  );
}
