'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { MODERATION_QUEUES } from '@/db/schema/marketplace-values';
import type { ModerationItem } from '@/server/marketplace/moderation-schema';
import {
  Badge,
  cardClass,
  cn,
  Empty,
  Pager,
  plural,
  QueryState,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../components/ui';
import { dateText, priceText, REPORT_REASON_LABELS } from '../../marketplace/format';
import { StatusBadge, VerifiedBadge } from '../../marketplace/listing-bits';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { ModerationActions } from './moderation-actions';

type Queue = (typeof MODERATION_QUEUES)[number];

const QUEUE_LABELS: Record<Queue, string> = {
  pending: 'Pending',
  reported: 'Reported',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

const QUEUED_WORDS: Record<Queue, string> = {
  pending: 'Submitted',
  reported: 'First reported',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

/** The moderation queues of the marketplace (E.3, G.10): decide on listings, oldest first. */
export default function ModerationPage() {
  const [queue, setQueue] = useState<Queue>('pending');
  return (
    <AdminShell title="Moderation">
      <p className="mt-0">
        <Link href="/admin/moderation/log">Moderation log</Link>
      </p>
      <Tabs value={queue} onValueChange={(value) => setQueue(value as Queue)}>
        <TabsList aria-label="Queues">
          {MODERATION_QUEUES.map((name) => (
            <TabsTrigger key={name} value={name}>
              {QUEUE_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {MODERATION_QUEUES.map((name) => (
          <TabsContent key={name} value={name}>
            {queue === name && <QueueList queue={name} />}
          </TabsContent>
        ))}
      </Tabs>
    </AdminShell>
  );
}

function QueueList({ queue }: { queue: Queue }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const items = useQuery({
    ...trpc.admin.moderation.queue.queryOptions({ status: queue, page }),
    placeholderData: keepPreviousData,
  });
  const list = items.data;
  return (
    <>
      {!list && <QueryState what="the queue" query={items} />}
      {list && list.data.length === 0 && (
        <Empty>Nothing is {QUEUE_LABELS[queue].toLowerCase()} at the moment.</Empty>
      )}
      {list && list.data.length > 0 && (
        <ul aria-label={`${QUEUE_LABELS[queue]} listings`} className="m-0 list-none p-0">
          {list.data.map((item) => (
            <QueueItem key={item.id} item={item} queue={queue} />
          ))}
        </ul>
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="listings" />}
    </>
  );
}

function QueueItem({ item, queue }: { item: ModerationItem; queue: Queue }) {
  return (
    <li className={cn(cardClass, 'flex gap-3')} aria-label={item.title}>
      <div className="size-20 shrink-0 overflow-hidden rounded-md bg-border">
        {item.image ? (
          <img src={item.image.url} alt="" className="size-full object-cover" />
        ) : (
          <ImageOff aria-hidden className="m-6 size-8 text-muted-foreground" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="m-0 font-semibold break-words">
          <Link href={`/admin/moderation/${item.id}`}>{item.title}</Link>
        </p>
        <p className="m-0 text-muted-foreground">
          {priceText(item)} · {item.category.name} · {item.seller.display_name}
        </p>
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge status={item.status} />
          {item.seller.verified && <VerifiedBadge />}
          <span>
            {QUEUED_WORDS[queue]} {dateText(item.queued_at)}
          </span>
          {item.open_reports > 0 && (
            <Badge tone="bad">
              {plural(item.open_reports, 'report')}:{' '}
              {item.report_reasons.map((reason) => REPORT_REASON_LABELS[reason]).join(', ')}
            </Badge>
          )}
        </p>
        {item.status_reason && queue !== 'pending' && (
          <p className="m-0 text-sm">Reason: {item.status_reason}</p>
        )}
        <div className="mt-2">
          <ModerationActions listing={item} openReports={item.open_reports} compact />
        </div>
      </div>
    </li>
  );
}
