import { z } from 'zod';
import { SUB_ORDER_STATUS_LABELS, SUB_ORDER_STATUSES } from '@/db/schema/marketplace-order-values';
import { ActionButton, Details, EmailLayout, Paragraph, Quote } from './components/layout';

const LABELS = SUB_ORDER_STATUS_LABELS;

/** To the buyer: the seller changed the status of their order. */
export const statusUpdatedSchema = z.object({
  buyerName: z.string().min(1),
  orderNumber: z.string().min(1),
  sellerName: z.string().min(1),
  previousStatus: z.enum(SUB_ORDER_STATUSES),
  status: z.enum(SUB_ORDER_STATUSES),
  note: z.string().nullable(),
  orderUrl: z.url(),
});
export type StatusUpdatedProps = z.infer<typeof statusUpdatedSchema>;

export const previewProps: StatusUpdatedProps = {
  buyerName: 'Martin Keller',
  orderNumber: 'EQ-2026-00417-B',
  sellerName: 'Fernandez Saddlery',
  previousStatus: 'paid',
  status: 'processing',
  note: 'The saddle is being fitted with the wide gullet you asked for.',
  orderUrl: 'https://equestrian.example/marketplace/orders/EQ-2026-00417-B',
};

export const subject = (props: StatusUpdatedProps) =>
  `Order ${props.orderNumber}: ${LABELS[props.status].toLowerCase()}`;

export default function StatusUpdatedEmail(props: StatusUpdatedProps) {
  return (
    <EmailLayout
      preview={subject(props)}
      heading={`Your order is ${LABELS[props.status].toLowerCase()}`}
    >
      <Paragraph>Hello {props.buyerName},</Paragraph>
      <Paragraph>{props.sellerName} updated your order.</Paragraph>
      <Details
        rows={[
          ['Order', props.orderNumber],
          ['Seller', props.sellerName],
          ['Status', `${LABELS[props.previousStatus]} → ${LABELS[props.status]}`],
        ]}
      />
      {props.note && <Quote>{props.note}</Quote>}
      <ActionButton href={props.orderUrl}>Follow your order</ActionButton>
    </EmailLayout>
  );
}
