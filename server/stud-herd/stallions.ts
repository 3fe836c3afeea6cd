import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '@/db/client';
import { stallionProfiles } from '@/db/schema';
import { BOOKED_RESERVATION_STATUSES } from '@/db/schema/stud-breeding-values';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import { organizationProcedure, router, type Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { selectStudHorses } from './horse-queries';
import { studIdInput } from '../studs/tenant';
import {
  stallionIdInput,
  stallionProfileFields,
  stallionProfileSchema,
  stallionSchema,
  type Stallion,
  type StallionProfile,
  type StallionProfileFields,
} from './stallion-schema';

/**
 * The stud's stallions under `where` (over `horse`), each with its profile or its defaults,
 * its active services of every season (newest first) and its book per season it has services
 * or reservations in (the booked mares, B.3, against the profile's limit), in one statement.
 */
function selectStallions(stud: Organization, where: SQL): SQL {
  return sql`
  select horse.*,
         json_build_object('standing', coalesce(p.standing, true), 'book_limit', p.book_limit,
                           'public_description', p.public_description, 'height_cm', p.height_cm,
                           'approvals', coalesce(p.approvals, '{}'::text[]),
                           'updated_at', ${isoTimestampSql(sql`p.updated_at`)}) as profile,
         coalesce((select json_agg(json_build_object('id', s.id, 'season', s.season,
                                                     'method', s.method, 'delivery', s.delivery,
                                                     'stud_fee', s.stud_fee::float8,
                                                     'public', s.public)
                                   order by s.season desc, s.method, s.delivery)
                     from stud_services s
                    where s.stud_id = ${stud.id} and s.stallion_id = horse.id and s.active),
                  '[]') as services,
         coalesce((select json_agg(json_build_object('season', b.season, 'booked', b.booked,
                                                     'limit', p.book_limit)
                                   order by b.season desc)
                     from (select x.season, count(r.id)::int as booked
                             from (select s.season from stud_services s
                                    where s.stud_id = ${stud.id} and s.stallion_id = horse.id
                                   union
                                   select r.season from stud_reservations r
                                    where r.stud_id = ${stud.id} and r.stallion_id = horse.id) x
                             left join stud_reservations r
                               on r.stud_id = ${stud.id} and r.stallion_id = horse.id
                              and r.season = x.season
                              and r.status in (${sql.join(
                                BOOKED_RESERVATION_STATUSES.map((status) => sql`${status}`),
                                sql`, `,
                              )})
                            group by x.season) b),
                  '[]') as book
    from (${selectStudHorses(stud, sql`role = 'stallion'`)}) horse
    left join stallion_profiles p on p.stud_id = ${stud.id} and p.horse_id = horse.id
   where ${where}
   order by horse.sort_name, horse.id`;
}

type Row = Stallion & { sort_name: string };

export async function listStallions(db: Database, stud: Organization): Promise<Stallion[]> {
  const rows = await queryRows<Row>(db, selectStallions(stud, sql`true`));
  return rows.map(({ sort_name: _, ...stallion }) => stallion);
}

/** A stallion's profile; 404 for a horse that is not a stallion (a mare, a gelding, a colt). */
export async function getStallionProfile(
  db: Database,
  stud: Organization,
  stallionId: string,
): Promise<StallionProfile> {
  const [row] = isUuid(stallionId)
    ? await queryRows<Row>(db, selectStallions(stud, sql`horse.id = ${stallionId}`))
    : [];
  if (!row) throw notFound('Stallion');
  return { horse_id: row.id, name: row.name, ...row.profile };
}

/** PUT /stallions/{id}/profile: saves the fields given over the profile (or its defaults). */
export async function saveStallionProfile(
  db: Database,
  stud: Organization,
  stallionId: string,
  input: StallionProfileFields,
): Promise<StallionProfile> {
  return db.transaction(async (tx) => {
    await getStallionProfile(tx, stud, stallionId);
    const values = {
      standing: input.standing,
      bookLimit: input.book_limit,
      publicDescription: input.public_description,
      heightCm: input.height_cm,
      approvals: input.approvals && [...new Set(input.approvals)],
    };
    await tx
      .insert(stallionProfiles)
      .values({ studId: stud.id, horseId: stallionId, ...values })
      .onConflictDoUpdate({
        target: [stallionProfiles.studId, stallionProfiles.horseId],
        set: { ...values, updatedAt: sql`now()` },
      });
    return getStallionProfile(tx, stud, stallionId);
  });
}

const TAGS = ['Stud stallions'];

export const stallionsRouter = router({
  list: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/stallions',
        tags: TAGS,
        summary: 'The stallions of the herd, each with its profile, active services and book',
        description:
          "Stallions are the herd's entire males of a year or more. `services` are each one's active services of every season, newest season first (`GET /services` has their terms). `book` has, per season he has services or reservations in (newest first), the mares `booked` (confirmed to completed reservations) and his profile's `limit` (null: none).",
      },
    })
    .input(studIdInput)
    .output(z.object({ data: z.array(stallionSchema) }))
    .query(async ({ ctx }) => ({ data: await listStallions(ctx.db, ctx.organization) })),

  profile: organizationProcedure('stud', 'horses.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/stallions/{stallionId}/profile',
        tags: TAGS,
        summary: "A stallion's profile",
        description: 'Its defaults until first saved (`updated_at` null).',
      },
    })
    .input(stallionIdInput)
    .output(z.object({ data: stallionProfileSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getStallionProfile(ctx.db, ctx.organization, input.stallionId),
    })),

  saveProfile: organizationProcedure('stud', 'horses.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/stallions/{stallionId}/profile',
        tags: TAGS,
        summary: "Save a stallion's profile (fields given)",
      },
    })
    .input(stallionIdInput.extend(stallionProfileFields.shape))
    .output(z.object({ data: stallionProfileSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await saveStallionProfile(ctx.db, ctx.organization, input.stallionId, input),
    })),
});
