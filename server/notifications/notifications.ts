import { z } from 'zod';
import { authedProcedure, router } from '../kernel/trpc/init';
import { deleteNotification, markAllRead, markRead } from './notification-lifecycle';
import { countUnread, listNotifications } from './notification-queries';
import {
  notificationIdInput,
  notificationListInput,
  notificationPage,
  notificationSchema,
} from './notification-schema';

const tags = ['Notifications'];

/** The signed-in user's own notifications (DESIGN-MODULES D): nobody reads another's. */
export const notificationsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        tags,
        summary: 'Your notifications, newest first, with the unread count',
      },
    })
    .input(notificationListInput)
    .output(notificationPage)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.caller.user.id, input, ctx.url)),

  unreadCount: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/unread-count',
        tags,
        summary: 'How many of your notifications are unread (polled by the web app)',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.object({ count: z.number().int() }) }))
    .query(async ({ ctx }) => ({ data: { count: await countUnread(ctx.db, ctx.caller.user.id) } })),

  readAll: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/read-all',
        tags,
        summary: 'Mark every notification of yours read',
      },
    })
    .input(z.object({}))
    .output(z.object({ message: z.string(), data: z.object({ updated: z.number().int() }) }))
    .mutation(async ({ ctx }) => {
      const updated = await markAllRead(ctx.db, ctx.caller.user.id);
      return { message: 'Every notification is read.', data: { updated } };
    }),

  read: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/{id}/read',
        tags,
        summary: 'Mark one notification read',
      },
    })
    .input(notificationIdInput)
    .output(z.object({ data: notificationSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await markRead(ctx.db, ctx.caller.user.id, input.id),
    })),

  remove: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/notifications/{id}',
        tags,
        summary: 'Delete one notification',
      },
    })
    .input(notificationIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteNotification(ctx.db, ctx.caller.user.id, input.id);
      return { message: 'Notification deleted.' };
    }),
});
