'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_PUBLIC_STATUSES,
} from '@/server/progression/certificate-schema';
import { FilterBar, FilterSelect, Pager, QueryState, useListFilters } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';
import { CertificateTable } from './certificate-list';

type Kind = (typeof CERTIFICATE_KINDS)[number] | '';
type Status = (typeof CERTIFICATE_PUBLIC_STATUSES)[number] | '';

/** Every certificate of the school, newest first; issued from a student's page. */
export function Certificates() {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({
    kind: '' as Kind,
    status: '' as Status,
  });
  const certificates = useQuery({
    ...trpc.certificates.list.queryOptions({
      schoolId,
      page,
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <h1>Certificates</h1>
      <p className="text-muted-foreground">
        Issue a certificate from the student&apos;s page. Anyone can check one by the QR code on its
        printed page.
      </p>
      <FilterBar>
        <FilterSelect
          id="certificate-kind"
          label="Kind"
          options={wordOptions(CERTIFICATE_KINDS)}
          {...bind('kind')}
        />
        <FilterSelect
          id="certificate-status"
          label="Status"
          options={wordOptions(CERTIFICATE_PUBLIC_STATUSES)}
          {...bind('status')}
        />
      </FilterBar>
      {!certificates.data && <QueryState what="the certificates" query={certificates} />}
      {certificates.data && <CertificateTable certificates={certificates.data.data} />}
      {certificates.data && (
        <Pager meta={certificates.data.meta} onPage={setPage} noun="certificates" />
      )}
    </>
  );
}
