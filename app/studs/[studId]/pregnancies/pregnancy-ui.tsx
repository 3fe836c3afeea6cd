import type { Pregnancy } from '@/server/stud-breeding/pregnancy-schema';

/** A value of the API's lists as words: `not_pregnant` → "not pregnant". */
export const words = (value: string) => value.replace(/_/g, ' ');

/** "Day 45" while open; when it ended, the date it ended on. */
export const dayText = (pregnancy: Pregnancy) =>
  pregnancy.day === null ? `ended ${pregnancy.ended_on ?? ''}`.trim() : `day ${pregnancy.day}`;
