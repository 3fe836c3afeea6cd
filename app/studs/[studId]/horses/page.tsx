'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useDeferredValue, useState } from 'react';
import {
  STUD_HORSE_OWNERSHIPS,
  STUD_HORSE_ROLES,
  STUD_HORSE_STATUSES,
  type StudHorse,
} from '@/server/stud-herd/horse-schema';
import {
  Badge,
  Button,
  cardClass,
  cn,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  humanize,
  QueryState,
  useListFilters,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { AddHorse } from './add-horse';
import { HorseThumb, ownershipText, sentence } from './herd-ui';

type Role = (typeof STUD_HORSE_ROLES)[number];
type Status = (typeof STUD_HORSE_STATUSES)[number];
type Ownership = (typeof STUD_HORSE_OWNERSHIPS)[number];

/** The herd: filters by role, status and ownership, a search, and adding a horse. */
export default function HerdPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const { filters, bind } = useListFilters({
    search: '',
    role: '' as Role | '',
    status: '' as Status | '',
    ownership: '' as Ownership | '',
  });
  const { search, role, status, ownership } = filters;
  const deferredSearch = useDeferredValue(search.trim());
  const horses = useQuery({
    ...trpc.studHorses.list.queryOptions({
      studId,
      ...(deferredSearch ? { search: deferredSearch } : {}),
      ...(role ? { role } : {}),
      ...(status ? { status } : {}),
      ...(ownership ? { ownership } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('horses.view'),
  });
  if (!may('horses.view')) return <NotAllowed />;
  const filtered = Boolean(search || role || status || ownership);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Herd</h1>
        {may('horses.create') && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add horse
          </Button>
        )}
      </div>
      <FilterBar>
        <FilterSearch
          id="herd-search"
          label="Search"
          placeholder="Name, UELN or microchip"
          {...bind('search')}
        />
        <FilterSelect
          id="herd-role"
          label="Role"
          options={wordOptions(STUD_HORSE_ROLES)}
          {...bind('role')}
        />
        <FilterSelect
          id="herd-status"
          label="Status"
          options={wordOptions(STUD_HORSE_STATUSES)}
          {...bind('status')}
        />
        <FilterSelect
          id="herd-ownership"
          label="Ownership"
          options={wordOptions(STUD_HORSE_OWNERSHIPS)}
          {...bind('ownership')}
        />
      </FilterBar>
      <QueryState what="the herd" query={horses} />
      {horses.data && horses.data.data.length === 0 && (
        <Empty>
          {filtered
            ? 'No horse matches these filters.'
            : 'No horses in the herd yet. Add one to start.'}
        </Empty>
      )}
      {horses.data && horses.data.data.length > 0 && (
        <ul
          aria-label="Horses of the herd"
          aria-busy={horses.isFetching}
          className="m-0 grid list-none gap-3 p-0 md:grid-cols-2 xl:grid-cols-3"
        >
          {horses.data.data.map((horse) => (
            <HorseCard key={horse.id} studId={studId} horse={horse} />
          ))}
        </ul>
      )}
      <Dialog
        title="Add a horse"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(48rem,95vw)]"
      >
        <AddHorse
          onDone={(horse) => {
            setAdding(false);
            if (horse) router.push(`/studs/${studId}/horses/${horse.id}`);
          }}
        />
      </Dialog>
    </>
  );
}

function HorseCard({ studId, horse }: { studId: string; horse: StudHorse }) {
  return (
    <li className={cn(cardClass, 'm-0 flex gap-3')}>
      <HorseThumb studId={studId} horse={horse} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/studs/${studId}/horses/${horse.id}`}
          className="block truncate text-lg font-semibold"
        >
          {horse.name}
        </Link>
        <p className="m-0 text-sm text-muted-foreground">
          {[horse.birth_year, horse.breed, horse.colour].filter(Boolean).join(' · ')}
        </p>
        <p className="m-0 mt-1 flex flex-wrap gap-1">
          <Badge>{horse.role ? humanize(horse.role) : 'Sex unknown'}</Badge>
          {horse.reproductive_status && <Badge>{humanize(horse.reproductive_status)}</Badge>}
          <Badge status={horse.status}>{humanize(horse.status)}</Badge>
          {!horse.on_premises && <Badge>Away</Badge>}
        </p>
        <p className="m-0 mt-1 text-sm">{sentence(ownershipText(horse))}</p>
      </div>
    </li>
  );
}
