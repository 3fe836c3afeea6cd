import { z } from 'zod';
import { Details, EmailLayout, MailLink, Paragraph } from './components/layout';

/** To the person who joined a waiting list (a school's or stud's public waitlist). */
export const waitlistConfirmationSchema = z.object({
  name: z.string().min(1),
  organizationName: z.string().min(1),
  waitlistName: z.string().min(1),
  position: z.number().int().min(1),
  contactEmail: z.string().min(1),
});
export type WaitlistConfirmationProps = z.infer<typeof waitlistConfirmationSchema>;

export const previewProps: WaitlistConfirmationProps = {
  name: 'Emma Dubois',
  organizationName: 'Willow Creek Riding School',
  waitlistName: 'Beginner group lessons, Saturday mornings',
  position: 4,
  contactEmail: 'office@willowcreek.example',
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
          ['Waiting list', props.waitlistName],
          ['Your position', `No. ${props.position}`],
        ]}
      />
      <Paragraph>
        Questions? Write to{' '}
        <MailLink href={`mailto:${props.contactEmail}`}>{props.contactEmail}</MailLink>.
      </Paragraph>
    </EmailLayout>
  );
}
