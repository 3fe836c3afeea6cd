import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  attendance,
  badges,
  birthFoals,
  births,
  breedingEvents,
  certificates,
  competitionResults,
  contractSigners,
  contractTemplates,
  horseIdentities,
  levelChanges,
  levels,
  medicalRecords,
  memberships,
  paymentAudit,
  payments,
  portalLinks,
  pregnancies,
  pregnancyChecks,
  schoolHorseMedia,
  semenBatches,
  semenShipments,
  studClients,
  studClientTags,
  studExpenses,
  studIncome,
  studPayments,
  studReceivables,
  studentBadges,
  studHorses,
  students,
  studReservations,
  studServices,
  studTags,
  studTasks,
  users,
  waitlistEntries,
} from '@/db/schema';
import { newCode } from '../kernel/link-tokens';
import { insertContract } from '../stud-contracts/contract-flow';
import { permissionTable, type OrganizationKind, type Role } from '../kernel/auth/permissions';
import { competitionFixtures } from './competition-fixtures';
import { storedPng } from './media-fixtures';
import type { ApiOperation } from './api-routes';
import { isIdName, type FieldValue } from './sample-input';
import type { TestApp } from './harness';
import { schoolFixtures } from './school-fixtures';

/** The kinds of record a school route can name by id. */
export type RecordKind =
  | 'student'
  | 'instructor'
  | 'class'
  | 'horse'
  | 'schedule'
  | 'enrollment'
  | 'attendance'
  | 'payment'
  | 'competition'
  | 'entry'
  | 'result'
  | 'competitionPayment'
  | 'member'
  | 'media'
  | 'identity'
  | 'level'
  | 'badge'
  | 'award'
  | 'certificate'
  | 'link'
  | 'waitlistEntry'
  | 'stallion'
  | 'medicalRecord'
  | 'service'
  | 'semenBatch'
  | 'client'
  | 'prospect'
  | 'tag'
  | 'task'
  | 'user'
  | 'mare'
  | 'reservation'
  | 'shipment'
  | 'breedingEvent'
  | 'pregnancy'
  | 'birth'
  | 'contractTemplate'
  | 'contract'
  | 'signer'
  | 'receivable'
  | 'income'
  | 'expense';

export type SeededSchool = { id: string; label: string; records: Record<RecordKind, string> };

/**
 * Kinds of platform record that any organization may name (DESIGN-MODULES 0.3: one horse
 * identity, linked by every school or stud that has the animal): another organization's id
 * of these is no leak, so the isolation suite does not expect it refused.
 */
export const SHARED_RECORD_KINDS: ReadonlySet<RecordKind> = new Set(['identity']);

/** The ids of the organization's own records, shared platform records left out. */
export function ownRecordIds(school: SeededSchool): string[] {
  return Object.entries(school.records)
    .filter(([kind]) => !SHARED_RECORD_KINDS.has(kind as RecordKind))
    .map(([, id]) => id);
}

/** An organization of any tenant kind, seeded for the security suites. */
export type SeededOrganization = SeededSchool & { kind: OrganizationKind };

/**
 * An organization of `kind` holding one record of every kind its routes name: a school as
 * `seedSchool`; a stud its members, a pending invitation, a file, and its herd and CRM records.
 * Reading a record kind that was not seeded throws, so a new stud route naming one fails
 * loudly here instead of testing nothing.
 */
export async function seedOrganization(
  app: TestApp,
  kind: OrganizationKind,
  label: string,
  members: Record<string, Role>,
): Promise<SeededOrganization> {
  if (kind === 'school') return { ...(await seedSchool(app, label, members)), kind };
  const id = await app.createSchool({ name: `${label} Stud`, type: kind, members });
  const [member] = await app.db
    .insert(memberships)
    .values({
      organizationId: id,
      invitedEmail: `guest@${label.toLowerCase()}.test`,
      role: 'viewer',
    })
    .returning();
  const file = await storedPng(app.db, id, `${label} document.png`);
  const seeded: Partial<Record<RecordKind, string>> = {
    member: member!.id,
    media: file.id,
    ...(await app.db.transaction((tx) => seedStudRecords(tx, id, `${label} Stud`, label))),
  };
  return { id, kind, label, records: strictRecords(kind, seeded) };
}

