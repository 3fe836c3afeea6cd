import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { NotificationType } from '@/db/schema/notification-values';
import { notify } from '../notifications/notify';

/*
 * The notices of a rider's progress to the people who follow them through the portal
 * (DESIGN-MODULES A.5 rule 5): a level change, a badge, a certificate, in-app by default
 * (`portal.*`, e-mail off unless the user turns it on).
 */

export type ProgressNotice = {
  studentId: string;
  type: Extract<NotificationType, `portal.${string}`>;
  title: string;
  body: string;
  data: Record<string, string>;
};

/**
 * Sends each notice to the users with an active portal link to its student, in the
 * caller's transaction: one read of the links for every student, then one `notify` per
 * notice that has anyone to tell. Each notice opens the rider's portal page; the e-mail,
 * sent also from background jobs, which know no app URL, carries no button.
 */
export async function noticeFollowers(
  tx: Database,
  schoolId: string,
  notices: readonly ProgressNotice[],
): Promise<void> {
  if (notices.length === 0) return;
  const links = await queryRows<{ student_id: string; user_id: string }>(
    tx,
    sql`select student_id, user_id from portal_links
         where school_id = ${schoolId} and status = 'active'
           and student_id = any(${sql.param([...new Set(notices.map((n) => n.studentId))])}::uuid[])`,
  );
  for (const notice of notices) {
    const recipients = links
      .filter((link) => link.student_id === notice.studentId)
      .map((link) => ({ userId: link.user_id }));
    if (recipients.length === 0) continue;
    await notify(tx, recipients, notice.type, {
      title: notice.title,
      body: notice.body,
      link: `/portal/students/${notice.studentId}`,
      organizationId: schoolId,
      data: { student_id: notice.studentId, ...notice.data },
    });
  }
}
