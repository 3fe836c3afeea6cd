'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import {
  declineFields,
  signFields,
  type PublicContract,
} from '@/server/stud-contracts/contract-schema';
import {
  applyServerErrors,
  Button,
  Card,
  errorMessage,
  FormActions,
  FormErrorSummary,
  formatDateTime,
  Skeleton,
  TextareaField,
  TextInputField,
  useZodForm,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { ConsentField } from '../consent-field';
import { DocumentArticle } from '../document-article';

/** The typed name and the consent; the document's hash is the one read. */
const signForm = signFields.pick({ signed_name: true }).extend({
  consent: z.boolean().refine((value) => value, 'Tick the box to agree to sign electronically.'),
});

const pdfUrl = (token: string) => `/api/public/contracts/${encodeURIComponent(token)}/document`;

type Done = { kind: 'signed'; complete: boolean } | { kind: 'declined' };

/**
 * The link of a `contract-signing` e-mail (B.7), without signing in and phone first: the
 * contract to read, then the signer's typed name and consent to sign, or a reason to decline;
 * afterwards the PDF to keep. A link no longer valid says why (the server's 409: expired,
 * signed, declined, voided), with the signed PDF while it can be downloaded.
 */
export default function SignPage() {
  const { token } = useParams<{ token: string }>();
  const trpc = useTRPC();
  const [done, setDone] = useState<Done | null>(null);
  const read = useQuery({
    ...trpc.publicContracts.read.queryOptions({ token }),
    // Each read records a view: once per visit, and a 404 or 409 is not tried again.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });

  let content: ReactNode;
  if (done) content = <Finished token={token} done={done} />;
  else if (read.isPending)
    content = (
      <div aria-busy="true">
        <p className="text-muted-foreground">Loading the contract…</p>
        <Skeleton className="mb-2 h-6 w-3/4" />
        <Skeleton className="mb-2 w-full" />
        <Skeleton className="w-2/3" />
      </div>
    );
  else if (read.error)
    content = <LinkError token={token} error={read.error} retry={read.refetch} />;
  else content = <Signing token={token} contract={read.data.data} onDone={setDone} />;

  return <main className="mx-auto max-w-3xl p-4 sm:p-6">{content}</main>;
}

/** Why the link does not open the contract: unknown, or no longer signable (409). */
function LinkError({
  token,
  error,
  retry,
}: {
  token: string;
  error: { message: string; data?: { httpStatus?: number } | null };
  retry: () => unknown;
}) {
  const status = error.data?.httpStatus;
  if (status === 404)
    return (
      <>
        <h1>Signing link not found</h1>
        <Card role="alert">
          This link is not valid. Check that it is the whole link of the e-mail, or ask the stud for
          a new one: a reminder replaces an earlier link.
        </Card>
      </>
    );
  if (status === 409)
    return (
      <>
        <h1>This link can no longer be used to sign</h1>
        <Card role="alert">
          <p className="mt-0">{error.message}</p>
          {/^The contract is signed:/.test(error.message) && (
            <Button asChild>
              <a href={pdfUrl(token)}>Download the PDF</a>
            </Button>
          )}
        </Card>
      </>
    );
  return (
    <>
      <h1>The contract could not be loaded</h1>
      <div className="flex flex-wrap items-center gap-3">
        <p className="m-0 text-destructive" role="alert">
          {error.message}
        </p>
        <Button size="sm" variant="outline" onClick={() => retry()}>
          Try again
        </Button>
      </div>
    </>
  );
}

/** The end: what happened, and the PDF to keep. */
function Finished({ token, done }: { token: string; done: Done }) {
  if (done.kind === 'declined')
    return (
      <>
        <h1>You declined the contract</h1>
        <Card role="status">
          The stud is told, with your reason. The link no longer works; nothing was signed.
        </Card>
      </>
    );
  return (
    <>
      <h1>You signed the contract</h1>
      <Card role="status">
        <p className="mt-0">
          {done.complete
            ? 'Every party has signed: the contract is complete. Each signer gets the sealed PDF by e-mail.'
            : 'Thank you. The other parties are asked to sign; you get the sealed PDF by e-mail once everyone has.'}
        </p>
        <Button asChild>
          <a href={pdfUrl(token)}>Download the PDF</a>
        </Button>
      </Card>
    </>
  );
}

/** The contract to read, and the signer's choice: sign or decline. */
function Signing({
  token,
  contract: read,
  onDone,
}: {
  token: string;
  contract: PublicContract;
  onDone: (done: Done) => void;
}) {
  const [declining, setDeclining] = useState(false);
  const { contract, signer } = read;
  return (
    <>
      <p className="mt-0 mb-1 text-muted-foreground">{contract.stud.name}</p>
      <h1 className="mt-0 break-words">{contract.title}</h1>
      <p className="text-muted-foreground">
        Contract {contract.number}, for {signer.name} to sign
        {contract.expires_at && <> by {formatDateTime(contract.expires_at)}</>}.
      </p>
      <DocumentArticle html={read.document_html} label={`The contract: ${contract.title}`} />
      <p className="text-sm">
        <a href={pdfUrl(token)}>Download the document (PDF)</a> to read or keep it.
      </p>
      {signer.status === 'signed' ? (
        <Card role="status">
          <p className="mt-0">
            You have signed this contract; the other parties are asked to sign.
          </p>
          <Button asChild>
            <a href={pdfUrl(token)}>Download the PDF</a>
          </Button>
        </Card>
      ) : signer.status === 'declined' ? (
        <Card role="status">You declined this contract.</Card>
      ) : declining ? (
        <DeclineForm
          token={token}
          onBack={() => setDeclining(false)}
          onDone={() => onDone({ kind: 'declined' })}
        />
      ) : (
        <SignForm
          token={token}
          contract={read}
          onDecline={() => setDeclining(true)}
          onDone={(complete) => onDone({ kind: 'signed', complete })}
        />
      )}
    </>
  );
}

function SignForm({
  token,
  contract,
  onDecline,
  onDone,
}: {
  token: string;
  contract: PublicContract;
  onDecline: () => void;
  onDone: (complete: boolean) => void;
}) {
  const trpc = useTRPC();
  const form = useZodForm(signForm, { defaultValues: { signed_name: '', consent: false } });
  const sign = useMutation(
    trpc.publicContracts.sign.mutationOptions({
      onSuccess: ({ data }) => onDone(data.status === 'signed'),
      onError: (error) => applyServerErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit((values) =>
    sign.mutate({ token, ...values, document_sha256: contract.document_sha256 }),
  );
  const refused = sign.error && Object.keys(form.formState.errors).length === 0;
  return (
    <Card aria-labelledby="sign-title" className="mt-4">
      <h2 id="sign-title" className="mt-0">
        Sign
      </h2>
      <form aria-label="Sign the contract" noValidate onSubmit={onSubmit}>
        <TextInputField
          form={form}
          name="signed_name"
          label="Your full name"
          hint={`Typed as your signature, e.g. ${contract.signer.name}.`}
          required
          autoComplete="name"
        />
        <ConsentField form={form} name="consent" text={contract.consent_text} />
        <FormErrorSummary form={form} />
        {refused && (
          <p className="text-destructive" role="alert">
            {errorMessage(sign.error)}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={sign.isPending}>
            {sign.isPending ? 'Signing…' : 'Sign the contract'}
          </Button>
          <Button variant="outline" onClick={onDecline}>
            Decline
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeclineForm({
  token,
  onBack,
  onDone,
}: {
  token: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const form = useZodForm(declineFields, { defaultValues: { reason: '' } });
  const decline = useMutation(
    trpc.publicContracts.decline.mutationOptions({
      onSuccess: () => onDone(),
      onError: (error) => applyServerErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit((values) => decline.mutate({ token, ...values }));
  const refused = decline.error && Object.keys(form.formState.errors).length === 0;
  return (
    <Card aria-labelledby="decline-title" className="mt-4">
      <h2 id="decline-title" className="mt-0">
        Decline
      </h2>
      <form aria-label="Decline the contract" noValidate onSubmit={onSubmit}>
        <TextareaField
          form={form}
          name="reason"
          label="Why do you decline?"
          noun="Reason"
          hint="The stud reads it. The contract then cannot be signed by anyone."
          rows={3}
          required
        />
        <FormErrorSummary form={form} />
        {refused && (
          <p className="text-destructive" role="alert">
            {errorMessage(decline.error)}
          </p>
        )}
        <FormActions
          label="Decline the contract"
          pendingLabel="Declining…"
          pending={decline.isPending}
          onCancel={onBack}
          cancelLabel="Back to signing"
        />
      </form>
    </Card>
  );
}
