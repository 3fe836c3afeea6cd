import { z } from 'zod';
import {
  ActionButton,
  Details,
  EmailLayout,
  MailLink,
  Paragraph,
  Quote,
} from './components/layout';

/** To a seller: someone asked about one of their marketplace listings. */
export const marketplaceContactSchema = z.object({
  sellerName: z.string().min(1),
  listingTitle: z.string().min(1),
  listingUrl: z.url(),
  senderName: z.string().min(1),
  senderEmail: z.string().min(1),
  message: z.string().min(1),
});
export type MarketplaceContactProps = z.infer<typeof marketplaceContactSchema>;

export const previewProps: MarketplaceContactProps = {
  sellerName: 'Hannah Brooks',
  listingTitle: 'Hanoverian gelding, 8 years, 16.2 hh',
  listingUrl: 'https://equestrian.example/marketplace/listings/hanoverian-gelding-8',
  senderName: 'Oliver Grant',
  senderEmail: 'oliver.grant@example.com',
  message: 'Is he still available? I would like to arrange a viewing and a vetting next week.',
};

export const subject = (props: MarketplaceContactProps) =>
  `Question about your listing: ${props.listingTitle}`;

export default function MarketplaceContactEmail(props: MarketplaceContactProps) {
  return (
    <EmailLayout preview={subject(props)} heading="A buyer asked about your listing">
      <Paragraph>Hello {props.sellerName},</Paragraph>
      <Paragraph>
        {props.senderName} wrote to you about{' '}
        <MailLink href={props.listingUrl}>{props.listingTitle}</MailLink>:
      </Paragraph>
      <Quote>{props.message}</Quote>
      <Details
        rows={[
          ['From', props.senderName],
          [
            'E-mail',
            <MailLink key="email" href={`mailto:${props.senderEmail}`}>
              {props.senderEmail}
            </MailLink>,
          ],
        ]}
      />
      <Paragraph>Reply to this e-mail to answer {props.senderName} directly.</Paragraph>
      <ActionButton href={props.listingUrl}>View the listing</ActionButton>
    </EmailLayout>
  );
}
