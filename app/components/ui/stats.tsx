import type { ReactNode } from 'react';
import { cardClass } from './card';
import { cn } from './cn';

/** Figures in cards, two across on a phone. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="m-0 mb-3 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]">
      {children}
    </ul>
  );
}

/** One figure: what it is, the figure, and a note. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note: ReactNode }) {
  return (
    <li className={cn(cardClass, 'm-0 flex flex-col gap-1')}>
      <span className="font-semibold">{label}</span>
      <strong className="text-xl sm:text-2xl">{value}</strong>
      <span className="text-muted-foreground">{note}</span>
    </li>
  );
}

/** Terms and their values in two columns (`dt`, `dd` pairs as children). */
export function DetailList({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl
      className={cn('m-0 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 [&_dd]:m-0', className)}
    >
      {children}
    </dl>
  );
}
