'use client';

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * The horizontal scroller around a table that may be wider than the screen. While it does
 * scroll it is a tab stop, so that a keyboard alone can scroll it with the arrow keys (WCAG
 * 2.1.1, axe's scrollable-region-focusable); while the table fits it is none. Positioned, so
 * that visually hidden text inside a scrolled table does not widen the page.
 */
export function TableWrap({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const wrap = ref.current;
    if (!wrap) return;
    const measure = () => setScrolls(wrap.scrollWidth > wrap.clientWidth);
    measure();
    // The wrapper resizes with the window and the table with its rows.
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    for (const child of Array.from(wrap.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cn(
        'table-wrap relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}

export const tableClass = 'w-full border-collapse';
export const headCellClass = 'border-b border-border p-2 text-left font-semibold align-bottom';
export const cellClass = 'border-b border-border p-2 text-left align-top';
