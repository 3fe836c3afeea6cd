import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { classes, memberships, organizations, users, waitlistEntries } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { hashLinkToken, newLinkToken, randomCrockford } from '../kernel/link-tokens';
import { isUuid } from '../kernel/validation';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { wakeOutboxWorker } from '../mail/worker';
import { notify } from '../notifications/notify';
import { DAY_NAMES } from '../kernel/fields/day-names';
import { MAX_WAITING_PER_EMAIL, type RegistrationFields } from './entry-schema';

/** An active school by its id; anything else (unknown, suspended, a stud) is a 404. */
async function activeSchool(db: Database, schoolId: string) {
  const [school] = isUuid(schoolId)
    ? await db
        .select({
          id: organizations.id,
          name: organizations.name,
          waitlistOpen: organizations.waitlistOpen,
        })
        .from(organizations)
        .where(
          and(
            eq(organizations.id, schoolId),
            eq(organizations.type, 'school'),
            eq(organizations.status, 'active'),
          ),
        )
    : [];
  if (!school) throw notFound('School');
  return school;
}

/** GET /api/public/schools/{id}: the school, whether its list is open, its active classes. */
export async function publicSchool(db: Database, schoolId: string) {
  const school = await activeSchool(db, schoolId);
  const active = await db
    .select({
      id: classes.id,
      name: classes.name,
      type: classes.type,
      level: classes.level,
      discipline: classes.discipline,
    })
    .from(classes)
    .where(and(eq(classes.schoolId, school.id), eq(classes.status, 'active')))
    .orderBy(classes.name, classes.id);
  return { id: school.id, name: school.name, waitlist_open: school.waitlistOpen, classes: active };
}

/** What the confirmation says of the preferences, in words. */
function preferencesText(input: RegistrationFields, className: string | null): string | null {
  const p = input.preferences;
  const parts = [
    className,
    p?.discipline,
    p?.level,
    p?.days_of_week?.length ? p.days_of_week.map((d) => DAY_NAMES[d]).join(', ') : null,
    p?.time_from || p?.time_to ? `${p?.time_from ?? '…'} to ${p?.time_to ?? '…'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * A public registration (DESIGN-MODULES A.4 rules 1 to 3), one transaction: the entry, the
 * confirmation to the registrant, and the notice (in-app, and the `waitlist-notification`
 * e-mail where allowed) to the school's owners and managers. The same rider registered again
 * by the same e-mail while waiting answers the same reference and sends nothing. Registrations
 * of one e-mail in one school are serialized, so the limit of five holds under concurrency.
 */
export async function register(
  db: Database,
  schoolId: string,
  input: RegistrationFields,
  appUrl: string,
  fallbackContact: string,
): Promise<{ reference: string; repeated: boolean }> {
  const school = await activeSchool(db, schoolId);
  if (!school.waitlistOpen) throw notFound('School');
  const email = input.registrant.email.toLowerCase();
  const outcome = await db.transaction(async (tx) => {
    let className: string | null = null;
    if (input.preferences?.class_id) {
      const [klass] = await tx
        .select({ name: classes.name })
        .from(classes)
        .where(
          and(
            eq(classes.schoolId, school.id),
            eq(classes.id, input.preferences.class_id),
            eq(classes.status, 'active'),
          ),
        );
      if (!klass) throw invalidField('preferences.class_id', 'The selected class is invalid.');
      className = klass.name;
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${school.id}:${email}`}))`,
    );
    const waiting = await queryRows<{ reference: string; same: boolean }>(
      tx,
      sql`select reference,
                 lower(rider_first_name) = lower(${input.rider.first_name})
                   and lower(rider_last_name) = lower(${input.rider.last_name}) as same
            from waitlist_entries
           where school_id = ${school.id} and lower(registrant_email) = ${email}
             and status = 'waiting'`,
    );
    const repeated = waiting.find((entry) => entry.same);
    if (repeated) return { reference: repeated.reference, repeated: true };
    if (waiting.length >= MAX_WAITING_PER_EMAIL)
      throw invalidField(
        'registrant.email',
        `An e-mail may hold at most ${MAX_WAITING_PER_EMAIL} waiting entries in a school.`,
      );
    const token = newLinkToken();
    const reference = `WL-${randomCrockford(6)}`;
    const p = input.preferences;
    await tx.insert(waitlistEntries).values({
      schoolId: school.id,
      reference,
      registrantName: input.registrant.name,
      registrantEmail: email,
      registrantPhone: input.registrant.phone ?? null,
      relationship: input.relationship,
      riderFirstName: input.rider.first_name,
      riderLastName: input.rider.last_name,
      riderBirthDate: input.rider.birth_date ?? null,
      riderLevel: input.rider.level ?? null,
      classId: p?.class_id ?? null,
      discipline: p?.discipline ?? null,
      level: p?.level ?? null,
      daysOfWeek: p?.days_of_week ?? [],
      timeFrom: p?.time_from ?? null,
      timeTo: p?.time_to ?? null,
      message: input.message ?? null,
      consentAt: sql`now()`,
      withdrawTokenHash: token.hash,
    });
    const [{ position }] = (await queryRows<{ position: number }>(
      tx,
      sql`select count(*)::int as position from waitlist_entries
           where school_id = ${school.id} and status = 'waiting'`,
    )) as [{ position: number }];
    const staff = await tx
      .select({ id: users.id, email: users.email, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, school.id),
          inArray(memberships.role, ['owner', 'manager']),
        ),
      )
      .orderBy(memberships.role, memberships.createdAt);
    const riderName = `${input.rider.first_name} ${input.rider.last_name}`;
    const waitlistName = className ?? 'Riding lessons';
    const confirmation = await renderEmail('waitlist-confirmation', {
      name: input.registrant.name,
      organizationName: school.name,
      waitlistName,
      position,
      contactEmail: staff.find((s) => s.role === 'owner' && s.email)?.email ?? fallbackContact,
      reference,
      riderName,
      preferences: preferencesText(input, className),
      withdrawUrl: `${appUrl}/waitlist/withdraw/${token.token}`,
    });
    await queueEmail(tx, confirmation, { to: email });
    const manageUrl = `${appUrl}/schools/${school.id}/waitlist`;
    await notify(
      tx,
      staff.map((s) => ({ userId: s.id })),
      'school.waitlist_new',
      {
        title: `${riderName} joined the waiting list`,
        body: `${input.registrant.name} registered ${riderName} (${reference}) for ${waitlistName}; position ${position}.`,
        link: `/schools/${school.id}/waitlist`,
        organizationId: school.id,
        data: { reference },
        email: await renderEmail('waitlist-notification', {
          organizationName: school.name,
          waitlistName,
          registrantName: input.registrant.name,
          registrantEmail: email,
          registrantPhone: input.registrant.phone ?? null,
          message: input.message ?? null,
          position,
          manageUrl,
        }),
      },
      appUrl,
    );
    return { reference, repeated: false };
  });
  if (!outcome.repeated) wakeOutboxWorker();
  return outcome;
}

/**
 * The withdraw link of the confirmation (A.4): an entry still in the school's hands becomes
 * withdrawn. An unknown token, or an entry already withdrawn, enrolled or declined, is a 404.
 */
export async function withdrawByToken(db: Database, token: string): Promise<void> {
  const [row] = await db
    .update(waitlistEntries)
    .set({ status: 'withdrawn', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(waitlistEntries.withdrawTokenHash, hashLinkToken(token)),
        inArray(waitlistEntries.status, ['waiting', 'contacted', 'offered']),
      ),
    )
    .returning({ id: waitlistEntries.id });
  if (!row) throw notFound('Waitlist entry');
}