/**
 * A season of the stud's stallion: a client's mare foaled last season, booked again this
 * season (in progress), sent a frozen dose, inseminated and checking for a pregnancy.
 */
async function seedStudSeason(
  db: Database,
  id: string,
  label: string,
  of: { stallion: string; service: string; batch: string; client: string },
) {
  const [mareIdentity, foalIdentity] = await db
    .insert(horseIdentities)
    .values([
      { name: `${label} Mare`, sex: 'female' as const, birthYear: 2014 },
      { name: `${label} Foal`, sex: 'male' as const, birthDate: '2025-05-02', birthYear: 2025 },
    ])
    .returning({ id: horseIdentities.id });
  const [mare, foal] = await db
    .insert(studHorses)
    .values([
      {
        studId: id,
        horseIdentityId: mareIdentity!.id,
        ownership: 'client' as const,
        ownerClientId: of.client,
      },
      {
        studId: id,
        horseIdentityId: foalIdentity!.id,
        ownership: 'client' as const,
        ownerClientId: of.client,
      },
    ])
    .returning({ id: studHorses.id });
  const [reservation] = await db
    .insert(studReservations)
    .values({
      studId: id,
      serviceId: of.service,
      stallionId: of.stallion,
      season: '2026',
      mareId: mare!.id,
      clientId: of.client,
      status: 'in_progress',
      method: 'frozen_semen',
      delivery: 'shipped',
      studFee: '1200.00',
      bookingFee: '300.00',
      dosesIncluded: 1,
      guarantee: 'none',
      balanceDueOn: 'confirmation',
      confirmationDay: 45,
      substituteMareAllowed: false,
      requiresSignedContract: false,
      notes: `${label} booking`,
    })
    .returning({ id: studReservations.id });
  await db
    .update(semenBatches)
    .set({ dosesAvailable: sql`${semenBatches.dosesAvailable} - 1` })
    .where(and(eq(semenBatches.studId, id), eq(semenBatches.id, of.batch)));
  const [shipment] = await db
    .insert(semenShipments)
    .values({
      studId: id,
      reservationId: reservation!.id,
      type: 'frozen',
      doses: 1,
      batchId: of.batch,
      status: 'delivered',
      shippedOn: '2026-04-01',
      deliveredOn: '2026-04-02',
      destination: { name: `${label} farm` },
    })
    .returning({ id: semenShipments.id });
  const [event] = await db
    .insert(breedingEvents)
    .values({
      studId: id,
      reservationId: reservation!.id,
      mareId: mare!.id,
      stallionId: of.stallion,
      date: '2026-04-03',
      kind: 'insemination',
      semen: 'frozen',
      shipmentId: shipment!.id,
      dosesUsed: 1,
    })
    .returning({ id: breedingEvents.id });
  const [foaled, pregnancy] = await db
    .insert(pregnancies)
    .values([
      {
        studId: id,
        mareId: mare!.id,
        stallionId: of.stallion,
        baseDate: '2024-05-27',
        gestationDays: 340,
        dueDate: '2025-05-02',
        status: 'foaled' as const,
        endedOn: '2025-05-02',
      },
      {
        studId: id,
        mareId: mare!.id,
        stallionId: of.stallion,
        reservationId: reservation!.id,
        breedingEventId: event!.id,
        baseDate: '2026-04-03',
        gestationDays: 340,
        dueDate: '2027-03-09',
      },
    ])
    .returning({ id: pregnancies.id });
  await db.insert(pregnancyChecks).values({
    studId: id,
    pregnancyId: pregnancy!.id,
    date: '2026-04-18',
    method: 'ultrasound',
    result: 'inconclusive',
    vetName: `${label} Vet`,
  });
  const [birth] = await db
    .insert(births)
    .values({ studId: id, pregnancyId: foaled!.id, bornOn: '2025-05-02', outcome: 'live' })
    .returning({ id: births.id });
  await db.insert(birthFoals).values({
    studId: id,
    birthId: birth!.id,
    horseId: foal!.id,
    position: 1,
    standsAndNurses: true,
  });
  return {
    mare: mare!.id,
    reservation: reservation!.id,
    shipment: shipment!.id,
    breedingEvent: event!.id,
    pregnancy: pregnancy!.id,
    birth: birth!.id,
  };
}

