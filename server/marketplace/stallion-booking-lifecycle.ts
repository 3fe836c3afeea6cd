import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { CategoryKind } from '@/db/schema/marketplace-values';
import {
  AppError,
  invalidField,
  notFound,
  uniqueViolation,
  validationError,
} from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { consumeRateLimit } from '../kernel/http/rate-limit';
import type { Caller } from '../kernel/trpc/context';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { notify } from '../notifications/notify';
import { createReservation } from '../stud-breeding/reservation-lifecycle';
import { createProspect } from '../stud-crm/client-lifecycle';
import { createStudHorse } from '../stud-herd/horse-lifecycle';
import { roleSql } from '../stud-herd/horse-queries';
import { listingPublic, listingVisible } from './listing-queries';
import { SELLER_OWNER_JOIN, sellerRecipients } from './seller-access';
import {
  BOOKING_REQUESTS_PER_HOUR,
  bookingServiceName,
  type BookingMare,
  type StallionBooking,
  type StallionBookingFields,
} from './stallion-booking-schema';

/*
 * A mare booked through a stallion's listing (DESIGN-MODULES C.9): in the caller's
 * transaction, the stud that sells the listing gets the requester as a client (the one with
 * that e-mail, else a new prospect), the mare as one of its horses (`on_premises` false) unless
 * it has her already, and a requested reservation (source `owner_request`) under its own rules
 * (B.3); its owners and managers get `stud.reservation_requested`. Each step is the stud
 * module's own write, so the records are the ones its members would have made.
 */

const HOUR = 3600;

/** The last name of a prospect whose account gives one word for a name. */
export const NAME_NOT_GIVEN = '(not given)';

type Target = {
  id: string;
  title: string;
  seller_profile_id: string;
  /** Active, of a seller who may sell: the only listings that take bookings. */
  open: boolean;
  category_kind: CategoryKind;
  stud_id: string | null;
  stud_name: string | null;
  timezone: string | null;
  currency: string | null;
  /** The caller belongs to the stud. */
  member: boolean;
  /** The service asked for, when it is one the listing offers (public and active). */
  service_id: string | null;
  stallion_id: string | null;
  stud_fee: number | null;
};

/**
 * The listing and the service asked for, in one statement: 404 unless the listing is active
 * and its seller may sell (a paused or draft listing takes no booking, whoever sees it); 422
 * on `id` for a listing of another kind or one of the caller's own stud, on `service_id` for a
 * service the listing does not offer.
 */
async function bookingTarget(tx: Database, caller: Caller, input: StallionBookingFields) {
  const viewer = { userId: caller.user.id, isAdmin: caller.isPlatformAdmin };
  if (!isUuid(input.id)) throw notFound('Listing');
  const [row] = await queryRows<Target>(
    tx,
    sql`select p.id, p.title, p.seller_profile_id, ${listingPublic} as open,
               c.kind as category_kind,
               so.id as stud_id, so.name as stud_name, so.timezone, so.currency,
               exists (select 1 from memberships m
                        where m.organization_id = so.id and m.user_id = ${viewer.userId}) as member,
               s.id as service_id, s.stallion_id, s.stud_fee::float8 as stud_fee
          from publications p
          join seller_profiles sp on sp.id = p.seller_profile_id
          ${SELLER_OWNER_JOIN}
          join marketplace_categories c on c.id = p.category_id
          left join stud_services s
            on so.type = 'stud' and s.stud_id = so.id and s.id = ${input.service_id}
           and s.id = any(p.service_ids) and s.public and s.active
         where p.id = ${input.id} and ${listingVisible(viewer)}`,
  );
  if (!row?.open) throw notFound('Listing');
  if (row.category_kind !== 'stallion_service')
    throw invalidField('id', 'This listing offers no stallion service to book.');
  if (row.member)
    throw invalidField(
      'id',
      `You belong to ${row.stud_name}: book its stallions from the stud's reservations.`,
    );
  if (!row.service_id)
    throw invalidField('service_id', 'The selected service id is not offered by this listing.');
  const stud: Organization = {
    id: row.stud_id!,
    name: row.stud_name!,
    timezone: row.timezone!,
    currency: row.currency!,
  };
  return {
    listing: row,
    stud,
    service: { id: row.service_id, stallionId: row.stallion_id!, studFee: row.stud_fee! },
  };
}

/** First and last name from an account's one display name: the last word is the last name. */
function personNames(displayName: string) {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const last = words.length > 1 ? words.pop()! : NAME_NOT_GIVEN;
  return {
    first_name: (words.join(' ') || NAME_NOT_GIVEN).slice(0, 255),
    last_name: last.slice(0, 255),
  };
}

