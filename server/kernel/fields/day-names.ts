/** Weekday names indexed by `day_of_week` (0 = Sunday), as the schedules store them. */
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
