import { z } from 'zod';
import { ActionButton, Details, EmailLayout, formatMoney, Paragraph } from './components/layout';

/** To the seller: a buyer ordered items of theirs (a sub-order of a marketplace order). */
export const suborderCreatedSchema = z.object({
  sellerName: z.string().min(1),
  orderNumber: z.string().min(1),
  buyerName: z.string().min(1),
  items: z
    .array(
      z.object({
        title: z.string().min(1),
        quantity: z.number().int().min(1),
        unitPriceCents: z.number().int().min(0),
      }),
    )
    .min(1),
  currency: z.string().length(3),
  shippingAddress: z.string().min(1),
  orderUrl: z.url(),
});
export type SuborderCreatedProps = z.infer<typeof suborderCreatedSchema>;

export const previewProps: SuborderCreatedProps = {
  sellerName: 'Lucia Fernandez',
  orderNumber: 'EQ-2026-00417-B',
  buyerName: 'Martin Keller',
  items: [
    { title: 'Leather dressage saddle, 17.5 in', quantity: 1, unitPriceCents: 125000 },
    { title: 'Fleece saddle pad, navy', quantity: 2, unitPriceCents: 4550 },
  ],
  currency: 'EUR',
  shippingAddress: 'Lindenstrasse 12, 80331 Munich, Germany',
  orderUrl: 'https://equestrian.example/marketplace/sales/EQ-2026-00417-B',
};

export const subject = (props: SuborderCreatedProps) =>
  `New order ${props.orderNumber} from ${props.buyerName}`;

export default function SuborderCreatedEmail(props: SuborderCreatedProps) {
  const total = props.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  return (
    <EmailLayout preview={subject(props)} heading="You have a new order">
      <Paragraph>Hello {props.sellerName},</Paragraph>
      <Paragraph>
        {props.buyerName} ordered the following items from you. Please confirm the order and ship it
        soon.
      </Paragraph>
      <Details
        rows={[
          ['Order', props.orderNumber],
          ...props.items.map((item): [string, string] => [
            `${item.quantity} × ${item.title}`,
            formatMoney(item.quantity * item.unitPriceCents, props.currency),
          ]),
          ['Total', formatMoney(total, props.currency)],
          ['Ship to', props.shippingAddress],
        ]}
      />
      <ActionButton href={props.orderUrl}>View the order</ActionButton>
    </EmailLayout>
  );
}
