import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { DAY_NAMES } from '../../../components/ui';

/*
 * What the week view and the day view share: the lessons of a week with their dates, how
 * they are named and worded, and where they sit on the time axis.
 */

export type Week = inferRouterOutputs<AppRouter>['schedules']['weekly']['data'];
export type Day = Week['days'][number];
/** A lesson of the week on its date, with its weekday. */
export type Lesson = Day['schedules'][number] & { day_of_week: number; date: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The lessons of a day, each with its date and weekday. */
export const lessonsOf = (day: Day): Lesson[] =>
  day.schedules.map((s) => ({ ...s, day_of_week: day.day_of_week, date: day.date }));

/** A lesson of the week by id (a schedule falls on one date a week), if it is still there. */
export function findLesson(week: Week, id: string): Lesson | undefined {
  for (const day of week.days) {
    const lesson = lessonsOf(day).find((l) => l.id === id);
    if (lesson) return lesson;
  }
  return undefined;
}

/** "Dressage basics, Wednesday 17:00": names a lesson in dialog titles and messages. */
export const lessonTitle = (lesson: Pick<Lesson, 'class' | 'day_of_week' | 'start_time'>) =>
  `${lesson.class.name}, ${DAY_NAMES[lesson.day_of_week]} ${lesson.start_time}`;

/** "3 of 8 free", or "Full". */
export const placesText = (lesson: Pick<Lesson, 'available_spots' | 'max_students'>) =>
  lesson.available_spots === 0
    ? 'Full'
    : `${lesson.available_spots} of ${lesson.max_students} free`;

/** "17:00–18:00 Dressage basics, Carmen Vidal, 3 of 5 free": the name of a lesson's button. */
export const lessonLabel = (lesson: Lesson) =>
  `${lesson.start_time}–${lesson.end_time} ${lesson.class.name}, ${lesson.instructor.full_name}, ${placesText(lesson).toLowerCase()}`;

const dayOfMonth = (date: string) => Number(date.slice(8, 10));
const month = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1];

/** "Wednesday 25 Nov". */
export const dayTitle = (day: Pick<Day, 'date' | 'day_of_week'>) =>
  `${DAY_NAMES[day.day_of_week]} ${dayOfMonth(day.date)} ${month(day.date)}`;

/** A day's weekday, short and long, and its day of the month: "Wed", "Wednesday", 25. */
export const dayParts = (day: Pick<Day, 'date' | 'day_of_week'>) => ({
  short: DAY_NAMES[day.day_of_week]!.slice(0, 3),
  long: DAY_NAMES[day.day_of_week]!,
  number: dayOfMonth(day.date),
});

/** "23 – 29 Nov 2026", "30 Nov – 6 Dec 2026", "28 Dec 2026 – 3 Jan 2027". */
export function weekLabel(start: string, end: string) {
  const [startYear, endYear] = [start.slice(0, 4), end.slice(0, 4)];
  if (startYear !== endYear) {
    return `${dayOfMonth(start)} ${month(start)} ${startYear} – ${dayOfMonth(end)} ${month(end)} ${endYear}`;
  }
  const from =
    month(start) === month(end) ? dayOfMonth(start) : `${dayOfMonth(start)} ${month(start)}`;
  return `${from} – ${dayOfMonth(end)} ${month(end)} ${endYear}`;
}

/** "Week 48" from "2026-W48". */
export const weekNumber = (isoWeek: string) =>
  `Week ${Number(isoWeek.slice(isoWeek.indexOf('W') + 1))}`;

/** Minutes since midnight of an `HH:MM` time. */
export const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The whole hours the time axis shows: from the earliest start's hour to the latest end. */
export function hourRange(lessons: readonly Pick<Lesson, 'start_time' | 'end_time'>[]) {
  const first = Math.floor(Math.min(...lessons.map((l) => minutes(l.start_time))) / 60);
  const last = Math.ceil(Math.max(...lessons.map((l) => minutes(l.end_time))) / 60);
  return { first, last: Math.max(last, first + 1) };
}

/**
 * Lessons of one day placed side by side where they overlap: each group of lessons that
 * overlap one another (directly or through others) shares the column's width in `lanes`
 * lanes, each lesson in the first lane free at its start. Back-to-back lessons do not overlap.
 */
export function placeSideBySide<T extends Pick<Lesson, 'start_time' | 'end_time'>>(lessons: T[]) {
  const sorted = [...lessons].sort(
    (a, b) =>
      minutes(a.start_time) - minutes(b.start_time) || minutes(b.end_time) - minutes(a.end_time),
  );
  const placed: { lesson: T; lane: number; lanes: number }[] = [];
  let group: typeof placed = [];
  let laneEnds: number[] = [];
  let groupEnd = 0;
  const closeGroup = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const lesson of sorted) {
    const start = minutes(lesson.start_time);
    const end = minutes(lesson.end_time);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    groupEnd = Math.max(groupEnd, end);
    const p = { lesson, lane, lanes: 1 };
    group.push(p);
    placed.push(p);
  }
  closeGroup();
  return placed;
}
