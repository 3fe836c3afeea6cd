import { z } from 'zod';
import { ActionButton, Details, EmailLayout, Paragraph } from './components/layout';

/** To a person invited into an organization (a membership) or a family portal. */
export const invitationSchema = z.object({
  organizationName: z.string().min(1),
  /** `school`, `stud`, or `portal` for a family portal invitation. */
  organizationKind: z.string().min(1),
  role: z.string().min(1),
  invitedEmail: z.string().min(1),
  signInUrl: z.url(),
});
export type InvitationProps = z.infer<typeof invitationSchema>;

export const previewProps: InvitationProps = {
  organizationName: 'Willow Creek Riding School',
  organizationKind: 'school',
  role: 'instructor',
  invitedEmail: 'sam.taylor@example.com',
  signInUrl: 'https://equestrian.example/signin',
};

export const subject = (props: InvitationProps) => `You are invited to ${props.organizationName}`;

export default function InvitationEmail(props: InvitationProps) {
  return (
    <EmailLayout preview={subject(props)} heading={`Join ${props.organizationName}`}>
      <Paragraph>
        You have been invited to {props.organizationName} on the Equestrian Platform. Sign in with
        this e-mail address and the invitation is yours: nothing else to do.
      </Paragraph>
      <Details
        rows={[
          ['Organization', `${props.organizationName} (${props.organizationKind})`],
          ['Role', props.role],
          ['E-mail', props.invitedEmail],
        ]}
      />
      <ActionButton href={props.signInUrl}>Sign in</ActionButton>
    </EmailLayout>
  );
}