/** The records by kind; reading a kind that was not seeded throws instead of testing nothing. */
function strictRecords(
  kind: OrganizationKind,
  seeded: Partial<Record<RecordKind, string>>,
): Record<RecordKind, string> {
  return new Proxy(seeded, {
    get(target, name: string) {
      const value = target[name as RecordKind];
      if (value === undefined) throw new Error(`No seeded ${kind} record of kind ${name}`);
      return value;
    },
  }) as Record<RecordKind, string>;
}

/** A stud's herd, breeding, CRM and contract records, one of each kind, linked as in real use. */
async function seedStudRecords(db: Database, id: string, name: string, label: string) {
  const domain = `${label.toLowerCase()}.test`;
  // A horse of the shared pedigree, which the stud's pedigree tools name, and the identity
  // of the stud's own stallion.
  const [identity, stallionIdentity] = await db
    .insert(horseIdentities)
    .values([
      { name: `${label} Sire`, sex: 'male' as const, birthYear: 2010 },
      { name: `${label} Stallion`, sex: 'male' as const, birthYear: 2010 },
    ])
    .returning({ id: horseIdentities.id });
  const [client, prospect] = await db
    .insert(studClients)
    .values([
      { studId: id, firstName: label, lastName: 'Client', email: `client@${domain}` },
      {
        studId: id,
        stage: 'prospect' as const,
        pipelineStatus: 'new' as const,
        firstName: label,
        lastName: 'Prospect',
        email: `prospect@${domain}`,
      },
    ])
    .returning({ id: studClients.id });
  const [horse] = await db
    .insert(studHorses)
    .values({ studId: id, horseIdentityId: stallionIdentity!.id, location: `${label} barn` })
    .returning({ id: studHorses.id });
  const [record] = await db
    .insert(medicalRecords)
    .values({
      studId: id,
      horseId: horse!.id,
      date: '2026-01-10',
      type: 'vaccination',
      title: `${label} flu`,
    })
    .returning({ id: medicalRecords.id });
  // The service's contract template, with every kind of placeholder.
  const [template] = await db
    .insert(contractTemplates)
    .values({
      studId: id,
      name: `${label} breeding terms`,
      kind: 'breeding',
      body: `# ${label} breeding contract\n\n{{stud}} and {{client}} agree to breed {{mare}} to {{stallion}} in {{season}}.\n\n{{terms}}\n\n{{fees}}\n\nSigned on {{today}}.`,
    })
    .returning({ id: contractTemplates.id });
  const [service] = await db
    .insert(studServices)
    .values({
      studId: id,
      stallionId: horse!.id,
      season: '2026',
      method: 'frozen_semen',
      delivery: 'shipped',
      studFee: '1200.00',
      bookingFee: '300.00',
      contractTemplateId: template!.id,
      notes: `${label} terms`,
    })
    .returning({ id: studServices.id });
  const [batch] = await db
    .insert(semenBatches)
    .values({
      studId: id,
      stallionId: horse!.id,
      collectedOn: '2026-01-15',
      strawsPerDose: 4,
      dosesTotal: 10,
      dosesAvailable: 10,
      storage: `${label} tank 1`,
    })
    .returning({ id: semenBatches.id });
  const [tag] = await db
    .insert(studTags)
    .values({ studId: id, name: `${label} VIP` })
    .returning({ id: studTags.id });
  await db.insert(studClientTags).values({ studId: id, clientId: client!.id, tagId: tag!.id });
  // A member who has signed in: what `default_assignee_id` names.
  const [user] = await db
    .insert(users)
    .values({
      issuer: 'seed',
      subject: `hand@${domain}`,
      email: `hand@${domain}`,
      displayName: `${label} Hand`,
    })
    .returning({ id: users.id });
  await db.insert(memberships).values({ organizationId: id, userId: user!.id, role: 'staff' });
  const [task] = await db
    .insert(studTasks)
    .values({
      studId: id,
      title: `${label} call`,
      clientId: client!.id,
      horseId: horse!.id,
      assignedTo: user!.id,
    })
    .returning({ id: studTasks.id });
  const season = await seedStudSeason(db, id, label, {
    stallion: horse!.id,
    service: service!.id,
    batch: batch!.id,
    client: client!.id,
  });
  // The booking's contract, drafted from the template and signed by the client.
  const contract = await insertContract(
    db,
    { id, name, timezone: 'UTC', currency: 'EUR' },
    {
      kind: 'breeding',
      title: `${label} breeding contract`,
      body: `${label} agrees: {{stud}}, {{client}}, {{mare}} to {{stallion}}.`,
      clientId: client!.id,
      reservationId: season.reservation,
      templateId: template!.id,
    },
    [{ name: `${label} Client`, email: `client@${domain}`, role: 'client', order: 1 }],
    { userId: user!.id, name: `${label} Hand`, email: `hand@${domain}`, ip: null, userAgent: null },
  );
  const [signer] = await db
    .select({ id: contractSigners.id })
    .from(contractSigners)
    .where(and(eq(contractSigners.studId, id), eq(contractSigners.contractId, contract.id)));
  const money = await seedStudMoney(db, id, label, {
    client: client!.id,
    reservation: season.reservation,
    horse: horse!.id,
  });
  return {
    ...season,
    ...money,
    contractTemplate: template!.id,
    contract: contract.id,
    signer: signer!.id,
    identity: identity!.id,
    horse: horse!.id,
    stallion: horse!.id,
    medicalRecord: record!.id,
    service: service!.id,
    semenBatch: batch!.id,
    client: client!.id,
    prospect: prospect!.id,
    tag: tag!.id,
    task: task!.id,
    user: user!.id,
  };
}

