import type { Pregnancy } from '@/server/stud-breeding/pregnancy-schema';
import { formatDate } from '../../../components/ui';

/** "Day 45" while open; when it ended, the date it ended on. */
export const dayText = (pregnancy: Pregnancy) =>
  pregnancy.day !== null
    ? `Day ${pregnancy.day}`
    : pregnancy.ended_on
      ? `Ended ${formatDate(pregnancy.ended_on)}`
      : 'Ended';

/** The foaling window: "1 Mar 2027 to 21 Mar 2027". */
export const windowText = (window: Pregnancy['due_window']) =>
  `${formatDate(window.from)} to ${formatDate(window.to)}`;
