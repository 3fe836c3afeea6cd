import { z } from 'zod';
import { ActionButton, Details, EmailLayout, Paragraph } from './components/layout';

/** To every party: the contract is signed by all, with the signed copy. */
export const contractCompletedSchema = z.object({
  recipientName: z.string().min(1),
  studName: z.string().min(1),
  contractTitle: z.string().min(1),
  contractNumber: z.string().min(1),
  completedOn: z.string().min(1),
  documentUrl: z.url(),
});
export type ContractCompletedProps = z.infer<typeof contractCompletedSchema>;

export const previewProps: ContractCompletedProps = {
  recipientName: 'Laura Méndez',
  studName: 'Hill Stud Farm',
  contractTitle: 'Breeding contract: Quaterback × Donna',
  contractNumber: 'C-2026-0042',
  completedOn: '2026-11-23',
  documentUrl: 'https://equestrian.example/sign/6Jq3mTQkV1w/document',
};

export const subject = (props: ContractCompletedProps) =>
  `Signed by all: ${props.contractTitle} (${props.contractNumber})`;

export default function ContractCompletedEmail(props: ContractCompletedProps) {
  return (
    <EmailLayout preview={subject(props)} heading="The contract is signed">
      <Paragraph>
        Dear {props.recipientName}, every party has signed the contract with {props.studName}. Keep
        the signed copy for your records.
      </Paragraph>
      <Details
        rows={[
          ['Contract', props.contractTitle],
          ['Number', props.contractNumber],
          ['Completed on', props.completedOn],
        ]}
      />
      <ActionButton href={props.documentUrl}>Download the signed contract</ActionButton>
    </EmailLayout>
  );
}
