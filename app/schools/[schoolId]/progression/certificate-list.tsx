'use client';

import { useState } from 'react';
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  Empty,
  formatDate,
  humanize,
  type ColumnDef,
} from '../../../components/ui';
import { useSchool } from '../school-context';
import { RevokeCertificateForm, type Certificate } from './certificate-forms';

/** The certificate's state as staff read it: revoked, expired or valid. */
export function certificateState(c: Certificate): 'revoked' | 'expired' | 'valid' {
  return c.status === 'revoked' ? 'revoked' : c.expired ? 'expired' : 'valid';
}

const TONE = { valid: 'ok', expired: undefined, revoked: 'bad' } as const;

/** Certificates in a table: print each, revoke a valid one as the role allows. */
export function CertificateTable({
  certificates,
  showHolder = true,
}: {
  certificates: Certificate[];
  showHolder?: boolean;
}) {
  const { schoolId, may } = useSchool();
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  if (certificates.length === 0) return <Empty>No certificates yet.</Empty>;
  const columns: ColumnDef<Certificate>[] = [
    {
      id: 'title',
      header: 'Certificate',
      cell: ({ row: { original: c } }) => (
        <>
          <strong>{c.title}</strong>
          <span className="block font-mono text-sm text-muted-foreground">{c.code}</span>
        </>
      ),
    },
    ...(showHolder
      ? [
          {
            id: 'holder',
            header: 'Holder',
            cell: ({ row: { original: c } }) => c.holder_name,
          } as ColumnDef<Certificate>,
        ]
      : []),
    {
      id: 'issued',
      header: 'Issued',
      cell: ({ row: { original: c } }) => formatDate(c.issued_on),
      meta: { className: 'hidden sm:table-cell' },
    },
    {
      id: 'state',
      header: 'Status',
      cell: ({ row: { original: c } }) => {
        const state = certificateState(c);
        return <Badge tone={TONE[state]}>{humanize(state)}</Badge>;
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: c } }) => (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a
              href={`/api/schools/${schoolId}/certificates/${c.id}/document`}
              target="_blank"
              rel="noopener"
            >
              Print
              <span className="sr-only">
                {' '}
                {c.title} for {c.holder_name}
              </span>
            </a>
          </Button>
          {may('certificates.edit') && c.status === 'valid' && (
            <Button variant="destructive" size="sm" onClick={() => setRevoking(c)}>
              Revoke
              <span className="sr-only">
                {' '}
                {c.title} for {c.holder_name}
              </span>
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <DataTable columns={columns} data={certificates} getRowId={(c) => c.id} />
      <Dialog title="Revoke certificate" open={revoking !== null} onClose={() => setRevoking(null)}>
        {revoking && (
          <RevokeCertificateForm certificate={revoking} onDone={() => setRevoking(null)} />
        )}
      </Dialog>
    </>
  );
}
