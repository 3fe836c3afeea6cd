import { RIBBONS } from '@/db/schema';

export type Ribbon = (typeof RIBBONS)[number];

/** blue 1, red 2, ... brown 8; participation has no position (DESIGN 6). */
export function ribbonPosition(ribbon: Ribbon): number | null {
  return ribbon === 'participation' ? null : RIBBONS.indexOf(ribbon) + 1;
}

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'];

/** "1st place (blue)", ..., "Participation". */
export function ribbonLabel(ribbon: Ribbon): string {
  const position = ribbonPosition(ribbon);
  return position === null ? 'Participation' : `${ORDINALS[position - 1]} place (${ribbon})`;
}
