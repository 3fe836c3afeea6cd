'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import type { Reservation } from '@/server/stud-breeding/reservation-schema';
import {
  Button,
  cardClass,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  Pager,
  QueryState,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { ReservationForm } from './reservation-form';
import { BOARD_COLUMNS, StatusBadge } from './reservation-ui';

/** The most a page of the board holds: a stud's season fits in one. */
const PER_PAGE = 100;

type Stallion = { id: string; name: string; reservations: Reservation[] };

/** The reservations as the server orders them (by stallion, then mare), by stallion. */
function byStallion(reservations: Reservation[]): Stallion[] {
  const groups: Stallion[] = [];
  for (const reservation of reservations) {
    let group = groups.at(-1);
    if (group?.id !== reservation.stallion.id) {
      group = { ...reservation.stallion, reservations: [] };
      groups.push(group);
    }
    group.reservations.push(reservation);
  }
  return groups;
}

/**
 * The season board: a season's reservations by stallion, in columns by state (requested to
 * closed) from a tablet's width, one column after another on a phone; each stallion's book
 * against his limit. Booking a mare as the role allows.
 */
export default function ReservationsPage() {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState('');
  const [page, setPage] = useState(1);
  const allowed = may('reservations.view');
  const services = useQuery({
    ...trpc.studServices.list.queryOptions({ studId }),
    enabled: allowed && may('services.view'),
  });
  const stallions = useQuery({
    ...trpc.stallions.list.queryOptions({ studId }),
    enabled: allowed && may('horses.view'),
  });
  // Services come newest season first: the latest with services, else this year.
  const seasons = [...new Set((services.data?.data ?? []).map((s) => s.season))];
  const season = chosen || seasons[0] || todayIn(stud.timezone).slice(0, 4);
  const reservations = useQuery({
    ...trpc.reservations.list.queryOptions({ studId, season, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
    enabled: allowed && (services.isFetched || !may('services.view')),
  });
  if (!allowed) return <NotAllowed />;
  const rows = reservations.data?.data;
  const bookOf = (stallionId: string) =>
    stallions.data?.data.find((s) => s.id === stallionId)?.book.find((b) => b.season === season);
  const add = may('reservations.create') && (
    <Button size="sm" onClick={() => setAdding(true)}>
      New reservation
    </Button>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Season {season}</h1>
        {add}
      </div>
      <FilterBar>
        <FilterSelect
          id="reservations-season"
          label="Season"
          allLabel="The latest"
          options={seasons.includes(season) ? seasons : [season, ...seasons]}
          value={season}
          onChange={(value: string) => {
            setChosen(value);
            setPage(1);
          }}
        />
      </FilterBar>
      <QueryState what="the reservations" query={reservations} />
      {rows?.length === 0 && (
        <Empty>
          No reservations in {season} yet: book a mare to one of the season’s services. {add}
        </Empty>
      )}
      {rows &&
        byStallion(rows).map((stallion, index) => {
          const book = bookOf(stallion.id);
          return (
            <section
              key={stallion.id}
              aria-labelledby={`season-stallion-${index}`}
              aria-busy={reservations.isFetching}
              className="mb-6"
            >
              <h2 id={`season-stallion-${index}`} className="flex flex-wrap items-baseline gap-x-3">
                {stallion.name}
                {book && (
                  <small className="text-base font-normal text-muted-foreground">
                    {book.limit === null
                      ? `${book.booked} booked, no limit`
                      : `${book.booked} of ${book.limit} booked`}
                  </small>
                )}
              </h2>
              <div className="grid gap-3 md:grid-cols-5">
                {BOARD_COLUMNS.map((column) => {
                  const cards = stallion.reservations.filter((r) =>
                    column.statuses.includes(r.status),
                  );
                  return (
                    <div key={column.key} className="min-w-0">
                      <h3 className="mb-2 text-base">
                        {column.label}{' '}
                        <span className="text-muted-foreground">({cards.length})</span>
                      </h3>
                      <ul
                        aria-label={`${stallion.name}: ${column.label.toLowerCase()}`}
                        className="m-0 grid list-none gap-2 p-0"
                      >
                        {cards.map((r) => (
                          <li key={r.id} className={`${cardClass} m-0 min-w-0 break-words`}>
                            <Link
                              href={`/studs/${studId}/reservations/${r.id}`}
                              className="font-semibold"
                            >
                              {r.mare.name}
                            </Link>
                            <div className="text-muted-foreground">
                              {r.client?.display_name ?? 'The stud’s own mare'}
                            </div>
                            {column.key === 'closed' && <StatusBadge status={r.status} />}
                            {r.return_of_id && <div className="text-sm">A return</div>}
                          </li>
                        ))}
                      </ul>
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
      {reservations.data && (
        <Pager
          meta={reservations.data.meta}
          onPage={setPage}
          label="Reservation pages"
          noun="reservations"
        />
      )}
      <Dialog
        title="New reservation"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(40rem,95vw)]"
      >
        {adding && <ReservationForm season={season} onDone={() => setAdding(false)} />}
      </Dialog>
    </>
  );
}
