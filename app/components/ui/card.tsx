import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export const cardClass = 'mb-3 rounded-lg border border-border bg-card p-4 text-foreground';

/** A panel; a `section`, a region when it is given a name (`aria-label` or `aria-labelledby`). */
export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn(cardClass, className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('mt-0 mb-3 text-xl font-bold', className)} {...props} />;
}
