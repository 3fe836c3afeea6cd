import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { badges, certificates, competitions, levels, students } from '@/db/schema';
import { conflict, invalidField, notFound, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { newCode } from '../kernel/link-tokens';
import { referenceInSchool } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getCertificate } from './certificate-queries';
import type { Certificate, CertificateFields } from './certificate-schema';
import { noticeFollowers } from './notices';

/**
 * Issues a certificate (DESIGN-MODULES A.3) to a student who is not anonymized, in the
 * holder's name of today, with a new unguessable code. It is never edited afterwards.
 */
export async function issueCertificate(
  db: Database,
  school: School,
  input: CertificateFields,
  issuedBy: string,
  appUrl: string,
): Promise<Certificate> {
  const today = todayIn(school.timezone);
  const issuedOn = input.issued_on ?? today;
  const errors: Record<string, string[]> = {};
  if (issuedOn > today)
    errors.issued_on = ['The issued on field must be a date before or equal to today.'];
  if (input.valid_until && input.valid_until < issuedOn)
    errors.valid_until = ['The valid until field must be a date after or equal to issued on.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const student = await referenceInSchool(db, students, school.id, input.student_id, 'student_id');
  if (student.anonymizedAt)
    throw invalidField('student_id', 'The selected student is anonymized and cannot be certified.');
  if (input.level_id) await referenceInSchool(db, levels, school.id, input.level_id, 'level_id');
  if (input.badge_id) await referenceInSchool(db, badges, school.id, input.badge_id, 'badge_id');
  if (input.competition_id)
    await referenceInSchool(db, competitions, school.id, input.competition_id, 'competition_id');

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(certificates)
      .values({
        schoolId: school.id,
        studentId: student.id,
        code: newCode(),
        title: input.title,
        kind: input.kind,
        levelId: input.level_id ?? null,
        badgeId: input.badge_id ?? null,
        competitionId: input.competition_id ?? null,
        description: input.description,
        issuedOn,
        validUntil: input.valid_until ?? null,
        signedByName: input.signed_by_name,
        holderName: `${student.firstName} ${student.lastName}`,
        issuedBy,
      })
      .returning({ id: certificates.id, code: certificates.code });
    await noticeFollowers(tx, school.id, [
      {
        studentId: student.id,
        type: 'portal.certificate_issued',
        title: `${student.firstName} received a certificate`,
        body: `${school.name}: ${input.title}, issued on ${issuedOn}. Anyone can check it with the code ${row!.code}.`,
        data: { certificate_id: row!.id },
      },
    ]);
    return row!.id;
  });
  return getCertificate(db, school, id, appUrl);
}

/** A mistake is revoked, with its reason, and reissued: a code never changes meaning. */
export async function revokeCertificate(
  db: Database,
  school: School,
  certificateId: string,
  reason: string,
  appUrl: string,
): Promise<Certificate> {
  const [row] = isUuid(certificateId)
    ? await db
        .select({ id: certificates.id, status: certificates.status })
        .from(certificates)
        .where(and(eq(certificates.schoolId, school.id), eq(certificates.id, certificateId)))
    : [];
  if (!row) throw notFound('Certificate');
  const [revoked] = await db
    .update(certificates)
    .set({ status: 'revoked', revokedAt: sql`now()`, revokeReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(certificates.schoolId, school.id),
        eq(certificates.id, row.id),
        eq(certificates.status, 'valid'),
      ),
    )
    .returning({ id: certificates.id });
  if (!revoked) throw conflict('The certificate is already revoked.');
  return getCertificate(db, school, row.id, appUrl);
}

/**
 * What anonymizing a student erases of their progression: the holder's name on their
 * certificates becomes initials (what the public verification then shows), and the staff's
 * notes on their level changes and awards go, and their portal links are revoked (A.5).
 */
export async function anonymizeProgression(
  tx: Database,
  schoolId: string,
  studentId: string,
): Promise<void> {
  await tx.execute(sql`
    with certified as (
      update certificates set holder_name = (
               select coalesce(string_agg(left(word, 1) || '.', ' '), '')
                 from regexp_split_to_table(holder_name, '\\s+') as word where word <> ''),
             updated_at = now()
       where school_id = ${schoolId} and student_id = ${studentId}
    ), links as (
      update portal_links set status = 'revoked', updated_at = now()
       where school_id = ${schoolId} and student_id = ${studentId} and status <> 'revoked'
    ), changes as (
      update level_changes set notes = null
       where school_id = ${schoolId} and student_id = ${studentId} and notes is not null
    )
    update student_badges set notes = null
     where school_id = ${schoolId} and student_id = ${studentId} and notes is not null`);
}
