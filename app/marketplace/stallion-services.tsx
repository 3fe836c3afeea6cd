'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { Controller, get, type FieldValues, type Path } from 'react-hook-form';
import type { Listing } from '@/server/marketplace/listing-schema';
import type { Service } from '@/server/stud-breeding/service-schema';
import {
  Button,
  Card,
  CardTitle,
  Dialog,
  Empty,
  money,
  QueryState,
  Skeleton,
  type FormOf,
} from '../components/ui';
import { StallionBookingForm } from './listings/[id]/stallion-booking-form';
import { useOrganizations, type OrganizationLink } from '../organizations';
import { serviceName } from '../studs/[studId]/services/service-terms';
import { useTRPC } from '../trpc';

/*
 * A stallion-service listing's offer (C.3, C.9): services of the stud that owns the seller
 * profile, each public and active. The seller picks them in the listing form; the listing's
 * page shows them.
 */

/** At most this many services on one listing (the API's limit). */
export const MAX_LISTING_SERVICES = 20;

/** The stud whose seller profile this is, among the caller's studs; none for any other. */
export function useSellerStud(profileId: string | undefined) {
  const trpc = useTRPC();
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const organizations = useOrganizations();
  const owner = profiles.data?.data.find((profile) => profile.id === profileId)?.owner;
  const stud =
    owner?.type === 'organization'
      ? organizations.studs.find((candidate) => candidate.id === owner.id)
      : undefined;
  return { stud, isPending: profiles.isPending || organizations.isPending };
}

/** The stud's services a listing may offer: public and active ones. */
function useOfferedServices(stud: OrganizationLink) {
  const trpc = useTRPC();
  const services = useQuery(
    trpc.studServices.list.queryOptions({ studId: stud.id, active: 'true' }),
  );
  return { query: services, offered: services.data?.data.filter((service) => service.public) };
}

/** "Storm Cat, 2026: Frozen semen, shipped · stud fee $2,500.00". */
function serviceLine(
  service: Pick<Service, 'season' | 'method' | 'delivery' | 'stud_fee'> & {
    stallion: { name: string };
  },
  currency: string,
) {
  return `${service.stallion.name}, ${service.season}: ${serviceName(service)} · stud fee ${money(service.stud_fee, currency)}`;
}

/**
 * The services a stallion-service listing offers, as checkboxes: the stud's public, active
 * ones; one chosen earlier that the stud no longer offers stays listed, to be unticked.
 * Without a stud, or a stud without services, it says what to do instead.
 */
export function StallionServicesField<T extends FieldValues>({
  form,
  name,
  profileId,
}: {
  form: FormOf<T>;
  name: Path<T>;
  /** The seller profile the listing is sold under. */
  profileId: string | undefined;
}) {
  const { stud, isPending } = useSellerStud(profileId);
  // Said under the whole fieldset: a refusal may outlive a change of seller that hid the boxes.
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return (
    <fieldset className="mb-4 min-w-0 border-0 p-0">
      <legend className="mb-2 text-lg font-bold">Stallion services</legend>
      {isPending && <Skeleton className="h-10" />}
      {!isPending && !stud && (
        <Empty>
          Stallion services are offered under a stud&apos;s seller profile.{' '}
          <Link href="/marketplace/my/profile" className="underline">
            Open your stud&apos;s profile
          </Link>
          , then sell as the stud.
        </Empty>
      )}
      {stud && <ServiceChoices form={form} name={name} stud={stud} />}
      {error?.message && (
        <p role="alert" className="mt-1 mb-0 text-sm text-destructive">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

function ServiceChoices<T extends FieldValues>({
  form,
  name,
  stud,
}: {
  form: FormOf<T>;
  name: Path<T>;
  stud: OrganizationLink;
}) {
  const id = useId();
  const { query, offered } = useOfferedServices(stud);
  if (!offered) return <QueryState what={`the services of ${stud.name}`} query={query} />;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const chosen = (field.value ?? []) as string[];
        const retired = chosen.filter((serviceId) => !offered.some((s) => s.id === serviceId));
        const full = chosen.length >= MAX_LISTING_SERVICES;
        const toggle = (serviceId: string, on: boolean) =>
          field.onChange(on ? [...chosen, serviceId] : chosen.filter((c) => c !== serviceId));
        const box = (serviceId: string, label: string) => (
          <li key={serviceId} className="mb-2 flex items-start gap-2">
            <input
              id={`${id}-${serviceId}`}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary"
              checked={chosen.includes(serviceId)}
              disabled={full && !chosen.includes(serviceId)}
              onChange={(event) => toggle(serviceId, event.target.checked)}
            />
            <label htmlFor={`${id}-${serviceId}`} className="min-w-0 break-words">
              {label}
            </label>
          </li>
        );
        return (
          <>
            {offered.length === 0 ? (
              <Empty>
                {stud.name} offers no public, active service yet.{' '}
                <Link href={`${stud.href}/services`} className="underline">
                  Offer one, or make one public, on the stud&apos;s services page
                </Link>
                .
              </Empty>
            ) : (
              <p className="mt-0 text-muted-foreground">
                The services of {stud.name} this listing offers (up to {MAX_LISTING_SERVICES}).
              </p>
            )}
            {offered.length + retired.length > 0 && (
              <ul aria-label="Services offered" className="m-0 list-none p-0">
                {offered.map((service) => box(service.id, serviceLine(service, stud.currency)))}
                {retired.map((serviceId) => box(serviceId, 'A service the stud no longer offers'))}
              </ul>
            )}
          </>
        );
      }}
    />
  );
}

/**
 * The services a listing offers, as the listing gives them (the stud's offers still public
 * and active); to its seller, also how many it names that the stud has withdrawn. Others may
 * book a mare to each offer of an active listing (C.9), in a dialog.
 */
export function OfferedServicesCard({ listing }: { listing: Listing }) {
  const [booking, setBooking] = useState<Listing['services'][number] | null>(null);
  const { services, service_ids: named } = listing;
  if (named.length === 0) return null;
  const withdrawn = named.length - services.length;
  const bookable = !listing.is_mine && listing.status === 'active';
  return (
    <Card aria-labelledby="services-heading">
      <CardTitle id="services-heading">Stallion services</CardTitle>
      {listing.is_mine && withdrawn > 0 && (
        <p className="mt-0 text-destructive">
          {withdrawn} of them the stud no longer offers publicly: edit the listing to take them off.
        </p>
      )}
      {services.length === 0 ? (
        <Empty>No service is on offer now.</Empty>
      ) : (
        <ul className={bookable ? 'm-0 list-none p-0' : 'm-0 pl-5'}>
          {services.map((service) => (
            <li
              key={service.id}
              className={
                bookable ? 'mb-2 flex flex-wrap items-center justify-between gap-2' : undefined
              }
            >
              <span className="min-w-0 break-words">{serviceLine(service, listing.currency)}</span>
              {bookable && (
                <Button
                  size="sm"
                  aria-label={`Book a mare: ${service.stallion.name}, ${service.season}, ${serviceName(service)}`}
                  onClick={() => setBooking(service)}
                >
                  Book a mare
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        title={booking ? `Book a mare to ${booking.stallion.name}` : 'Book a mare'}
        open={booking !== null}
        onClose={() => setBooking(null)}
      >
        {booking && (
          <StallionBookingForm
            listing={listing}
            service={booking}
            onClose={() => setBooking(null)}
          />
        )}
      </Dialog>
    </Card>
  );
}