/**
 * A stud's money: the reservation's booking fee, partly paid by a payment with its income
 * entry, a manual income entry and an expense.
 */
async function seedStudMoney(
  db: Database,
  id: string,
  label: string,
  of: { client: string; reservation: string; horse: string },
) {
  const [receivable] = await db
    .insert(studReceivables)
    .values({
      studId: id,
      clientId: of.client,
      reservationId: of.reservation,
      kind: 'booking_fee',
      description: `${label} booking fee`,
      amount: '300.00',
      paidAmount: '100.00',
      status: 'partially_paid',
      dueDate: '2026-03-01',
      source: 'auto',
    })
    .returning({ id: studReceivables.id });
  const [payment] = await db
    .insert(studPayments)
    .values({
      studId: id,
      receivableId: receivable!.id,
      amount: '100.00',
      paidDate: '2026-03-02',
      paymentMethod: 'transfer',
      receiptNumber: `R-2026-${label}`,
    })
    .returning({ id: studPayments.id });
  const [, income] = await db
    .insert(studIncome)
    .values([
      {
        studId: id,
        date: '2026-03-02',
        category: 'stud_fees' as const,
        amount: '100.00',
        description: `${label} booking fee`,
        clientId: of.client,
        horseId: of.horse,
        paymentId: payment!.id,
      },
      { studId: id, date: '2026-04-10', category: 'prize_money' as const, amount: '250.00' },
    ])
    .returning({ id: studIncome.id });
  const [expense] = await db
    .insert(studExpenses)
    .values({
      studId: id,
      date: '2026-04-12',
      category: 'feed',
      amount: '480.50',
      supplier: `${label} feed store`,
      horseId: of.horse,
    })
    .returning({ id: studExpenses.id });
  return {
    receivable: receivable!.id,
    payment: payment!.id,
    income: income!.id,
    expense: expense!.id,
  };
}

