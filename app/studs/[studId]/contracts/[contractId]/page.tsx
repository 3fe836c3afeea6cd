'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  CONSENT_TEXT,
  sendFields,
  signFields,
  voidFields,
  type Contract,
  type ContractEvent,
} from '@/server/stud-contracts/contract-schema';
import {
  Button,
  buttonVariants,
  Card,
  CardTitle,
  ConfirmButton,
  DataTable,
  DetailList,
  Dialog,
  FormActions,
  FormErrorSummary,
  formatDateTime,
  humanize,
  QueryState,
  TextInputField,
  useRecordForm,
  useToast,
  useWriteOutcome,
  type ColumnDef,
} from '../../../../components/ui';
import { ConsentField } from '../../../../sign/consent-field';
import { DocumentArticle } from '../../../../sign/document-article';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { previewMarkdown } from '../../contract-templates/template-preview';
import { NotAllowed, useStud } from '../../stud-context';
import { ContractForm } from '../contract-form';
import {
  ContractStatusBadge,
  documentUrl,
  endOfDay,
  SignerStatusBadge,
  SIGNING,
  signedCount,
  useContractsRefresh,
} from '../contract-ui';

type Action = 'edit' | 'send' | 'void' | 'sign';

/** Voiding ends a contract that is not yet signed (rule 4: a signed one never is). */
const VOIDABLE: readonly Contract['status'][] = ['draft', 'sent', 'partially_signed'];

/**
 * A contract: its state with the actions it allows (edit and send a draft, remind its
 * signers, void it with a reason, sign it in the app as one of the stud's signers), its
 * details, its signers with their states and moments, the text, and the event log with
 * whether its hash chain holds.
 */
