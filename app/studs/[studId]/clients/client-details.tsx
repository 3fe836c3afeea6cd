'use client';

import type { ReactNode } from 'react';
import type { Client } from '@/server/stud-crm/client-schema';
import { Card, CardTitle, DetailList, formatDateTime, humanize } from '../../../components/ui';
import { useStud } from '../stud-context';
import { TagChips } from './crm-ui';

const none = <span className="text-muted-foreground">—</span>;

/** A term and its value, a dash when there is none. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="min-w-0 break-words">{children || none}</dd>
    </>
  );
}

/** What the stud knows of a client or prospect: contact, document, source, tags and notes. */
export function ClientDetails({ client: c, children }: { client: Client; children?: ReactNode }) {
  const { stud } = useStud();
  const document = [c.document_type, c.document_number].filter(Boolean).join(' ');
  return (
    <Card aria-labelledby="details-heading">
      <CardTitle id="details-heading">Details</CardTitle>
      <DetailList>
        {children}
        <Detail term="Email">{c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}</Detail>
        <Detail term="Phone">{c.phone && <a href={`tel:${c.phone}`}>{c.phone}</a>}</Detail>
        <Detail term="Address">
          {c.address && <span className="whitespace-pre-line">{c.address}</span>}
        </Detail>
        <Detail term="Document">{document}</Detail>
        <Detail term="Source">{c.source && humanize(c.source)}</Detail>
        <Detail term="Tags">
          {c.tags.length > 0 && <TagChips tags={c.tags} of={c.display_name} />}
        </Detail>
        <Detail term="Notes">
          {c.notes && <span className="whitespace-pre-line">{c.notes}</span>}
        </Detail>
        <Detail term="Added">{formatDateTime(c.created_at, stud.timezone)}</Detail>
      </DetailList>
    </Card>
  );
}
