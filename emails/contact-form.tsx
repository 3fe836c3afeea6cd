import { z } from 'zod';
import { Details, EmailLayout, MailLink, Paragraph, Quote } from './components/layout';

/** To the platform's contact address (CONTACT_EMAIL_TO): a message from the public contact form. */
export const contactFormSchema = z.object({
  name: z.string().min(1),
  email: z.string().min(1),
  subject: z.string().min(1),
  message: z.string().min(1),
  reference: z.string().min(1),
});
export type ContactFormProps = z.infer<typeof contactFormSchema>;

export const previewProps: ContactFormProps = {
  name: 'Sofia Lindqvist',
  email: 'sofia.lindqvist@example.com',
  subject: 'Listing a riding school',
  message:
    'Hello,\nwe run a small riding school near Uppsala with twelve horses and would like to manage our classes on the platform.\nHow do we get started?',
  reference: '6f1c2a9e-3b7d-4c55-9a1e-2d4f8b0c7e13',
};

export const subject = (props: ContactFormProps) => `Contact form: ${props.subject}`;

export default function ContactFormEmail(props: ContactFormProps) {
  return (
    <EmailLayout
      preview={`${props.name}: ${props.subject}`}
      heading="New message from the contact form"
    >
      <Details
        rows={[
          ['From', props.name],
          [
            'E-mail',
            <MailLink key="email" href={`mailto:${props.email}`}>
              {props.email}
            </MailLink>,
          ],
          ['Subject', props.subject],
          ['Reference', props.reference],
        ]}
      />
      <Quote>{props.message}</Quote>
      <Paragraph>Reply to this e-mail to answer {props.name} directly.</Paragraph>
    </EmailLayout>
  );
}