/**
 * The stud's client with the requester's e-mail, in any stage, else a new prospect (B.8:
 * source marketplace, interested in the service's stallion and service, its stud fee as the
 * expected value). The client's row is locked to the end of the transaction, so two requests
 * of one requester run one after the other and the second finds the first's mare.
 */
async function bookingClient(
  tx: Database,
  stud: Organization,
  caller: Caller,
  email: string,
  service: { id: string; stallionId: string; studFee: number },
): Promise<string> {
  const find = async () => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`select c.id from stud_clients c
           where c.stud_id = ${stud.id} and c.email is not null and lower(c.email) = lower(${email})
           for update`,
    );
    return row?.id;
  };
  const found = await find();
  if (found) return found;
  try {
    const prospect = await createProspect(tx, stud, {
      ...personNames(caller.user.displayName),
      email,
      source: 'marketplace',
      interest: { stallion_id: service.stallionId, service_id: service.id },
      expected_value: service.studFee,
    });
    return prospect.id;
  } catch (error) {
    // A first request of the same e-mail committed meanwhile: its client is this one's.
    if (uniqueViolation(error) !== 'stud_clients_email_key') throw error;
    const raced = await find();
    if (!raced) throw error;
    return raced;
  }
}

type MareMatch = {
  identity_id: string;
  name: string;
  merged_into_id: string | null;
  role: string | null;
  /** The stud's horse of this identity, when it has her. */
  horse_id: string | null;
  rank: number;
};

/** The request's `mare.*` names for the fields of the herd's write (`identity.*`). */
function asMareFields<T>(write: () => Promise<T>): Promise<T> {
  return write().catch((error: unknown) => {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    throw validationError(
      Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [
          field.startsWith('identity.')
            ? `mare.${field.slice('identity.'.length)}`
            : field === 'horse_identity_id'
              ? 'mare.horse_identity_id'
              : field,
          messages,
        ]),
      ),
    );
  });
}

/** What a mare is (B.1's derived role): female, a year old or more. */
const MARE_RULE = 'a female horse a year old or more';

/**
 * The horse the request names, with the stud's horse of her if any, in one statement: by
 * `horse_identity_id`; else the platform's horse of the UELN given, else the client's own mare
 * of that name at the stud (one without a UELN, or any when none is given).
 */
async function matchMare(
  tx: Database,
  stud: Organization,
  clientId: string,
  mare: BookingMare,
): Promise<MareMatch | undefined> {
  const role = roleSql(todayIn(stud.timezone));
  const columns = sql`i.id as identity_id, i.name, i.merged_into_id, ${role} as role, h.id as horse_id`;
  const ofStud = sql`left join stud_horses h on h.stud_id = ${stud.id} and h.horse_identity_id = i.id`;
  if (mare.horse_identity_id) {
    const [row] = await queryRows<MareMatch>(
      tx,
      sql`select ${columns}, 0 as rank from horse_identities i ${ofStud}
           where i.id = ${mare.horse_identity_id}`,
    );
    return row;
  }
  const [row] = await queryRows<MareMatch>(
    tx,
    sql`select * from (
          select ${columns}, 1 as rank, h.created_at
            from horse_identities i ${ofStud}
           where ${mare.ueln ? sql`i.ueln = ${mare.ueln}` : sql`false`}
          union all
          select ${columns}, 2, h.created_at
            from stud_horses h join horse_identities i on i.id = h.horse_identity_id
           where h.stud_id = ${stud.id} and h.owner_client_id = ${clientId}
             and lower(i.name) = lower(${mare.name ?? ''}) and ${role} = 'mare'
             and ${mare.ueln ? sql`i.ueln is null` : sql`true`}
        ) m
        order by rank, created_at, identity_id
        limit 1`,
  );
  return row;
}

/**
 * The stud's horse the reservation books: the one it has of the named or matched horse, else
 * a new one of the client's, off the premises, linking that horse or a new identity of her
 * (a female). 422 on the mare's fields when she is not a mare, or unknown or merged.
 */
