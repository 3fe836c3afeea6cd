import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { portalLinks, students } from '@/db/schema';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { ageOn, todayIn } from '../kernel/fields/calendar';
import type { User } from '../kernel/auth/users';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { wakeOutboxWorker } from '../mail/worker';
import { toPortalLink } from './link-queries';
import {
  MAX_LINKS_PER_STUDENT,
  SELF_ACCESS_AGE,
  type PortalAccessFields,
  type PortalLink,
} from './link-schema';

registerUniqueField(
  'portal_links_student_email_key',
  'email',
  'The email already has access to this student.',
);

/**
 * Invites an e-mail to follow a student in the portal (DESIGN-MODULES A.5). Always an
 * invitation, bound when that address signs in (verified), as memberships are: the answer
 * never tells whether the e-mail has an account. The student row is locked so that two
 * invitations cannot pass the limit of four together.
 */
export async function invitePortalUser(
  db: Database,
  school: School,
  studentId: string,
  input: PortalAccessFields,
  invitedBy: string,
  appUrl: string,
): Promise<PortalLink> {
  const email = input.email.toLowerCase();
  const link = await db.transaction(async (tx) => {
    const [student] = isUuid(studentId)
      ? await tx
          .select()
          .from(students)
          .where(and(eq(students.schoolId, school.id), eq(students.id, studentId)))
          .for('update')
      : [];
    if (!student) throw notFound('Student');
    if (student.anonymizedAt) throw conflict('The student is anonymized: nobody can follow them.');
    if (input.relationship === 'self') {
      const age = ageOn(student.birthDate, todayIn(school.timezone));
      if (age === null || age < SELF_ACCESS_AGE)
        throw invalidField(
          'relationship',
          `A rider has their own access from ${SELF_ACCESS_AGE} (with a birth date on record); invite a guardian instead.`,
        );
    }
    const [{ live }] = (await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(portalLinks)
      .where(
        and(
          eq(portalLinks.schoolId, school.id),
          eq(portalLinks.studentId, student.id),
          sql`${portalLinks.status} <> 'revoked'`,
        ),
      )) as [{ live: number }];
    if (live >= MAX_LINKS_PER_STUDENT)
      throw invalidField(
        'email',
        `A student has at most ${MAX_LINKS_PER_STUDENT} portal links; revoke one first.`,
      );
    const [row] = await tx
      .insert(portalLinks)
      .values({
        schoolId: school.id,
        studentId: student.id,
        email,
        relationship: input.relationship,
        invitedBy,
      })
      .returning();
    const message = await renderEmail('invitation', {
      organizationName: school.name,
      organizationKind: 'portal',
      role:
        input.relationship === 'self'
          ? 'rider'
          : `guardian of ${student.firstName} ${student.lastName}`,
      invitedEmail: email,
      signInUrl: `${appUrl}/signin`,
    });
    await queueEmail(tx, message, { to: email });
    return row!;
  });
  wakeOutboxWorker();
  return toPortalLink(link);
}

/** Staff revoke a link; it stays listed as revoked. Revoking twice is a 409. */
export async function revokePortalLink(
  db: Database,
  school: School,
  studentId: string,
  linkId: string,
): Promise<PortalLink> {
  const [row] =
    isUuid(studentId) && isUuid(linkId)
      ? await db
          .select({ status: portalLinks.status })
          .from(portalLinks)
          .where(
            and(
              eq(portalLinks.schoolId, school.id),
              eq(portalLinks.studentId, studentId),
              eq(portalLinks.id, linkId),
            ),
          )
      : [];
  if (!row) throw notFound('Portal link');
  if (row.status === 'revoked') throw conflict('The link is already revoked.');
  const [revoked] = await db
    .update(portalLinks)
    .set({ status: 'revoked', updatedAt: sql`now()` })
    .where(and(eq(portalLinks.schoolId, school.id), eq(portalLinks.id, linkId)))
    .returning();
  return toPortalLink(revoked!);
}

/**
 * Binds the links waiting for the user's e-mail, once it is verified (DESIGN 3): run on
 * each portal request, one statement, an index probe when nothing waits.
 */
export async function bindPortalLinks(db: Database, user: User): Promise<void> {
  if (!user.emailVerified || !user.email) return;
  await db
    .update(portalLinks)
    .set({ userId: user.id, status: 'active', updatedAt: sql`now()` })
    .where(
      and(
        eq(portalLinks.status, 'invited'),
        sql`lower(${portalLinks.email}) = lower(${user.email})`,
      ),
    );
}

/** The user leaves a link of theirs (DELETE /api/portal/links/{id}); another's is a 404. */
export async function leavePortalLink(db: Database, userId: string, linkId: string) {
  const [row] = isUuid(linkId)
    ? await db
        .update(portalLinks)
        .set({ status: 'revoked', updatedAt: sql`now()` })
        .where(
          and(
            eq(portalLinks.id, linkId),
            eq(portalLinks.userId, userId),
            eq(portalLinks.status, 'active'),
          ),
        )
        .returning({ id: portalLinks.id })
    : [];
  if (!row) throw notFound('Portal link');
}
