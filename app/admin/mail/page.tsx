'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import { AdminShell, QueryState } from '../admin-shell';
import { Pager } from '../../ui';

type Status = 'pending' | 'sent' | 'failed';
const STATUSES: Status[] = ['pending', 'sent', 'failed'];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function MessageDetail({ id, onClose }: { id: string; onClose: () => void }) {
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
    <section className="card" aria-labelledby="message-heading">
      <h2 id="message-heading">{data ? data.subject : 'E-mail'}</h2>
      <QueryState what="the e-mail" query={message} />
      {data && (
        <>
          <dl className="details">
            <dt>To</dt>
            <dd>{data.to}</dd>
            {data.reply_to && (
              <>
                <dt>Reply to</dt>
                <dd>{data.reply_to}</dd>
              </>
            )}
            <dt>Kind</dt>
            <dd>{data.kind}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`badge ${data.status}`}>{data.status}</span> after {data.attempts}{' '}
              attempt
              {data.attempts === 1 ? '' : 's'}
              {data.transport ? ` (${data.transport})` : ''}
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
                <dd className="error">{data.last_error}</dd>
              </>
            )}
          </dl>
          {data.status === 'failed' && (
            <button type="button" disabled={retry.isPending} onClick={() => retry.mutate({ id })}>
              {retry.isPending ? 'Queueing…' : 'Retry sending'}
            </button>
          )}
          <p role="status" className="muted">
            {retry.isSuccess ? retry.data.message : null}
          </p>
          {retry.error && (
            <p className="error" role="alert">
              Could not retry: {retry.error.message}
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
      <button type="button" className="link" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

/** The outbox: every e-mail the platform queued, its delivery state, and retry of a failed one. */
export default function MailOutboxPage() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery(
    trpc.admin.mail.list.queryOptions(
      { page, per_page: 20, ...(status ? { status } : {}) },
      { refetchInterval: 10_000 },
    ),
  );
  const meta = list.data?.meta;

  return (
    <AdminShell title="Mail outbox">
      <div className="field inline">
        <label htmlFor="status-filter">Status</label>
        <select
          id="status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryState what="the outbox" query={list} />
      {list.data?.data.length === 0 && (
        <p className="card muted">No e-mails{status ? ` with status ${status}` : ''} yet.</p>
      )}
      {list.data && list.data.data.length > 0 && (
        <table>
          <caption className="visually-hidden">E-mails, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Queued</th>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((entry) => (
              <tr key={entry.id} aria-selected={entry.id === selected}>
                <td>{when(entry.created_at)}</td>
                <td>{entry.to}</td>
                <td>
                  <button type="button" className="link" onClick={() => setSelected(entry.id)}>
                    {entry.subject}
                  </button>
                </td>
                <td>
                  <span className={`badge ${entry.status}`}>{entry.status}</span>
                </td>
                <td>{entry.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {meta && <Pager meta={meta} onPage={setPage} />}
      {selected && <MessageDetail id={selected} onClose={() => setSelected(null)} />}
    </AdminShell>
  );
}
