'use client';

import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, XCircle } from 'lucide-react';
import { useParams } from 'next/navigation';
import {
  Card,
  DetailList,
  formatDate,
  formatDateTime,
  humanize,
  QueryState,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { CodeForm } from '../code-form';

const VERDICT = {
  valid: {
    text: 'Valid certificate',
    Icon: CheckCircle2,
    className: 'bg-ok',
  },
  expired: {
    text: 'Expired certificate',
    Icon: CircleAlert,
    className: 'bg-border',
  },
  revoked: { text: 'Revoked certificate', Icon: XCircle, className: 'bg-bad' },
} as const;

/**
 * What anyone learns from a certificate's code, without signing in (DESIGN-MODULES A.3):
 * whether it is valid, and exactly what the printed certificate says.
 */
export default function VerifyCertificatePage() {
  const { code } = useParams<{ code: string }>();
  const trpc = useTRPC();
  const typed = decodeURIComponent(code);
  const certificate = useQuery({
    ...trpc.public.certificates.verify.queryOptions({ code: typed }),
    retry: false,
  });
  const notFound = certificate.error?.data?.httpStatus === 404;
  const c = certificate.data?.data;
  return (
    <main className="mx-auto max-w-xl p-4">
      <h1>Certificate check</h1>
      {!c && !notFound && <QueryState what="the certificate" query={certificate} />}
      {notFound && (
        <Card>
          <p role="alert" className="font-bold">
            No certificate has the code {typed}.
          </p>
          <p>Check the code against the printed certificate and try again.</p>
          <CodeForm initial={typed} />
        </Card>
      )}
      {c && (
        <Card>
          <Verdict status={c.status} />
          <DetailList>
            <dt>Awarded to</dt>
            <dd>{c.holder_name}</dd>
            <dt>Certificate</dt>
            <dd>{c.title}</dd>
            <dt>Kind</dt>
            <dd>{humanize(c.kind)}</dd>
            <dt>Issued by</dt>
            <dd>
              {c.school.name}
              {c.school.verified && ' (verified school)'}
            </dd>
            <dt>Issued on</dt>
            <dd>{formatDate(c.issued_on)}</dd>
            {c.valid_until && (
              <>
                <dt>Valid until</dt>
                <dd>{formatDate(c.valid_until)}</dd>
              </>
            )}
            {c.revoked_at && (
              <>
                <dt>Revoked on</dt>
                <dd>{formatDateTime(c.revoked_at)}</dd>
              </>
            )}
            <dt>Code</dt>
            <dd className="font-mono">{c.code}</dd>
          </DetailList>
        </Card>
      )}
    </main>
  );
}

function Verdict({ status }: { status: keyof typeof VERDICT }) {
  const { text, Icon, className } = VERDICT[status];
  return (
    <p
      role="status"
      className={`mb-3 flex items-center gap-2 rounded-md px-3 py-2 text-xl font-bold text-foreground ${className}`}
    >
      <Icon aria-hidden className="size-6" />
      {text}
    </p>
  );
}