/**
 * A school holding one record of every kind, linked as in real use (the enrollment's
 * student, class, schedule and horse; the entry's result and fee payment...). Every name
 * and e-mail contains `label`, so a response that mentions the school's data can be told.
 * `members` join with their roles; the `member` record is a further pending invitation.
 */
export async function seedSchool(
  app: TestApp,
  label: string,
  members: Record<string, Role>,
): Promise<SeededSchool> {
  const id = await app.createSchool({ name: `${label} School`, members });
  // One transaction: the suites seed for every route, and one commit is much cheaper.
  return app.db.transaction((tx) => seedRecords(tx, id, label));
}

async function seedRecords(db: Database, id: string, label: string): Promise<SeededSchool> {
  const school = schoolFixtures(() => db);
  const competitionsOf = competitionFixtures(() => db);
  const domain = `${label.toLowerCase()}.test`;
  const [member] = await db
    .insert(memberships)
    .values({ organizationId: id, invitedEmail: `guest@${domain}`, role: 'viewer' })
    .returning();
  const student = await school.student(id, {
    firstName: label,
    lastName: `${label}son`,
    email: `rider@${domain}`,
    documentNumber: `${label}-001`,
    birthDate: '2010-03-04',
  });
  const instructor = await school.instructor(id, {
    firstName: label,
    lastName: `${label}trainer`,
    email: `coach@${domain}`,
  });
  const klass = await school.class(id, { name: `${label} jumping`, priceType: 'monthly' });
  const [identity] = await db
    .insert(horseIdentities)
    .values({ name: `${label} horse`, sex: 'male', birthYear: 2008, createdByOrgId: id })
    .returning();
  const horse = await school.horse(id, { name: `${label} horse`, horseIdentityId: identity!.id });
  const photo = await storedPng(db, id, `${label} horse.png`);
  await db.insert(schoolHorseMedia).values({ schoolId: id, horseId: horse.id, mediaId: photo.id });
  const schedule = await school.schedule(id, {
    classId: klass.id,
    instructorId: instructor.id,
    location: `${label} arena`,
  });
  const enrollment = await school.enrollment(id, {
    studentId: student.id,
    classId: klass.id,
    scheduleId: schedule.id,
    horseId: horse.id,
  });
  const [attended] = await db
    .insert(attendance)
    .values({
      schoolId: id,
      scheduleId: schedule.id,
      enrollmentId: enrollment.id,
      studentId: student.id,
      horseId: horse.id,
      date: '2026-01-05',
      status: 'present',
      notes: `${label} rode well`,
    })
    .returning();
  const [payment] = await db
    .insert(payments)
    .values({
      schoolId: id,
      studentId: student.id,
      enrollmentId: enrollment.id,
      classId: klass.id,
      concept: 'tuition',
      description: `${label} tuition`,
      amount: '80.00',
      currency: 'EUR',
      dueDate: '2026-01-10',
      period: '2026-01',
    })
    .returning();
  await db.insert(paymentAudit).values({
    schoolId: id,
    paymentId: payment!.id,
    action: 'create',
    after: { description: payment!.description },
  });
  const category = `${label} juniors`; // as `fieldValue` names it
  const fee = {
    concept: 'inscription',
    name: `${label} fee`,
    amount: 25,
    is_required: true,
    applies_to: 'entry',
    description: null,
  } as const;
  const competition = await competitionsOf.competition(id, {
    name: `${label} Cup`,
    location: `${label} grounds`,
    date: '2027-05-10',
    categories: [category],
    fees: [fee],
  });
  const entry = await competitionsOf.entry(id, {
    competitionId: competition.id,
    studentId: student.id,
    horseId: horse.id,
    category,
    orderNumber: 1,
    notes: `${label} entry`,
  });
  const [result] = await db
    .insert(competitionResults)
    .values({
      schoolId: id,
      competitionId: competition.id,
      entryId: entry.id,
      studentId: student.id,
      horseId: horse.id,
      category,
      ribbon: 'blue',
      position: 1,
      notes: `${label} result`,
    })
    .returning();
  const competitionPayment = await competitionsOf.payment(id, {
    competitionId: competition.id,
    studentId: student.id,
    entryId: entry.id,
    conceptDetail: fee.name,
    feeAppliesTo: 'entry',
    feeKey: `${fee.concept}:${fee.name}`,
    dueDate: competition.date,
  });
  const [level] = await db
    .insert(levels)
    .values({ schoolId: id, name: `${label} level`, position: 1, baseLevel: 'beginner' })
    .returning();
  await db.insert(levelChanges).values({
    schoolId: id,
    studentId: student.id,
    levelId: level!.id,
    achievedOn: '2026-01-12',
    notes: `${label} moved up`,
  });
  await db
    .update(students)
    .set({ currentLevelId: level!.id })
    .where(and(eq(students.schoolId, id), eq(students.id, student.id)));
  const [badge] = await db
    .insert(badges)
    .values({ schoolId: id, name: `${label} badge`, criteria: `${label} criteria` })
    .returning();
  const [award] = await db
    .insert(studentBadges)
    .values({
      schoolId: id,
      studentId: student.id,
      badgeId: badge!.id,
      awardedOn: '2026-01-12',
      source: 'manual',
      notes: `${label} award`,
    })
    .returning();
  const [certificate] = await db
    .insert(certificates)
    .values({
      schoolId: id,
      studentId: student.id,
      code: newCode(),
      title: `${label} certificate`,
      kind: 'level',
      levelId: level!.id,
      issuedOn: '2026-01-12',
      holderName: `${label} ${label}son`,
    })
    .returning();
  const [link] = await db
    .insert(portalLinks)
    .values({
      schoolId: id,
      studentId: student.id,
      email: `parent@${domain}`,
      relationship: 'guardian',
    })
    .returning();
  const [waitlistEntry] = await db
    .insert(waitlistEntries)
    .values({
      schoolId: id,
      reference: `WL-${label.slice(0, 6).toUpperCase()}`,
      registrantName: `${label} parent`,
      registrantEmail: `parent@${domain}`,
      relationship: 'parent',
      riderFirstName: label,
      riderLastName: `${label}kid`,
      consentAt: new Date(),
      withdrawTokenHash: `${label}-token`,
      staffNotes: `${label} waitlist note`,
    })
    .returning();
  return {
    id,
    label,
    records: strictRecords('school', {
      student: student.id,
      instructor: instructor.id,
      class: klass.id,
      horse: horse.id,
      schedule: schedule.id,
      enrollment: enrollment.id,
      attendance: attended!.id,
      payment: payment!.id,
      competition: competition.id,
      entry: entry.id,
      result: result!.id,
      competitionPayment: competitionPayment.id,
      member: member!.id,
      media: photo.id,
      identity: identity!.id,
      level: level!.id,
      badge: badge!.id,
      award: award!.id,
      certificate: certificate!.id,
      link: link!.id,
      waitlistEntry: waitlistEntry!.id,
    }),
  };
}

