'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Service } from '@/server/stud-breeding/service-schema';
import { Button, Dialog, FilterBar, FilterSelect, useListFilters } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { ListStates, stallionOptions } from './breeding-ui';
import { ServiceForm } from './service-form';
import { ServiceGroup } from './service-list';

type Group = { season: string; stallions: { id: string; name: string; services: Service[] }[] };

/** The services as the server orders them (newest season, then stallion), by season and stallion. */
function groupsOf(services: Service[]): Group[] {
  const groups: Group[] = [];
  for (const service of services) {
    let season = groups.at(-1);
    if (season?.season !== service.season) {
      season = { season: service.season, stallions: [] };
      groups.push(season);
    }
    let stallion = season.stallions.at(-1);
    if (stallion?.id !== service.stallion_id) {
      stallion = { id: service.stallion_id, name: service.stallion.name, services: [] };
      season.stallions.push(stallion);
    }
    stallion.services.push(service);
  }
  return groups;
}

/**
 * The stud's breeding services, newest season first, by stallion: their fees in the stud's
 * currency and their terms in words; by season, stallion and whether still offered. Adding,
 * editing, deactivating and deleting as the role allows.
 */
export default function ServicesPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const { filters, bind } = useListFilters({
    season: '',
    stallion: '',
    active: '' as 'true' | 'false' | '',
  });
  const allowed = may('services.view');
  // Every service, for the filters' choices (the unfiltered list itself, from the cache).
  const every = useQuery({
    ...trpc.studServices.list.queryOptions({ studId }),
    enabled: allowed,
  });
  const services = useQuery({
    ...trpc.studServices.list.queryOptions({
      studId,
      ...(filters.season ? { season: filters.season } : {}),
      ...(filters.stallion ? { stallion_id: filters.stallion } : {}),
      ...(filters.active ? { active: filters.active } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const all = every.data?.data ?? [];
  const rows = services.data?.data;
  const filtered = Boolean(filters.season || filters.stallion || filters.active);
  const close = () => setEditing(null);
  const add = may('services.create') && (
    <Button size="sm" onClick={() => setEditing('new')}>
      New service
    </Button>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Services</h1>
        {add}
      </div>
      <FilterBar>
        <FilterSelect
          id="services-season"
          label="Season"
          allLabel="Every season"
          options={[...new Set(all.map((s) => s.season))]}
          {...bind('season')}
        />
        <FilterSelect
          id="services-stallion"
          label="Stallion"
          allLabel="Every stallion"
          options={stallionOptions(all)}
          {...bind('stallion')}
        />
        <FilterSelect
          id="services-active"
          label="Offered"
          allLabel="Active and inactive"
          options={[
            { value: 'true' as const, label: 'Active only' },
            { value: 'false' as const, label: 'Inactive only' },
          ]}
          {...bind('active')}
        />
      </FilterBar>
      <ListStates
        what="the services"
        query={services}
        filtered={filtered}
        none="No service matches these filters."
        empty="No services yet: offer a stallion's cover or semen for a season, with its fees and terms."
        add={add}
      />
      {rows &&
        groupsOf(rows).map((group, index) => (
          <section key={group.season} aria-labelledby={`services-season-${index}`}>
            <h2 id={`services-season-${index}`}>Season {group.season}</h2>
            {group.stallions.map((stallion) => (
              <div key={stallion.id} className="mb-4">
                <h3 className="mb-2">{stallion.name}</h3>
                <ServiceGroup
                  label={`${stallion.name}'s services, ${group.season}`}
                  services={stallion.services}
                  onEdit={setEditing}
                  busy={services.isFetching}
                />
              </div>
            ))}
          </section>
        ))}
      <Dialog
        title={editing === 'new' ? 'New service' : 'Edit service'}
        open={editing !== null}
        onClose={close}
        className="w-[min(44rem,95vw)]"
      >
        {editing && (
          <ServiceForm
            key={editing === 'new' ? 'new' : editing.id}
            service={editing === 'new' ? undefined : editing}
            stallionId={filters.stallion}
            onDone={close}
          />
        )}
      </Dialog>
    </>
  );
}
