'use client';

import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/*
 * Toasts. Each toast is its own live region, `status` for news and `alert` for errors, so
 * that a screen reader hears it once and a test finds it by role and text; Radix Toast and
 * sonner announce through one shared region instead, which would read errors politely. The
 * container is itself a polite live region so that an open dialog, which hides the rest of the
 * page from assistive technology, leaves it alone (the `aria-hidden` package skips live regions).
 */

type Toast = { id: number; kind: 'success' | 'error'; message: string };
const ToastContext = createContext<(kind: Toast['kind'], message: string) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback(
    (id: number) => setToasts((current) => current.filter((t) => t.id !== id)),
    [],
  );
  const push = useCallback(
    (kind: Toast['kind'], message: string) => {
      const id = ++next.current;
      setToasts((current) => [...current, { id, kind, message }]);
      // Errors stay longer: they usually need reading.
      setTimeout(() => dismiss(id), kind === 'error' ? 8000 : 4000);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div
        aria-live="polite"
        className="toasts pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-end gap-2 print:hidden"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex max-w-md items-center gap-3 rounded-md px-4 py-2.5 shadow-lg',
              toast.kind === 'error'
                ? 'bg-destructive text-destructive-foreground'
                : 'bg-success text-success-foreground',
            )}
          >
            {toast.message}
            <button
              type="button"
              aria-label="Dismiss"
              className="cursor-pointer rounded p-0.5 focus-visible:outline-2 focus-visible:outline-current"
              onClick={() => dismiss(toast.id)}
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