/** The record a path parameter (`studentId`, `paymentId` under a competition) names. */
export function pathParamKind(op: ApiOperation, param: string): RecordKind {
  const base = param.replace(/Id$/, '');
  if (base === 'template') return 'contractTemplate';
  if (base === 'payment' && op.path.includes('/competitions/')) return 'competitionPayment';
  if (base === 'entry' && op.path.includes('/waitlist/')) return 'waitlistEntry';
  return recordKind(base, `${op.path} {${param}}`);
}

/** The record a body or query field (`student_id`, `entry_ids`) names. */
export function fieldKind(op: ApiOperation, field: string): RecordKind {
  const base = field.replace(/_ids?$/, '');
  // The only subject a school's media take so far (DESIGN-MODULES 0.4).
  if (base === 'subject') return 'horse';
  if (base === 'horse_identity' || base === 'sire' || base === 'dam') return 'identity';
  if (base === 'owner_client') return 'client';
  if (base === 'default_assignee') return 'user';
  if (base === 'batch') return 'semenBatch';
  if (base === 'return_of') return 'reservation';
  if (base === 'breeding_event') return 'breedingEvent';
  if (base === 'template' || base === 'contract_template') return 'contractTemplate';
  if (base === 'payment' && op.path.includes('/competitions/')) return 'competitionPayment';
  return recordKind(base, `${op.method} ${op.path} ${field}`);
}

