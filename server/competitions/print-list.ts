import { sql, type SQL } from 'drizzle-orm';
import { queryRowBytes, type Database } from '@/db/client';
import { competitionEntries, competitionResults, horses, RIBBONS, students } from '@/db/schema';
import { rawJson } from '../kernel/raw-json';
import type { CompetitionRow } from './competition-records';
import type { PrintList } from './entry-schema';
import { ribbonLabel } from './ribbons';

/** `ribbonLabel` of the ribbon `r` as SQL, from the same labels. */
const ribbonLabelSql = (ribbon: SQL) =>
  sql`case ${ribbon} ${sql.join(
    RIBBONS.map((r) => sql`when ${r}::text then ${ribbonLabel(r)}::text`),
    sql` `,
  )} end`;

/**
 * Whole years from `birth` to `on` as `ageOn` (kernel/fields/calendar.ts) counts them: the
 * difference of the years, less one when the month and day are not yet reached (negative when
 * born after `on`).
 */
const ageOnSql = (
  birth: ReturnType<typeof sql>,
  on: string,
) => sql`case when ${birth} is null then null
  else extract(year from age(${on}::date, ${birth}))::int end`;

/**
 * The starting list (DESIGN 6): pending, confirmed and completed entries in departure order,
 * grouped by category in the competition's order of categories (each of them present, even
 * when empty; a category no longer in that list after them); cancelled entries are left out.
 * With `category`, only that category. One statement builds the categories' JSON, passed
 * through as PostgreSQL's bytes (issue 27: 2,000 entries were mapped and serialized in JS).
 */
export async function printList(
  db: Database,
  competition: CompetitionRow,
  category?: string,
): Promise<PrintList> {
  const only = category ?? null;
  const e = competitionEntries;
  const [categories, total] = (await queryRowBytes(
    db,
    sql`
    with listed as (
      select ${e.category} as category,
             json_build_object(
               'order_number', ${e.orderNumber},
               'student_name', ${students.firstName} || ' ' || ${students.lastName},
               'student_age', ${ageOnSql(sql`${students.birthDate}`, competition.date)},
               'horse_name', ${horses.name},
               'result', case when ${competitionResults.ribbon} is null then null else json_build_object(
                 'ribbon', ${competitionResults.ribbon},
                 'ribbon_label', ${ribbonLabelSql(sql`${competitionResults.ribbon}`)}) end) as entry,
             row_number() over (order by ${e.orderNumber} asc, ${students.birthDate} asc nulls last,
                                         ${e.createdAt} asc, ${e.id} asc) as n
        from ${e}
        join ${students} on ${students.schoolId} = ${e.schoolId} and ${students.id} = ${e.studentId}
        left join ${horses} on ${horses.schoolId} = ${e.schoolId} and ${horses.id} = ${e.horseId}
        left join ${competitionResults} on ${competitionResults.schoolId} = ${e.schoolId}
                                       and ${competitionResults.entryId} = ${e.id}
       where ${e.schoolId} = ${competition.schoolId} and ${e.competitionId} = ${competition.id}
         and ${e.status} in ('pending', 'confirmed', 'completed')
         and (${only}::text is null or ${e.category} = ${only}::text)
    ),
    grouped as (
      select category, json_agg(entry order by n) as entries, count(*) as entered, min(n) as first
        from listed group by category
    ),
    named as (
      select k.name, k.position
        from json_array_elements_text(${JSON.stringify(competition.categories)}::json)
             with ordinality as k(name, position)
       where ${only}::text is null or k.name = ${only}::text
    )
    select coalesce(json_object_agg(coalesce(named.name, grouped.category),
                                    coalesce(grouped.entries, '[]'::json)
                                    order by named.position nulls last, grouped.first), '{}'::json)::text as categories,
           coalesce(sum(grouped.entered), 0)::text as total
      from named full join grouped on grouped.category = named.name`,
  ))!;
  return {
    competition: { name: competition.name, date: competition.date, location: competition.location },
    categories: rawJson<PrintList['categories']>(categories ?? '{}'),
    total_entries: Number(String(total)),
    generated_at: new Date().toISOString(),
  };
}
