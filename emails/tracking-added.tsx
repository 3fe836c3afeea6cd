import { z } from 'zod';
import { ActionButton, Details, EmailLayout, Paragraph } from './components/layout';

/** To the buyer: the seller shipped the order and added its tracking number. */
export const trackingAddedSchema = z.object({
  buyerName: z.string().min(1),
  orderNumber: z.string().min(1),
  sellerName: z.string().min(1),
  carrier: z.string().min(1),
  trackingNumber: z.string().min(1),
  trackingUrl: z.url().nullable(),
  estimatedDelivery: z.iso.date().nullable(),
});
export type TrackingAddedProps = z.infer<typeof trackingAddedSchema>;

export const previewProps: TrackingAddedProps = {
  buyerName: 'Martin Keller',
  orderNumber: 'EQ-2026-00417-B',
  sellerName: 'Fernandez Saddlery',
  carrier: 'DHL Express',
  trackingNumber: 'JD014600003828459210',
  trackingUrl: 'https://www.dhl.com/track?tracking-id=JD014600003828459210',
  estimatedDelivery: '2026-03-19',
};

export const subject = (props: TrackingAddedProps) => `Order ${props.orderNumber} is on its way`;

export default function TrackingAddedEmail(props: TrackingAddedProps) {
  return (
    <EmailLayout preview={subject(props)} heading="Your order is on its way">
      <Paragraph>Hello {props.buyerName},</Paragraph>
      <Paragraph>
        {props.sellerName} shipped your order. You can follow the parcel with its tracking number.
      </Paragraph>
      <Details
        rows={[
          ['Order', props.orderNumber],
          ['Carrier', props.carrier],
          ['Tracking number', props.trackingNumber],
          ...(props.estimatedDelivery
            ? [['Expected delivery', props.estimatedDelivery] as [string, string]]
            : []),
        ]}
      />
      {props.trackingUrl && <ActionButton href={props.trackingUrl}>Track the parcel</ActionButton>}
    </EmailLayout>
  );
}