async function bookingMare(
  tx: Database,
  stud: Organization,
  clientId: string,
  mare: BookingMare,
): Promise<{ id: string; horse_identity_id: string; name: string }> {
  const match = await matchMare(tx, stud, clientId, mare);
  const field = mare.horse_identity_id ? 'mare.horse_identity_id' : 'mare.ueln';
  if (mare.horse_identity_id && !match)
    throw invalidField(field, 'The horse identity was not found.');
  if (match?.merged_into_id)
    throw invalidField(
      field,
      `That horse was merged into the horse ${match.merged_into_id}: send that one.`,
    );
  if (match && match.role !== 'mare')
    throw invalidField(
      field,
      mare.horse_identity_id
        ? `The horse must be a mare: ${MARE_RULE}.`
        : `The UELN is ${match.name}'s, who is not a mare (${MARE_RULE}).`,
    );
  if (match?.horse_id)
    return { id: match.horse_id, horse_identity_id: match.identity_id, name: match.name };

  const owned = { ownership: 'client', owner_client_id: clientId, on_premises: false } as const;
  if (match) {
    try {
      const horse = await asMareFields(() =>
        createStudHorse(tx, stud, { ...owned, horse_identity_id: match.identity_id }),
      );
      return { id: horse.id, horse_identity_id: horse.horse_identity_id, name: horse.name };
    } catch (error) {
      // Another request added her to the herd meanwhile (committed): book that horse.
      if (uniqueViolation(error) !== 'stud_horses_identity_key') throw error;
      const added = await matchMare(tx, stud, clientId, mare);
      if (!added?.horse_id) throw error;
      return { id: added.horse_id, horse_identity_id: added.identity_id, name: added.name };
    }
  }
  if (mare.birth_year == null)
    throw invalidField(
      'mare.birth_year',
      'The mare.birth year field is required to describe a mare new to the platform.',
    );
  const horse = await asMareFields(() =>
    createStudHorse(tx, stud, {
      ...owned,
      identity: {
        name: mare.name,
        sex: 'female',
        birth_year: mare.birth_year,
        breed: mare.breed,
        ueln: mare.ueln,
      },
    }),
  );
  if (horse.role !== 'mare')
    throw invalidField('mare.birth_year', `The mare must be ${MARE_RULE}.`);
  return { id: horse.id, horse_identity_id: horse.horse_identity_id, name: horse.name };
}

/**
 * POST /listings/{id}/reservation-requests, in the caller's transaction: the listing and its
 * service checked, 10 accepted requests an hour per user (429), then the client, the mare and
 * the reservation (one open reservation of a mare per season: 409), and the notice to the
 * stud's owners and managers. Answers the reservation as the requester sees it.
 */
export async function requestStallionBooking(
  tx: Database,
  caller: Caller,
  input: StallionBookingFields,
  appUrl: string,
): Promise<StallionBooking> {
  const { listing, stud, service } = await bookingTarget(tx, caller, input);
  const requester = caller.user;
  // The stud knows its clients by e-mail (B.8) and answers by it.
  if (!requester.email)
    throw invalidField('email', 'Your account has no e-mail address for the stud to answer.');
  await consumeRateLimit(
    tx,
    `marketplace-booking:${requester.id}`,
    BOOKING_REQUESTS_PER_HOUR,
    HOUR,
    `You can send ${BOOKING_REQUESTS_PER_HOUR} booking requests an hour. Please try again later.`,
  );
  const clientId = await bookingClient(tx, stud, caller, requester.email, service);
  const mare = await bookingMare(tx, stud, clientId, input.mare);
  const reservation = await createReservation(
    tx,
    stud,
    {
      userId: requester.id,
      name: requester.displayName,
      email: requester.email,
      ip: null,
      userAgent: null,
    },
    {
      service_id: service.id,
      mare_id: mare.id,
      client_id: clientId,
      source: 'owner_request',
      notes: input.message ?? null,
    },
  );
  const serviceName = bookingServiceName({
    stallion: reservation.stallion.name,
    season: reservation.season,
    method: reservation.service.method,
    delivery: reservation.service.delivery,
  });
  await notify(
    tx,
    await sellerRecipients(tx, listing.seller_profile_id),
    'stud.reservation_requested',
    {
      title: `Booking request: ${mare.name} to ${reservation.stallion.name}`,
      body:
        `${requester.displayName} (${requester.email}) asked through the marketplace listing “${listing.title}” to book ${mare.name} to ${serviceName}.` +
        (input.message ? `\n\n${input.message}` : ''),
      link: `/studs/${stud.id}/reservations/${reservation.id}`,
      action: 'Open the request',
      organizationId: stud.id,
      data: { reservation_id: reservation.id, client_id: clientId, listing_id: listing.id },
    },
    appUrl,
  );
  return {
    id: reservation.id,
    status: reservation.status,
    source: reservation.source,
    listing: { id: listing.id, title: listing.title },
    stud: { id: stud.id, name: stud.name },
    service: {
      id: reservation.service.id,
      name: serviceName,
      season: reservation.season,
      method: reservation.service.method,
      delivery: reservation.service.delivery,
    },
    stallion: reservation.stallion,
    mare,
    terms: {
      stud_fee: reservation.terms.stud_fee,
      booking_fee: reservation.terms.booking_fee,
      currency: stud.currency,
    },
    message: reservation.notes,
    created_at: reservation.created_at,
  };
}
