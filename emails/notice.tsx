import { z } from 'zod';
import { ActionButton, EmailLayout, Paragraph } from './components/layout';

/** The one template of every preference-controlled notification (DESIGN-MODULES 0.5). */
export const noticeSchema = z.object({
  title: z.string().min(1),
  text: z.string().min(1),
  buttonLabel: z.string().min(1).nullable(),
  buttonUrl: z.url().nullable(),
});
export type NoticeProps = z.infer<typeof noticeSchema>;

export const previewProps: NoticeProps = {
  text: 'Laura Méndez asks for two doses of Quaterback for the mare Donna, in March.',
  title: 'A reservation was requested',
  buttonLabel: 'Open the reservation',
  buttonUrl: 'https://equestrian.example/studs/hill/reservations',
};

export const subject = (props: NoticeProps) => props.title;

export default function NoticeEmail(props: NoticeProps) {
  return (
    <EmailLayout preview={props.title} heading={props.title}>
      <Paragraph>{props.text}</Paragraph>
      {props.buttonLabel && props.buttonUrl && (
        <ActionButton href={props.buttonUrl}>{props.buttonLabel}</ActionButton>
      )}
      <Paragraph>You can choose which notices reach you by e-mail in your profile.</Paragraph>
    </EmailLayout>
  );
}