export default function ContractPage() {
  const { contractId } = useParams<{ contractId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const { onSuccess, onError } = useWriteOutcome();
  const [action, setAction] = useState<Action | null>(null);
  const allowed = may('contracts.view');
  const contract = useQuery({
    ...trpc.studContracts.get.queryOptions({ studId, contractId }),
    enabled: allowed,
  });
  const me = useQuery(trpc.account.me.queryOptions({}));
  const remind = useMutation(
    trpc.studContracts.remind.mutationOptions({
      onSuccess: onSuccess([trpc.studContracts.pathKey()], 'A new signing link was e-mailed.'),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.studContracts.remove.mutationOptions({
      onSuccess: async (result) => {
        await onSuccess([trpc.studContracts.pathKey()], 'The draft was deleted.')(result);
        router.push(`/studs/${studId}/contracts`);
      },
      onError,
    }),
  );
  if (!allowed) return <NotAllowed />;
  if (!contract.data) return <QueryState what="the contract" query={contract} />;
  const c = contract.data.data;
  const edit = may('contracts.edit');
  const signing = SIGNING.includes(c.status);
  const close = () => setAction(null);
  const email = me.data?.email.toLowerCase();
  // The signed-in member, when one of the stud's signers who has yet to sign.
  const mySigner = c.signers.find(
    (s) =>
      s.role === 'stud' &&
      email &&
      s.email.toLowerCase() === email &&
      s.status !== 'signed' &&
      s.status !== 'declined',
  );

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/contracts`}>← Contracts</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 break-words">{c.title}</h1>
          <p className="m-0 flex flex-wrap items-center gap-2 text-muted-foreground">
            <ContractStatusBadge status={c.status} />
            <span>{c.number}</span>
            <span>{humanize(c.kind)}</span>
            {c.status !== 'draft' && <span>{signedCount(c)}</span>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {edit && c.status === 'draft' && (
            <Button size="sm" onClick={() => setAction('send')}>
              Send for signing
            </Button>
          )}
          {edit && mySigner && signing && (
            <Button size="sm" onClick={() => setAction('sign')}>
              Sign
            </Button>
          )}
          {edit && signing && (
            <Button
              size="sm"
              variant="outline"
              disabled={remind.isPending}
              onClick={() => remind.mutate({ studId, contractId: c.id })}
            >
              Remind signers
            </Button>
          )}
          {edit && c.status === 'draft' && (
            <Button size="sm" variant="outline" onClick={() => setAction('edit')}>
              Edit
            </Button>
          )}
          {c.status !== 'draft' && (
            <a
              className={buttonVariants({ size: 'sm', variant: 'outline' })}
              href={documentUrl(studId, c.id)}
              target="_blank"
              rel="noreferrer"
            >
              Open PDF
            </a>
          )}
          {edit && VOIDABLE.includes(c.status) && c.status !== 'draft' && (
            <Button size="sm" variant="destructive" onClick={() => setAction('void')}>
              Void
            </Button>
          )}
          {may('contracts.delete') && c.status === 'draft' && (
            <ConfirmButton
              label="Delete"
              what={c.number}
              question={`Delete the draft ${c.number}?`}
              disabled={remove.isPending}
              onConfirm={() => remove.mutate({ studId, contractId: c.id })}
            />
          )}
        </div>
      </div>
      <div className="mt-3 grid gap-x-3 lg:grid-cols-2">
        <Card aria-labelledby="contract-details">
          <CardTitle id="contract-details">Details</CardTitle>
          <DetailList className="break-words [&_dd]:min-w-0">
            <dt>Number</dt>
            <dd>{c.number}</dd>
            <dt>Client</dt>
            <dd>
              {c.client ? (
                may('clients.view') ? (
                  <Link href={`/studs/${studId}/clients/${c.client.id}`}>{c.client.name}</Link>
                ) : (
                  c.client.name
                )
              ) : (
                'None'
              )}
            </dd>
            <dt>Reservation</dt>
            <dd>
              {c.reservation_id ? (
                <Link href={`/studs/${studId}/reservations/${c.reservation_id}`}>
                  The reservation
                </Link>
              ) : (
                'None'
              )}
            </dd>
            <dt>Sent</dt>
            <dd>{c.sent_at ? formatDateTime(c.sent_at, stud.timezone) : 'Not yet'}</dd>
            <dt>Links expire</dt>
            <dd>
              {c.expires_at
                ? formatDateTime(c.expires_at, stud.timezone)
                : 'When sent: 30 days after sending'}
            </dd>
            {c.completed_at && (
              <>
                <dt>Completed</dt>
                <dd>{formatDateTime(c.completed_at, stud.timezone)}</dd>
              </>
            )}
            {c.document_sha256 && (
              <>
                <dt>Document SHA-256</dt>
                <dd className="font-mono text-sm break-all">{c.document_sha256}</dd>
              </>
            )}
            {c.signed_pdf && (
              <>
                <dt>Sealed PDF SHA-256</dt>
                <dd className="font-mono text-sm break-all">{c.signed_pdf.sha256}</dd>
              </>
            )}
            {c.void_reason && (
              <>
                <dt>Void reason</dt>
                <dd>{c.void_reason}</dd>
              </>
            )}
          </DetailList>
        </Card>
        <Signers
          contract={c}
          onRemind={
            edit && signing
              ? (signerId) => remind.mutate({ studId, contractId: c.id, signer_id: signerId })
              : undefined
          }
          reminding={remind.isPending}
        />
      </div>
      {c.status === 'draft' && <DraftText contract={c} />}
      {c.status !== 'draft' && <EventLog contract={c} />}
      <Dialog
        title={
          action === 'send'
            ? 'Send for signing'
            : action === 'void'
              ? 'Void the contract'
              : action === 'sign'
                ? 'Sign the contract'
                : 'Edit the contract'
        }
        open={action !== null}
        onClose={close}
        className={action === 'edit' ? 'w-[min(48rem,95vw)]' : 'w-[min(36rem,95vw)]'}
      >
        {action === 'edit' && <ContractForm contract={c} onDone={close} />}
        {action === 'send' && <SendForm contract={c} onDone={close} />}
        {action === 'void' && <VoidForm contract={c} onDone={close} />}
        {action === 'sign' && mySigner && (
          <SignForm contract={c} signerName={mySigner.name} onDone={close} />
        )}
      </Dialog>
    </>
  );
}

/** Who signs, each with their state and when they viewed, signed or declined. */
function Signers({
  contract,
  onRemind,
  reminding,
}: {
  contract: Contract;
  onRemind?: (signerId: string) => void;
  reminding: boolean;
}) {
  const { stud } = useStud();
  const at = (moment: string | null) => (moment ? formatDateTime(moment, stud.timezone) : null);
  return (
    <Card aria-labelledby="contract-signers">
      <CardTitle id="contract-signers">Signers</CardTitle>
      <ol className="m-0 grid list-none gap-3 p-0">
        {[...contract.signers]
          .sort((a, b) => a.order - b.order)
          .map((s) => (
            <li key={s.id} aria-label={s.name} className="min-w-0 border-b border-border pb-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold break-words">
                  {s.order}. {s.name}
                </span>
                <SignerStatusBadge status={s.status} />
              </div>
              <div className="text-sm break-all text-muted-foreground">
                {s.email} · {humanize(s.role)}
              </div>
              <ul className="m-0 list-none p-0 text-sm">
                {s.viewed_at && <li>Viewed {at(s.viewed_at)}</li>}
                {s.signed_at && (
                  <li>
                    Signed {at(s.signed_at)}
                    {s.signed_name && <> as “{s.signed_name}”</>}
                  </li>
                )}
                {s.declined_at && (
                  <li>
                    Declined {at(s.declined_at)}
                    {s.decline_reason && <>: {s.decline_reason}</>}
                  </li>
                )}
              </ul>
              {onRemind && (s.status === 'pending' || s.status === 'viewed') && (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-1"
                  disabled={reminding}
                  onClick={() => onRemind(s.id)}
                >
                  Remind<span className="sr-only"> {s.name}</span>
                </Button>
              )}
            </li>
          ))}
      </ol>
    </Card>
  );
}

/** A draft's text as written, placeholders unfilled: they are filled when it is sent. */
function DraftText({ contract }: { contract: Contract }) {
  const html = useMemo(() => previewMarkdown(contract.body), [contract.body]);
  return (
    <Card aria-labelledby="contract-text">
      <CardTitle id="contract-text">Text</CardTitle>
      <p className="mt-0 text-sm text-muted-foreground">
        The placeholders are filled when the contract is sent; the text is frozen then.
      </p>
      <DocumentArticle html={html} label="The contract's text" />
    </Card>
  );
}

const shortHash = (hash: string) => hash.slice(0, 12);

/** The evidence trail: every event with its moment, actor, address and hash, and the chain. */
function EventLog({ contract }: { contract: Contract }) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const events = useQuery(
    trpc.studContracts.events.queryOptions({ studId, contractId: contract.id }),
  );
  const columns: ColumnDef<ContractEvent>[] = [
    { id: 'seq', header: '#', cell: ({ row: { original: e } }) => e.seq },
    {
      id: 'type',
      header: 'Event',
      meta: { rowHeader: true },
      cell: ({ row: { original: e } }) => (
        <>
          {humanize(e.type)}
          <span className="block text-sm font-normal text-muted-foreground">
            {formatDateTime(e.occurred_at, stud.timezone)}
          </span>
        </>
      ),
    },
    {
      id: 'actor',
      header: 'Actor',
      cell: ({ row: { original: e } }) => <span className="wrap-anywhere">{e.actor}</span>,
    },
    {
      id: 'ip',
      header: 'IP',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: e } }) => e.ip ?? '—',
    },
    {
      id: 'agent',
      header: 'User agent',
      meta: { className: 'hidden lg:table-cell' },
      cell: ({ row: { original: e } }) =>
        e.user_agent ? (
          <span className="line-clamp-2 max-w-[18rem] text-sm break-all" title={e.user_agent}>
            {e.user_agent}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'hash',
      header: 'Hash',
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row: { original: e } }) => (
        <code title={e.hash} className="text-sm">
          {shortHash(e.hash)}
        </code>
      ),
    },
  ];
  return (
    <Card aria-labelledby="contract-events">
      <CardTitle id="contract-events">Event log</CardTitle>
      <QueryState what="the event log" query={events} />
      {events.data &&
        (events.data.chain.valid ? (
          <p className="rounded-md bg-ok p-2" role="status">
            The hash chain holds: no event was altered or removed.
          </p>
        ) : (
          <p className="rounded-md bg-bad p-2" role="alert">
            The hash chain is broken at event #{events.data.chain.broken_at}: an event was altered
            or removed.
          </p>
        ))}
      {events.data && (
        <DataTable
          label="Event log"
          columns={columns}
          data={events.data.data}
          getRowId={(e) => String(e.seq)}
          busy={events.isFetching}
        />
      )}
    </Card>
  );
}

const sendForm = sendFields.extend({
  expires_at: z.preprocess(endOfDay, sendFields.shape.expires_at),
});

/** Freezes the text and e-mails each signer a link; the day the links expire, if not 30 days. */
function SendForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const { studId } = useStud();
  const api = useTRPCClient();
  const refresh = useContractsRefresh();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(sendForm, {
    defaultValues: { expires_at: '' },
    save: (values) => api.studContracts.send.mutate({ studId, contractId: contract.id, ...values }),
    onSaved: async () => {
      await refresh();
      toast('success', `${contract.number} was sent: each signer has a link by e-mail.`);
      onDone();
    },
  });
  return (
    <form aria-label="Send for signing" noValidate onSubmit={onSubmit}>
      <p>
        The text is frozen and each of the {contract.signers.length}{' '}
        {contract.signers.length === 1 ? 'signer gets' : 'signers get'} a signing link by e-mail.
      </p>
      <TextInputField
        form={form}
        name="expires_at"
        label="Links expire on"
        noun="Expiry date of the links"
        type="date"
        hint={
          contract.expires_at ? 'Empty: the day set on the draft.' : 'Empty: 30 days after sending.'
        }
      />
      <FormErrorSummary form={form} />
      <FormActions label="Send" pendingLabel="Sending…" pending={pending} onCancel={onDone} />
    </form>
  );
}

function VoidForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const { studId } = useStud();
  const api = useTRPCClient();
  const refresh = useContractsRefresh();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(voidFields, {
    defaultValues: { reason: '' },
    save: (values) => api.studContracts.void.mutate({ studId, contractId: contract.id, ...values }),
    onSaved: async () => {
      await refresh();
      toast('success', `${contract.number} was voided: its links no longer work.`);
      onDone();
    },
  });
  return (
    <form aria-label="Void the contract" noValidate onSubmit={onSubmit}>
      <p>The signing links stop working. An amendment is a new contract.</p>
      <TextInputField form={form} name="reason" label="Reason" required autoComplete="off" />
      <FormErrorSummary form={form} />
      <FormActions label="Void" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** Signing in the app: the typed name and the consent, for the document whose hash is shown. */
const signForm = signFields.pick({ signed_name: true }).extend({
  consent: z.boolean().refine((value) => value, 'Tick the box to agree to sign electronically.'),
});

function SignForm({
  contract,
  signerName,
  onDone,
}: {
  contract: Contract;
  signerName: string;
  onDone: () => void;
}) {
  const { studId } = useStud();
  const api = useTRPCClient();
  const refresh = useContractsRefresh();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(signForm, {
    defaultValues: { signed_name: '', consent: false },
    save: (values) =>
      api.studContractSigning.sign.mutate({
        studId,
        contractId: contract.id,
        ...values,
        // What is signed is what was sent (rule 1): the server checks this hash.
        document_sha256: contract.document_sha256 ?? '',
      }),
    onSaved: async () => {
      await refresh();
      toast('success', `You signed ${contract.number}.`);
      onDone();
    },
  });
  return (
    <form aria-label="Sign the contract" noValidate onSubmit={onSubmit}>
      <p>
        You sign as {signerName}, for the stud. Read the{' '}
        <a href={documentUrl(studId, contract.id)} target="_blank" rel="noreferrer">
          document (PDF)
        </a>{' '}
        first.
      </p>
      <p className="text-sm">
        Document SHA-256:{' '}
        <code className="break-all">{contract.document_sha256 ?? 'not yet rendered'}</code>
      </p>
      <TextInputField
        form={form}
        name="signed_name"
        label="Your full name"
        required
        autoComplete="name"
      />
      <ConsentField form={form} name="consent" text={CONSENT_TEXT} />
      <FormErrorSummary form={form} />
      <FormActions label="Sign" pendingLabel="Signing…" pending={pending} onCancel={onDone} />
    </form>
  );
}
