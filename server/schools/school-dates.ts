/*
 * Dates written the local way (`03/04/2010`) in a school's files (issue 13). A school has no
 * locale of its own; its time zone says where it is, and so which order its people write:
 * day first in Europe, Africa, Australia, New Zealand, India and Latin America, month first in
 * the United States. Elsewhere (UTC, Canada, most of Asia) the order is not known and only a
 * date that can be read one way is taken.
 */

export type DateOrder = 'day-first' | 'month-first' | null;

const MONTH_FIRST =
  /^(US\/.+|Pacific\/Honolulu|America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Adak|Boise|Detroit|Juneau|Menominee|Metlakatla|Nome|Sitka|Yakutat|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+))$/;

const DAY_FIRST =
  /^((Europe|Africa|Australia|Atlantic|Indian)\/.+|Pacific\/Auckland|NZ|Asia\/(Kolkata|Calcutta|Jerusalem|Tel_Aviv|Dubai|Karachi|Dhaka|Kathmandu|Colombo|Riyadh|Baghdad|Tehran|Beirut|Amman|Nicosia|Famagusta)|America\/(Argentina\/.+|Buenos_Aires|Sao_Paulo|Fortaleza|Recife|Bahia|Belem|Manaus|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Maceio|Araguaina|Santarem|Noronha|Mexico_City|Monterrey|Merida|Cancun|Chihuahua|Hermosillo|Mazatlan|Tijuana|Bahia_Banderas|Bogota|Lima|Santiago|Punta_Arenas|Caracas|Montevideo|Asuncion|La_Paz|Guayaquil|Havana|Costa_Rica|Guatemala|El_Salvador|Tegucigalpa|Managua|Santo_Domingo))$/;

/** The order in which a school's people write day and month, from its time zone. */
export function dateOrderOf(timezone: string): DateOrder {
  if (MONTH_FIRST.test(timezone)) return 'month-first';
  if (DAY_FIRST.test(timezone)) return 'day-first';
  return null;
}

const LOCAL_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

const iso = (year: string, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * A local date (`DD/MM/YYYY` or `MM/DD/YYYY`, also with `.` or `-`) as `YYYY-MM-DD` in the
 * given order; anything else is returned as it is, for the field's own validation. Without
 * an order, a date that reads both ways (`03/04/2010`) is `{ambiguous}`, one that reads one
 * way only (`13/04/2010`) is taken that way.
 */
export function localDate(
  value: string,
  order: DateOrder,
): { date: string } | { ambiguous: [string, string] } {
  const match = LOCAL_DATE.exec(value);
  if (!match) return { date: value };
  const [, first, second, year] = match as unknown as [string, string, string, string];
  const a = Number(first);
  const b = Number(second);
  const dayFirst = iso(year, b, a);
  const monthFirst = iso(year, a, b);
  if (order === 'day-first') return { date: dayFirst };
  if (order === 'month-first') return { date: monthFirst };
  if (a === b || (a > 12 && b > 12)) return { date: dayFirst };
  if (a > 12) return { date: dayFirst };
  if (b > 12) return { date: monthFirst };
  return { ambiguous: [dayFirst, monthFirst] };
}
