'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState, type FormEvent } from 'react';
import { LISTING_SORTS } from '@/db/schema/marketplace-values';
import type { ListingSearch } from '@/server/marketplace/listing-schema';
import {
  Button,
  Card,
  Dialog,
  Empty,
  Input,
  Label,
  NativeSelect,
  Options,
  Pager,
  VisuallyHidden,
} from '../components/ui';
import { useTRPC } from '../trpc';
import { useCategoryTree } from './categories';
import { ListingCardView, ListingGrid } from './listing-bits';
import { MarketplaceShell, MarketQueryState } from './marketplace-shell';
import { FILTER_NAMES, SearchFilters, type Filters } from './search-filters';
import { useMediaQuery } from '../components/ui';

const SORT_LABELS = {
  newest: 'Newest first',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
} as const;

const NUMERIC = new Set([
  'min_price',
  'max_price',
  'min_age',
  'max_age',
  'min_height',
  'max_height',
]);

/** The marketplace's search (C.3): words, filters, sort and page, all kept in the address. */
export default function MarketplacePage() {
  return (
    <MarketplaceShell
      title="Marketplace"
      actions={
        <Button asChild>
          <Link href="/marketplace/my/listings/new">Sell something</Link>
        </Button>
      }
    >
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        <Search />
      </Suspense>
    </MarketplaceShell>
  );
}

function Search() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const wide = useMediaQuery('(min-width: 768px)');
  const [sheetOpen, setSheetOpen] = useState(false);
  const tree = useCategoryTree();

  const q = params.get('q') ?? '';
  const sort = (LISTING_SORTS.find((s) => s === params.get('sort')) ??
    'newest') as (typeof LISTING_SORTS)[number];
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: Filters = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, params.get(name) ?? '']).filter(([, value]) => value),
  );

  /** A new address: the given parameters changed, back to the first page unless `page` is. */
  function go(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const text = next.toString();
    // The native History API: Next syncs useSearchParams with it at once, without the server
    // round trip (and the transition a click could land in) of router.push.
    window.history.pushState(null, '', text ? `/marketplace?${text}` : '/marketplace');
  }
  function applyFilters(chosen: Filters) {
    setSheetOpen(false);
    go(Object.fromEntries(FILTER_NAMES.map((name) => [name, chosen[name]])));
  }

  const sellerId = params.get('seller_id');
  const input = {
    page,
    sort,
    ...(q ? { q } : {}),
    ...(sellerId ? { seller_id: sellerId } : {}),
    ...Object.fromEntries(
      Object.entries(filters).map(([name, value]) => [
        name,
        NUMERIC.has(name) ? Number(value) : value,
      ]),
    ),
  } as ListingSearch;
  const results = useQuery({
    ...trpc.listingSearch.search.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const filterCount = Object.keys(filters).length;
  // A new search by words keeps the filters being chosen; new filters in the address reset them.
  const filtersKey = FILTER_NAMES.map((name) => filters[name] ?? '').join('|');
  const filterForm = (prefix: string, inSheet = false) => (
    <SearchFilters
      key={filtersKey}
      idPrefix={prefix}
      stickyActions={inSheet}
      tree={tree.data?.data}
      initial={filters}
      onApply={applyFilters}
    />
  );

  return (
    <>
      <SearchBox key={q} q={q} onSearch={(words) => go({ q: words })} />
      <div className="md:grid md:grid-cols-[16rem_1fr] md:gap-4">
        {wide ? (
          <Card aria-label="Filters" className="self-start">
            {filterForm('filter')}
          </Card>
        ) : (
          <Dialog
            title="Filters"
            variant="sheet"
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
          >
            <div className="mt-3">{filterForm('sheet', true)}</div>
          </Dialog>
        )}
        <section aria-label="Results">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
            {!wide && (
              <Button variant="outline" onClick={() => setSheetOpen(true)}>
                <SlidersHorizontal aria-hidden className="size-4" />
                Filters{filterCount > 0 && ` (${filterCount})`}
              </Button>
            )}
            <p className="m-0 self-center text-muted-foreground" aria-live="polite">
              {results.data &&
                `${results.data.meta.total} listing${results.data.meta.total === 1 ? '' : 's'}`}
            </p>
            <div>
              <Label htmlFor="search-sort" className="text-sm">
                Sort
              </Label>
              <NativeSelect
                id="search-sort"
                value={sort}
                onChange={(event) => go({ sort: event.target.value })}
              >
                <Options
                  options={LISTING_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
                />
              </NativeSelect>
            </div>
          </div>
          {!results.data && <MarketQueryState what="the listings" query={results} />}
          {results.data && results.data.data.length === 0 && (
            <Empty>
              No listing matches your search.{' '}
              {(q || sellerId || filterCount > 0) && (
                <Link href="/marketplace" className="underline">
                  Clear the search
                </Link>
              )}
            </Empty>
          )}
          {results.data && results.data.data.length > 0 && (
            <div aria-busy={results.isFetching}>
              <ListingGrid label="Listings">
                {results.data.data.map((listing) => (
                  <ListingCardView key={listing.id} listing={listing} />
                ))}
              </ListingGrid>
            </div>
          )}
          {results.data && (
            <Pager
              meta={results.data.meta}
              onPage={(n) => go({ page: String(n) })}
              noun="listings"
            />
          )}
        </section>
      </div>
    </>
  );
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (words: string) => void }) {
  const [words, setWords] = useState(q);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(words.trim());
  }
  return (
    <form role="search" aria-label="Listings" onSubmit={submit} className="mb-3 flex gap-2">
      <Label htmlFor="search-q" className="sr-only">
        Search listings
      </Label>
      <Input
        id="search-q"
        type="search"
        value={words}
        placeholder="Search horses, tack, services…"
        onChange={(event) => setWords(event.target.value)}
      />
      <Button type="submit">
        Search
        <VisuallyHidden> listings</VisuallyHidden>
      </Button>
    </form>
  );
}
