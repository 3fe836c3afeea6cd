'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import type { ModerationDetail } from '@/server/marketplace/moderation-schema';
import {
  Badge,
  Card,
  CardTitle,
  DetailList,
  Empty,
  humanize,
  QueryState,
} from '../../../components/ui';
import {
  dateText,
  placeText,
  priceText,
  REPORT_REASON_LABELS,
  SALE_MODE_LABELS,
  STATUS_LABELS,
} from '../../../marketplace/format';
import { Gallery } from '../../../marketplace/gallery';
import { Fact, StatusBadge, VerifiedBadge } from '../../../marketplace/listing-bits';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { DecisionSummary } from '../decision';
import { ModerationActions } from '../moderation-actions';

/** One listing as a moderator decides on it: content, seller, open reports, history. */
export default function ModerationDetailPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.moderation.get.queryOptions({ id }));
  return (
    <AdminShell title="Moderation of a listing">
      <p>
        <Link href="/admin/moderation">Back to the queues</Link>
      </p>
      {!detail.data && <QueryState what="the listing" query={detail} />}
      {detail.data && <Detail detail={detail.data.data} />}
    </AdminShell>
  );
}

function Detail({ detail }: { detail: ModerationDetail }) {
  const { listing, seller } = detail;
  return (
    <>
      <Card aria-labelledby="listing-heading">
        <CardTitle id="listing-heading" className="break-words">
          {listing.title}
        </CardTitle>
        <p className="mt-0 flex flex-wrap items-center gap-2">
          <StatusBadge status={listing.status} />
          <span className="font-semibold">{priceText(listing)}</span>
          <span className="text-muted-foreground">{listing.category.name}</span>
        </p>
        {listing.status_reason && <p>Reason: {listing.status_reason}</p>}
        {listing.suspended_from && (
          <p className="text-muted-foreground">
            Reinstating returns it to {STATUS_LABELS[listing.suspended_from].toLowerCase()}.
          </p>
        )}
        <ModerationActions listing={listing} openReports={detail.open_reports.length} />
      </Card>
      <div className="md:grid md:grid-cols-[1fr_18rem] md:gap-4">
        <div className="min-w-0">
          <Gallery images={listing.images} title={listing.title} />
          <Card aria-labelledby="content-heading">
            <CardTitle id="content-heading">Content</CardTitle>
            <DetailList className="mb-3">
              <Fact label="Sale">{SALE_MODE_LABELS[listing.sale_mode]}</Fact>
              <Fact label="Quantity">{listing.quantity}</Fact>
              <Fact label="Place">{placeText(listing.location) || '—'}</Fact>
              {Object.entries(listing.attributes).map(([name, value]) => (
                <Fact key={name} label={humanize(name)}>
                  {String(value ?? '—')}
                </Fact>
              ))}
            </DetailList>
            <p className="m-0 whitespace-pre-line break-words">{listing.description}</p>
          </Card>
        </div>
        <Card aria-labelledby="seller-heading" className="self-start">
          <CardTitle id="seller-heading">Seller</CardTitle>
          <p className="m-0 font-semibold">{seller.display_name}</p>
          <p className="my-1 flex flex-wrap gap-2">
            {seller.verified && <VerifiedBadge />}
            {!seller.active && <Badge tone="bad">Inactive owner</Badge>}
          </p>
          <p className="my-1 break-words text-muted-foreground">
            {seller.owner.type === 'organization' ? 'Organization' : 'Person'}: {seller.owner.name}
            {seller.owner.email && ` · ${seller.owner.email}`}
          </p>
          {seller.contact_email && <p className="my-1 break-all">{seller.contact_email}</p>}
          {seller.phone && <p className="my-1">{seller.phone}</p>}
          <p className="mb-0 text-muted-foreground">{placeText(seller.location)}</p>
        </Card>
      </div>
      <Card aria-labelledby="reports-heading">
        <CardTitle id="reports-heading">Open reports</CardTitle>
        {detail.open_reports.length === 0 ? (
          <p className="m-0 text-muted-foreground">No open report.</p>
        ) : (
          <ul className="m-0 list-none p-0">
            {detail.open_reports.map((report) => (
              <li key={report.id} className="mb-2 border-b border-border pb-2">
                <p className="m-0">
                  <Badge tone="bad">{REPORT_REASON_LABELS[report.reason]}</Badge>{' '}
                  <span className="text-muted-foreground">
                    {report.reporter?.display_name ?? 'A former user'} ·{' '}
                    {dateText(report.created_at)}
                  </span>
                </p>
                {report.details && <p className="mb-0 break-words">{report.details}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="history-heading">
        <CardTitle id="history-heading">History</CardTitle>
        {detail.history.length === 0 ? (
          <Empty>No decision yet.</Empty>
        ) : (
          <>
            <ol className="m-0 list-none p-0">
              {detail.history.map((entry) => (
                <li key={entry.id} className="mb-2 border-b border-border pb-2">
                  <DecisionSummary entry={entry} />
                </li>
              ))}
            </ol>
            <p className="mb-0">
              <Link href={`/admin/moderation/log?publication_id=${listing.id}`}>
                In the moderation log
              </Link>
            </p>
          </>
        )}
      </Card>
    </>
  );
}
