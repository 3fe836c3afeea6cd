'use client';

import { useMutation } from '@tanstack/react-query';
import type { VerificationRequest } from '@/server/admin/verification-schema';
import {
  Badge,
  Button,
  Card,
  DetailList,
  formatDateTime,
  humanize,
  useErrorToast,
  useToast,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { useInvalidateVerification } from './use-invalidate-verification';

const TONES = { pending: 'neutral', approved: 'ok', rejected: 'bad' } as const;

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One request: the organization, who it says it is, its documents, and the decision. */
export function VerificationCard({
  request,
  onReject,
}: {
  request: VerificationRequest;
  onReject: () => void;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const invalidate = useInvalidateVerification();
  const { organization } = request;
  const approve = useMutation(
    trpc.admin.verificationRequests.approve.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast('success', `${organization.name} is verified.`);
      },
      onError: showError,
    }),
  );
  const headingId = `verification-${request.id}`;
  const legal: [string, string | null][] = [
    ['Legal name', request.legal_name],
    ['Tax id', request.tax_id],
    ['Registration number', request.registration_number],
    ['Address', request.address],
    ['Phone', request.phone],
    ['Asked on', formatDateTime(request.created_at)],
  ];
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="mt-0 text-lg font-bold">
        {organization.name}{' '}
        <span className="font-normal text-muted-foreground">({humanize(organization.type)})</span>{' '}
        <Badge tone={TONES[request.status]}>{humanize(request.status)}</Badge>
      </h2>
      <DetailList className="mb-3">
        {legal.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value ?? '—'}</dd>
          </div>
        ))}
      </DetailList>
      <h3>Documents</h3>
      {request.documents.length === 0 ? (
        <p className="text-muted-foreground">No documents were sent.</p>
      ) : (
        <ul className="mt-0">
          {request.documents.map((document) => (
            <li key={document.id}>
              {/* A plain link: the REST route reads the session cookie and sends the file. */}
              <a
                href={`/api/admin/verification-requests/${request.id}/documents/${document.id}/content`}
                target="_blank"
                rel="noreferrer"
                className="break-all underline"
              >
                {document.filename}
              </a>{' '}
              <span className="text-muted-foreground">
                ({document.content_type}, {size(document.size_bytes)})
              </span>
            </li>
          ))}
        </ul>
      )}
      {request.decision_reason && <p>Reason: {request.decision_reason}</p>}
      {request.status === 'pending' && (
        <div className="flex flex-wrap gap-3">
          <Button disabled={approve.isPending} onClick={() => approve.mutate({ id: request.id })}>
            Approve<span className="sr-only"> {organization.name}</span>
          </Button>
          <Button variant="destructive" onClick={onReject}>
            Reject<span className="sr-only"> {organization.name}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
