import { z } from 'zod';
import { ActionButton, Details, EmailLayout, Paragraph } from './components/layout';

/** To a signer: a contract waits for their signature behind a link that expires. */
export const contractSigningSchema = z.object({
  signerName: z.string().min(1),
  studName: z.string().min(1),
  contractTitle: z.string().min(1),
  contractNumber: z.string().min(1),
  expiresOn: z.string().min(1),
  signUrl: z.url(),
});
export type ContractSigningProps = z.infer<typeof contractSigningSchema>;

export const previewProps: ContractSigningProps = {
  signerName: 'Laura Méndez',
  studName: 'Hill Stud Farm',
  contractTitle: 'Breeding contract: Quaterback × Donna',
  contractNumber: 'C-2026-0042',
  expiresOn: '2026-12-07',
  signUrl: 'https://equestrian.example/sign/6Jq3mTQkV1w',
};

export const subject = (props: ContractSigningProps) =>
  `Please sign: ${props.contractTitle} (${props.contractNumber})`;

export default function ContractSigningEmail(props: ContractSigningProps) {
  return (
    <EmailLayout preview={subject(props)} heading="A contract waits for your signature">
      <Paragraph>
        Dear {props.signerName}, {props.studName} sent you a contract to read and sign.
      </Paragraph>
      <Details
        rows={[
          ['Contract', props.contractTitle],
          ['Number', props.contractNumber],
          ['Link valid until', props.expiresOn],
        ]}
      />
      <ActionButton href={props.signUrl}>Read and sign</ActionButton>
      <Paragraph>
        If you did not expect this e-mail, ignore it: nothing is signed without you.
      </Paragraph>
    </EmailLayout>
  );
}
