import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { inList } from '@/db/schema/tenant';
import { todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import type { SeasonReport } from './report-schema';

type Counts = {
  mares_booked: number;
  mares_bred: number;
  cycles: number;
  pregnancies: number;
  /** Distinct mares with a pregnancy in `pregnancies`: the numerator of the rate per mare. */
  mares_in_foal: number;
  losses: number;
  live_foals: number;
  doses_shipped: number;
};

type Row = Counts & { stallion: { id: string; name: string } };

/** Reservations that booked the stallion (B.3): from confirmed on, and those that failed. */
const BOOKED = ['confirmed', 'in_progress', 'pregnant', 'completed', 'failed'] as const;
/** A cycle that was confirmed in foal, whatever became of it. */
const POSITIVE = ['confirmed', 'lost', 'foaled'] as const;
/** Shipments whose doses left the stud. */
const SHIPPED = ['shipped', 'delivered', 'returned'] as const;

/** A share with 4 decimals; none without a divisor. */
const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

function figures({ mares_in_foal, ...counts }: Counts) {
  return {
    ...counts,
    pregnancy_rate_per_cycle: rate(counts.pregnancies, counts.cycles),
    pregnancy_rate_per_mare: rate(mares_in_foal, counts.mares_bred),
  };
}

/**
 * GET /reports/season: per stallion of the season, by name, in one statement. A record belongs
 * to the season of its reservation; a breeding event or a pregnancy without one (the stud's
 * own mare and stallion) to the year of its date (base date). Cycles are pregnancies (a
 * breeding opens one, B.5); a mare is bred with a breeding event or a pregnancy of the stallion
 * (a pregnancy recorded by hand stands for a breeding the stud did not log), so that the rate
 * per mare never exceeds 1. Losses are pregnancies lost, a stillborn or aborted birth being one
 * (B.6); live foals are the foals of live births of the season's pregnancies.
 */
export async function seasonReport(
  db: Database,
  stud: Organization,
  season = todayIn(stud.timezone).slice(0, 4),
): Promise<SeasonReport> {
  const rows = await queryRows<Row>(
    db,
    sql`
      with r as (
        select id, stallion_id, mare_id, status from stud_reservations
         where stud_id = ${stud.id} and season = ${season}
      ),
      e as (
        select e.stallion_id, e.mare_id from breeding_events e
          left join stud_reservations er on er.stud_id = e.stud_id and er.id = e.reservation_id
         where e.stud_id = ${stud.id} and coalesce(er.season, to_char(e.date, 'YYYY')) = ${season}
      ),
      p as (
        select p.stallion_id, p.mare_id, ${inList(sql`p.status`, POSITIVE)} as positive,
               p.status = 'lost' or coalesce(${inList(sql`b.outcome`, ['stillborn', 'aborted'])}, false) as lost,
               (select count(*) from birth_foals f
                 where f.stud_id = b.stud_id and f.birth_id = b.id and b.outcome = 'live') as foals
          from pregnancies p
          left join stud_reservations pr on pr.stud_id = p.stud_id and pr.id = p.reservation_id
          left join births b on b.stud_id = p.stud_id and b.pregnancy_id = p.id
         where p.stud_id = ${stud.id} and coalesce(pr.season, to_char(p.base_date, 'YYYY')) = ${season}
      ),
      booked as (
        select stallion_id, count(distinct mare_id) filter (where ${inList(sql`status`, BOOKED)}) as mares_booked
          from r group by stallion_id
      ),
      bred as (
        select stallion_id, count(distinct mare_id) as mares_bred
          from (select stallion_id, mare_id from e union select stallion_id, mare_id from p) m
         group by stallion_id
      ),
      cycles as (
        select stallion_id, count(*) as cycles, count(*) filter (where positive) as pregnancies,
               count(distinct mare_id) filter (where positive) as mares_in_foal,
               count(*) filter (where lost) as losses, sum(foals) as live_foals
          from p group by stallion_id
      ),
      shipped as (
        select r.stallion_id, sum(sh.doses) as doses_shipped
          from semen_shipments sh
          join r on r.id = sh.reservation_id
         where sh.stud_id = ${stud.id} and ${inList(sql`sh.status`, SHIPPED)}
         group by r.stallion_id
      ),
      stallions as (
        select stallion_id from r union select stallion_id from e union select stallion_id from p
      )
      select json_build_object('id', h.id, 'name', i.name) as stallion,
             coalesce(bk.mares_booked, 0)::int as mares_booked,
             coalesce(bd.mares_bred, 0)::int as mares_bred,
             coalesce(c.cycles, 0)::int as cycles,
             coalesce(c.pregnancies, 0)::int as pregnancies,
             coalesce(c.mares_in_foal, 0)::int as mares_in_foal,
             coalesce(c.losses, 0)::int as losses,
             coalesce(c.live_foals, 0)::int as live_foals,
             coalesce(sp.doses_shipped, 0)::int as doses_shipped
        from stallions s
        join stud_horses h on h.stud_id = ${stud.id} and h.id = s.stallion_id
        join horse_identities i on i.id = h.horse_identity_id
        left join booked bk on bk.stallion_id = s.stallion_id
        left join bred bd on bd.stallion_id = s.stallion_id
        left join cycles c on c.stallion_id = s.stallion_id
        left join shipped sp on sp.stallion_id = s.stallion_id
       order by lower(i.name), i.name, h.id
    `,
  );
  // Totals sum the stallions' rows (a mare bred to two stallions counts for each); the rates
  // are recomputed from the sums, not averaged.
  const total = (key: keyof Counts) => rows.reduce((sum, row) => sum + row[key], 0);
  return {
    season,
    stallions: rows.map(({ stallion, ...counts }) => ({ stallion, ...figures(counts) })),
    totals: figures({
      mares_booked: total('mares_booked'),
      mares_bred: total('mares_bred'),
      cycles: total('cycles'),
      pregnancies: total('pregnancies'),
      mares_in_foal: total('mares_in_foal'),
      losses: total('losses'),
      live_foals: total('live_foals'),
      doses_shipped: total('doses_shipped'),
    }),
  };
}
