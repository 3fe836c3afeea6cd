import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { NOTIFICATION_TYPES, type NotificationType } from '@/db/schema/notification-values';
import { notifications } from '@/db/schema/notifications';
import { queueEachEmail } from '../mail/outbox';
import { renderEmail, type RenderedEmail } from '../mail/render';

/** Who a notice is for: a user (by id), or a person with no account (by e-mail). */
export type Recipient = { userId: string } | { email: string };

export type NoticePayload = {
  title: string;
  body: string;
  /** A path of the web app; the e-mail's button opens it under `appUrl`. */
  link?: string | null;
  organizationId?: string | null;
  /** The ids the notice is about. */
  data?: Record<string, string>;
  /** The label of the e-mail's button (default "Open"). */
  action?: string;
  /** An e-mail of its own kind that stands for the generic `notice` (spec 6's kinds). */
  email?: RenderedEmail;
  /** A notice meant for the app alone (an e-mail would be noise): no e-mail whatever the choice. */
  inAppOnly?: true;
};

/** One notice of a batch: whom it goes to and what it says. */
export type Notice = { recipients: readonly Recipient[]; payload: NoticePayload };

/**
 * One event, one decision over both channels (DESIGN-MODULES 0.5): writes the in-app rows and
 * queues the `notice` e-mails in the caller's transaction, per each user's preferences (their
 * choice, else the type's default; in-app stays on for the locked types). People without an
 * account get the e-mail regardless. `appUrl` makes the e-mail's link absolute; a caller
 * without one (a background job) sends its e-mail without the button.
 */
export async function notify(
  tx: Database,
  recipients: readonly Recipient[],
  type: NotificationType,
  payload: NoticePayload,
  appUrl?: string,
): Promise<{ inApp: number; emails: number }> {
  return notifyEach(tx, type, [{ recipients, payload }], appUrl);
}

/**
 * `notify` for several notices of one type at once (each order's buyer, each sub-order's
 * seller), set-based whatever their number: one read of the users' choices, one insert of the
 * in-app rows, one of the e-mails.
 */
export async function notifyEach(
  tx: Database,
  type: NotificationType,
  notices: readonly Notice[],
  appUrl?: string,
): Promise<{ inApp: number; emails: number }> {
  const spec: { email: boolean; inApp: boolean; inAppLocked?: true } = NOTIFICATION_TYPES[type];
  const userIds = [
    ...new Set(
      notices.flatMap((n) => n.recipients.flatMap((r) => ('userId' in r ? [r.userId] : []))),
    ),
  ];
  const choices =
    userIds.length === 0
      ? []
      : await queryRows<{ id: string; email: string | null; by_email: boolean; in_app: boolean }>(
          tx,
          sql`select u.id, u.email,
                     coalesce(p.email, ${spec.email}) as by_email,
                     ${spec.inAppLocked === true} or coalesce(p.in_app, ${spec.inApp}) as in_app
              from users u
              left join notification_preferences p on p.user_id = u.id and p.type = ${type}
              where u.id = any(${sql.param(userIds)}::uuid[]) and u.status = 'active'`,
        );
  const byId = new Map(choices.map((c) => [c.id, c]));
  const rows: (typeof notifications.$inferInsert)[] = [];
  const emails: { email: RenderedEmail; to: string }[] = [];
  for (const { recipients, payload } of notices) {
    const users = [
      ...new Set(recipients.flatMap((r) => ('userId' in r ? [r.userId] : []))),
    ].flatMap((userId) => byId.get(userId) ?? []);
    const outsiders = [...new Set(recipients.flatMap((r) => ('email' in r ? [r.email] : [])))];
    for (const user of users.filter((c) => c.in_app))
      rows.push({
        userId: user.id,
        organizationId: payload.organizationId ?? null,
        type,
        title: payload.title,
        body: payload.body,
        link: payload.link ?? null,
        data: payload.data ?? {},
      });
    const to = payload.inAppOnly
      ? []
      : [...users.flatMap((c) => (c.by_email && c.email ? [c.email] : [])), ...outsiders];
    if (to.length === 0) continue;
    const email =
      payload.email ??
      (await renderEmail('notice', {
        title: payload.title,
        text: payload.body,
        buttonLabel: payload.link && appUrl ? (payload.action ?? 'Open') : null,
        buttonUrl: payload.link && appUrl ? new URL(payload.link, appUrl).toString() : null,
      }));
    emails.push(...to.map((address) => ({ email, to: address })));
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  await queueEachEmail(tx, emails);
  return { inApp: rows.length, emails: emails.length };
}
