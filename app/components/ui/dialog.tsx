'use client';

import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A modal dialog on Radix Dialog: focus is trapped and returned to what opened it, Escape and
 * the close button close it, the title names it. The content is mounted only while open. `variant="sheet"` is
 * for phones: full width, anchored to the bottom, the title fixed and the body scrolling, so
 * that a long form's `sticky bottom-0` buttons stay in reach.
 */
export function Dialog({
  title,
  description,
  open,
  onClose,
  className,
  variant = 'centred',
  children,
}: {
  title: string;
  description?: ReactNode;
  open: boolean;
  onClose: () => void;
  className?: string;
  variant?: 'centred' | 'sheet';
  children: ReactNode;
}) {
  const sheet = variant === 'sheet';
  // Radix gives the focus back to a Dialog.Trigger; ours open from any button (a lesson, a
  // row's action), so the dialog remembers what had the focus and returns it there.
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current instanceof HTMLElement && opener.current.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className={cn(
            sheet
              ? 'fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-2rem)] flex-col rounded-t-xl border-t border-border bg-card text-foreground shadow-xl'
              : 'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,95vw)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg border border-border bg-card p-4 text-foreground shadow-xl',
            className,
          )}
        >
          <div
            className={cn(
              'flex items-start justify-between gap-4',
              sheet && 'border-b border-border px-4 py-3',
            )}
          >
            <DialogPrimitive.Title className="m-0 text-xl font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-md p-1 text-muted-foreground hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close dialog"
            >
              <X aria-hidden className="size-5" />
            </DialogPrimitive.Close>
          </div>
          {description && (
            <DialogPrimitive.Description className={cn('text-muted-foreground', sheet && 'px-4')}>
              {description}
            </DialogPrimitive.Description>
          )}
          {sheet ? (
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4">
              {/* The space below is the content's, not the scroller's padding, so that sticky
                  buttons rest on the scroller's very edge. */}
              <div className="pb-4">{children}</div>
            </div>
          ) : (
            children
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
