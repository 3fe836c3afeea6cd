'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Empty, QueryState, useErrorToast } from './components/ui';
import { useTRPC } from './trpc';

/** How often the unread count is asked for (and on every return to the tab). */
const POLL_MS = 60_000;

/**
 * The notification bell of the top bar: the unread count, polled (docs/decisions.md), and a
 * panel of the latest notices; opening one marks it read and follows its link.
 */
export function NotificationBell() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const unread = useQuery({
    ...trpc.notifications.unreadCount.queryOptions({}),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const latest = useQuery({
    ...trpc.notifications.list.queryOptions({ per_page: 8 }),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const read = useMutation(trpc.notifications.read.mutationOptions({ onError: showError }));
  const readAll = useMutation(
    trpc.notifications.readAll.mutationOptions({ onSuccess: refresh, onError: showError }),
  );
  // A click outside or Escape closes the panel.
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !box.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const count = unread.data?.data.count ?? 0;
  return (
    <div className="relative inline-block" ref={box}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-inherit"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        onClick={() => setOpen((value) => !value)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span className="rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground">
            {count}
          </span>
        )}
      </Button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute right-0 z-20 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-3 text-foreground shadow-lg"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="m-0 text-base font-semibold">Notifications</h2>
            {count > 0 && (
              <Button
                type="button"
                variant="link"
                size="sm"
                disabled={readAll.isPending}
                onClick={() => readAll.mutate({})}
              >
                Mark all read
              </Button>
            )}
          </div>
          <QueryState what="notifications" query={latest} />
          {latest.data?.data.length === 0 && <Empty>Nothing new: you are up to date.</Empty>}
          <ul className="m-0 list-none p-0">
            {latest.data?.data.map((notice) => (
              <li key={notice.id} className="border-t border-border py-2">
                <button
                  type="button"
                  className="w-full cursor-pointer bg-transparent p-0 text-left text-foreground"
                  onClick={() =>
                    read.mutate(
                      { id: notice.id },
                      {
                        onSuccess: async () => {
                          await refresh();
                          setOpen(false);
                          if (notice.link) router.push(notice.link);
                        },
                      },
                    )
                  }
                >
                  <span className={notice.read_at ? 'font-normal' : 'font-semibold'}>
                    {notice.read_at ? '' : '● '}
                    {notice.title}
                  </span>
                  <span className="block text-sm text-muted-foreground">{notice.body}</span>
                </button>
              </li>
            ))}
          </ul>
          <Link
            href="/profile"
            className="mt-2 block text-sm text-primary"
            onClick={() => setOpen(false)}
          >
            Choose your notifications
          </Link>
        </section>
      )}
    </div>
  );
}
