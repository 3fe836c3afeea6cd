'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  errorMessage,
  humanize,
  plural,
  QueryState,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { when } from './when';

/** One e-mail of the outbox: its delivery, its last error, retrying it, and how it renders. */
export function MessageDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useQuery(trpc.admin.mail.get.queryOptions({ id }));
  const retry = useMutation(
    trpc.admin.mail.retry.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.admin.mail.pathFilter()),
    }),
  );
  const data = message.data?.data;
  return (
    <Card aria-labelledby="message-heading">
      <CardTitle id="message-heading">{data ? data.subject : 'E-mail'}</CardTitle>
      <QueryState what="the e-mail" query={message} />
      {data && (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt>To</dt>
            <dd>{data.to}</dd>
            {data.reply_to && (
              <>
                <dt>Reply to</dt>
                <dd>{data.reply_to}</dd>
              </>
            )}
            <dt>Kind</dt>
            <dd>{humanize(data.kind)}</dd>
            <dt>Status</dt>
            <dd>
              <Badge status={data.status}>{humanize(data.status)}</Badge> after{' '}
              {plural(data.attempts, 'attempt')}
              {data.transport ? ` (${humanize(data.transport)})` : ''}
            </dd>
            {data.next_attempt_at && (
              <>
                <dt>Next attempt</dt>
                <dd>{when(data.next_attempt_at)}</dd>
              </>
            )}
            {data.sent_at && (
              <>
                <dt>Sent</dt>
                <dd>{when(data.sent_at)}</dd>
              </>
            )}
            {data.last_error && (
              <>
                <dt>Last error</dt>
                <dd className="text-destructive">{data.last_error}</dd>
              </>
            )}
          </dl>
          {data.status === 'failed' && (
            <Button
              className="mt-3"
              disabled={retry.isPending}
              onClick={() => retry.mutate({ id })}
            >
              {retry.isPending ? 'Queueing…' : 'Retry sending'}
            </Button>
          )}
          <p role="status" className="text-muted-foreground">
            {retry.isSuccess ? retry.data.message : null}
          </p>
          {retry.error && (
            <p className="text-destructive" role="alert">
              Could not retry: {errorMessage(retry.error)}
            </p>
          )}
          <iframe
            title={`Rendered e-mail: ${data.subject}`}
            className="email-frame"
            sandbox=""
            srcDoc={data.html}
          />
        </>
      )}
      <Button variant="link" className="p-0" onClick={onClose}>
        Close
      </Button>
    </Card>
  );
}
