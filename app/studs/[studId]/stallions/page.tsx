'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Stallion } from '@/server/stud-herd/stallion-schema';
import { Badge, cardClass, cn, Empty, humanize, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { HorseThumb, ownershipText, sentence } from '../horses/herd-ui';
import { NotAllowed, useStud } from '../stud-context';

/** The herd's stallions, each with the summary of its profile. */
export default function StallionsPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const stallions = useQuery({
    ...trpc.stallions.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
  if (!may('horses.view')) return <NotAllowed />;
  return (
    <>
      <h1>Stallions</h1>
      <QueryState what="the stallions" query={stallions} />
      {stallions.data && stallions.data.data.length === 0 && (
        <Empty>
          No stallions in the herd: an entire male of a year or more added to the herd shows here.
        </Empty>
      )}
      {stallions.data && stallions.data.data.length > 0 && (
        <ul
          aria-label="Stallions of the herd"
          className="m-0 grid list-none gap-3 p-0 md:grid-cols-2 xl:grid-cols-3"
        >
          {stallions.data.data.map((stallion) => (
            <StallionCard key={stallion.id} studId={studId} stallion={stallion} />
          ))}
        </ul>
      )}
    </>
  );
}

function StallionCard({ studId, stallion: s }: { studId: string; stallion: Stallion }) {
  const { profile } = s;
  return (
    <li className={cn(cardClass, 'm-0 flex gap-3')}>
      <HorseThumb studId={studId} horse={s} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/studs/${studId}/stallions/${s.id}`}
          className="block truncate text-lg font-semibold"
        >
          {s.name}
        </Link>
        <p className="m-0 text-sm text-muted-foreground">
          {[s.birth_year, s.breed, profile.height_cm && `${profile.height_cm} cm`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="m-0 mt-1 flex flex-wrap gap-1">
          <Badge status={profile.standing ? 'active' : undefined}>
            {profile.standing ? 'Standing' : 'Not standing'}
          </Badge>
          <Badge>
            {profile.book_limit === null ? 'No book limit' : `Book of ${profile.book_limit}`}
          </Badge>
          {s.status !== 'active' && <Badge status={s.status}>{humanize(s.status)}</Badge>}
        </p>
        {profile.approvals.length > 0 && (
          <p className="m-0 mt-1 text-sm">Approved: {profile.approvals.join(', ')}</p>
        )}
        <p className="m-0 mt-1 text-sm">
          {sentence(ownershipText(s))} ·{' '}
          <Link href={`/studs/${studId}/horses/${s.id}`}>
            Horse page<span className="sr-only"> of {s.name}</span>
          </Link>
        </p>
        {!profile.updated_at && (
          <p className="m-0 mt-1 text-sm text-muted-foreground">Profile not saved yet.</p>
        )}
      </div>
    </li>
  );
}
