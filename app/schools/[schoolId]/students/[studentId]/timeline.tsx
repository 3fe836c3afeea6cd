'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardTitle, formatDate, Pager, QueryState } from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';

const PER_PAGE = 20;

/** The rider's history, newest first, from the school's own records. */
export function StudentTimeline({ studentId }: { studentId: string }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const timeline = useQuery({
    ...trpc.progress.timeline.queryOptions({ schoolId, studentId, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const events = timeline.data?.data;
  return (
    <Card aria-labelledby="timeline-heading">
      <CardTitle id="timeline-heading">Timeline</CardTitle>
      {!events && <QueryState what="the timeline" query={timeline} />}
      {events?.length === 0 && <p className="text-muted-foreground">Nothing recorded yet.</p>}
      {events && events.length > 0 && (
        <ol className="m-0 list-none border-l-2 border-border p-0 pl-4">
          {events.map((event) => (
            <li key={`${event.ref.kind}:${event.ref.id}:${event.type}`} className="relative py-1.5">
              <span
                aria-hidden
                className="absolute top-3 -left-[1.4rem] size-2.5 rounded-full bg-primary"
              />
              <time dateTime={event.at} className="block text-sm text-muted-foreground">
                {formatDate(event.at)}
              </time>
              {event.title}
            </li>
          ))}
        </ol>
      )}
      {timeline.data && <Pager meta={timeline.data.meta} onPage={setPage} label="Timeline pages" />}
    </Card>
  );
}