const KINDS: readonly string[] = [
  'student',
  'instructor',
  'class',
  'horse',
  'schedule',
  'enrollment',
  'attendance',
  'payment',
  'competition',
  'entry',
  'result',
  'competitionPayment',
  'member',
  'media',
  'identity',
  'level',
  'badge',
  'award',
  'certificate',
  'link',
  'waitlistEntry',
  'stallion',
  'medicalRecord',
  'service',
  'semenBatch',
  'client',
  'prospect',
  'tag',
  'task',
  'user',
  'mare',
  'reservation',
  'shipment',
  'breedingEvent',
  'pregnancy',
  'birth',
  'contractTemplate',
  'contract',
  'signer',
  'receivable',
  'income',
  'expense',
];

function recordKind(base: string, where: string): RecordKind {
  // A new kind of id must get a seeded record, or the suites would not test it.
  if (!KINDS.includes(base)) throw new Error(`No seeded record kind for ${where}`);
  return base as RecordKind;
}

/**
 * What a field of `op` should hold in `school`: the school's record for an id, and values
 * that rules ask for beyond the schema (an end after the sampled start, the seeded
 * competition's category).
 */
export function fieldValue(op: ApiOperation, school: SeededSchool): FieldValue {
  const known = new Map([
    ['end_time', '11:00'],
    ['category', `${school.label} juniors`],
  ]);
  return (name) => (isIdName(name) ? school.records[fieldKind(op, name)] : known.get(name));
}

/**
 * `/api/...` for `op` in the organization `organizationId` (its tenant kind's parameter),
 * each other path parameter given by `idFor`.
 */
export function schoolPath(
  op: ApiOperation,
  organizationId: string,
  idFor: (param: string) => string,
): string {
  const tenantParam = op.tenant ? permissionTable(op.tenant).tenant.param : 'schoolId';
  return `/api${op.path.replace(/\{(\w+)\}/g, (_, param: string) => (param === tenantParam ? organizationId : idFor(param)))}`;
}

let tenantTables: { table_name: string; column_name: string }[] | undefined;

/** Every row of the organization's tenant tables, the organization and memberships, as text. */
export async function schoolRows(app: TestApp, schoolId: string): Promise<string[]> {
  tenantTables ??= await queryRows<{ table_name: string; column_name: string }>(
    app.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('school_id', 'stud_id')
        order by table_name`,
  );
  const reads = [
    ...tenantTables.map(
      ({ table_name: table, column_name: column }) =>
        sql`select ${table}::text || ' ' || row_to_json(t)::text as row
              from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${schoolId}`,
    ),
    sql`select 'organizations ' || row_to_json(t)::text as row from organizations t where id = ${schoolId}`,
    sql`select 'memberships ' || row_to_json(t)::text as row from memberships t where organization_id = ${schoolId}`,
  ];
  const rows = await queryRows<{ row: string }>(
    app.db,
    sql`${sql.join(reads, sql` union all `)} order by 1`,
  );
  return rows.map((r) => r.row);
}
