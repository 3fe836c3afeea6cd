'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox, useDebounced, type PickerProps } from '../components/ui';
import { useTRPC } from '../trpc';

const PAGE = 20;

/** Horses of the whole platform (DESIGN-MODULES 0.3): by a name of 3 letters or more, or a number. */
export function IdentityPicker(props: PickerProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const identities = useQuery({
    ...trpc.pedigree.search.queryOptions({ search: query, per_page: PAGE }),
    enabled: query.length >= 3,
    placeholderData: keepPreviousData,
  });
  const options =
    query.length >= 3
      ? (identities.data?.data ?? []).map((h) => ({
          value: h.id,
          label: `${h.name} (${h.birth_year})`,
          detail: [h.breed, h.ueln].filter(Boolean).join(' · ') || undefined,
        }))
      : [];
  return (
    <Combobox
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={options}
      loading={identities.isFetching}
      placeholder="Name, UELN or microchip…"
      emptyText={
        query.length >= 3 ? 'No horse of the platform matches.' : 'Type 3 letters or more.'
      }
    />
  );
}
