import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const badgeVariants = cva(
  'inline-block rounded-full px-2 py-0.5 text-sm text-foreground first-letter:uppercase',
  {
    variants: {
      tone: { neutral: 'bg-border', ok: 'bg-ok', bad: 'bg-bad' },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

const TONES: Record<string, 'ok' | 'bad'> = {
  paid: 'ok',
  active: 'ok',
  sent: 'ok',
  overdue: 'bad',
  injured: 'bad',
  failed: 'bad',
  suspended: 'bad',
  cancelled: 'bad',
};

/** A status word in a pill; `status` picks its tone (paid green, overdue red, …). */
export function Badge({
  className,
  tone,
  status,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants> & { status?: string }) {
  return (
    <span
      className={cn(
        badgeVariants({ tone: tone ?? (status ? TONES[status] : undefined) }),
        className,
      )}
      {...props}
    />
  );
}
