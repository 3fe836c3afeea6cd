import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  competitionEntries,
  competitionResults,
  contractTemplates,
  horseIdentities,
  births,
  breedingEvents,
  medicalRecords,
  payments,
  pregnancies,
  semenBatches,
  semenShipments,
  studClients,
  studExpenses,
  studHorses,
  studIncome,
  studPayments,
  studReceivables,
  studReservations,
  studServices,
  studTags,
  studTasks,
} from '@/db/schema';
import { insertContract, sendContract } from '../stud-contracts/contract-flow';
import { organizationOperations, type ApiOperation } from '../test/api-routes';
import { useTestApp, type TestResponse } from '../test/harness';
import { pdf, png } from '../test/media-fixtures';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const fixtures = schoolFixtures(() => app.db);

const OWNER = 'owner@mass.test';
/** A Monday in the past: attendance may be recorded for it (schedules below are on Mondays). */
const PAST_MONDAY = '2026-11-16';

/** Fields that only the server sets, with values it must never take from a client. */
const BOGUS_ID = '0badc0de-0000-4000-8000-000000000001';
const BOGUS_TIME = '2001-02-03T04:05:06.000Z';
const forbiddenFields = (otherSchoolId: string) => ({
  id: BOGUS_ID,
  school_id: otherSchoolId,
  stud_id: otherSchoolId,
  created_at: BOGUS_TIME,
  updated_at: BOGUS_TIME,
});

function expectSuccess(res: TestResponse, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
}

/**
 * A school whose records are made on demand: each test builds what its route needs (the
 * database is emptied after each test), beside another school that a client might name.
 */
async function schoolWorld() {
  const schoolId = await app.createSchool({ members: { [OWNER]: 'owner' } });
  const studId = await app.createSchool({
    name: 'A Stud',
    type: 'stud',
    members: { [OWNER]: 'owner' },
  });
  const otherSchoolId = await app.createSchool({ name: 'Other School' });
  // Verified, as a stud signer who signs in the app must be.
  const token = await app.tokenFor(OWNER, { email_verified: true });
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const api = async (method: string, path: string, body: unknown = {}) => {
    const res = await app.request(method, `/api/schools/${schoolId}${path}`, { token, body });
    expectSuccess(res, `${method} ${path}`);
    return res.body.data as { id: string } & Record<string, any>;
  };
  const student = once(() =>
    fixtures.student(schoolId, { birthDate: '2012-05-01', email: 'ana@family.test' }),
  );
  const instructor = once(() => fixtures.instructor(schoolId));
  const klass = once(() => fixtures.class(schoolId, { priceType: 'monthly' }));
  const horse = once(() => fixtures.horse(schoolId));
  const schedule = once(async () =>
    fixtures.schedule(schoolId, {
      classId: (await klass()).id,
      instructorId: (await instructor()).id,
      dayOfWeek: 1,
    }),
  );
  const enrollment = once(async () =>
    fixtures.enrollment(schoolId, {
      studentId: (await student()).id,
      classId: (await klass()).id,
      scheduleId: (await schedule()).id,
      startDate: '2026-01-01',
    }),
  );
  const payment = once(async () =>
    api('POST', '/payments', {
      student_id: (await student()).id,
      amount: 80,
      due_date: '2026-12-01',
    }),
  );
  const competition = once(() =>
    api('POST', '/competitions', {
      name: 'Spring Cup',
      date: '2030-05-04',
      categories: ['Junior', 'Senior'],
      fees: [{ concept: 'inscription', name: 'Entry', amount: 20 }],
    }),
  );
  const entry = once(async () =>
    api('POST', `/competitions/${(await competition()).id}/entries`, {
      student_id: (await student()).id,
      category: 'Junior',
    }),
  );
  const competitionPayment = once(async () =>
    api('POST', `/competitions/${(await competition()).id}/payments`, {
      student_id: (await student()).id,
      concept: 'other',
      amount: 15,
    }),
  );
  const result = once(async () =>
    api('POST', `/competitions/${(await competition()).id}/results`, {
      entry_id: (await entry()).id,
      ribbon: 'blue',
    }),
  );
  const member = once(() =>
    api('POST', '/members', { email: 'new.member@x.test', role: 'viewer' }),
  );
  const level = once(() => api('POST', '/levels', { name: 'Bronze', base_level: 'beginner' }));
  const badge = once(() => api('POST', '/badges', { name: 'Brave' }));
  const waitlistEntry = once(async () => {
    const res = await app.request('POST', `/api/public/schools/${schoolId}/waitlist`, {
      body: {
        registrant: { name: 'Emma Dubois', email: 'emma@family.test' },
        relationship: 'parent',
        rider: { first_name: 'Léa', last_name: 'Dubois' },
        consent: true,
      },
    });
    expectSuccess(res, 'POST /public/schools/{schoolId}/waitlist');
    const [row] = await queryRows<{ id: string }>(
      app.db,
      sql`select id from waitlist_entries where school_id = ${schoolId}`,
    );
    return row!;
  });
  const certificate = once(async () =>
    api('POST', '/certificates', {
      student_id: (await student()).id,
      title: 'Bronze rider',
      kind: 'level',
    }),
  );
  const studMember = once(async () => {
    const res = await app.request('POST', `/api/studs/${studId}/members`, {
      token,
      body: { email: 'stud.member@x.test', role: 'viewer' },
    });
    expectSuccess(res, 'POST /studs/{studId}/members');
    return res.body.data as { id: string };
  });
  const stud = studRecords(studId, once, OWNER);
  return {
    schoolId,
    studId,
    studMember,
    stud,
    otherSchoolId,
    token,
    api,
    student,
    instructor,
    klass,
    horse,
    schedule,
    enrollment,
    payment,
    competition,
    entry,
    result,
    competitionPayment,
    member,
    level,
    badge,
    certificate,
    waitlistEntry,
  };
}

/** The stud's herd, CRM and contract records, made on demand as the school's are. */
function studRecords(
  studId: string,
  once: <T>(make: () => Promise<T>) => () => Promise<T>,
  ownerEmail: string,
) {
  const insert = async <T extends PgTable>(table: T, values: Record<string, unknown>) => {
    const [row] = await app.db
      .insert(table)
      .values({ studId, ...values } as T['$inferInsert'])
      .returning();
    return row as { id: string };
  };
  const horse = once(async () => {
    const [identity] = await app.db
      .insert(horseIdentities)
      .values({ name: 'Stud Stallion', sex: 'male', birthYear: 2010 })
      .returning();
    return insert(studHorses, { horseIdentityId: identity!.id });
  });
  const client = once(() => insert(studClients, { firstName: 'Ann', lastName: 'Client' }));
  const semenBatch = once(async () =>
    insert(semenBatches, {
      stallionId: (await horse()).id,
      collectedOn: '2026-01-20',
      strawsPerDose: 4,
      dosesTotal: 10,
      dosesAvailable: 10,
    }),
  );
  const mare = once(async () => {
    const [identity] = await app.db
      .insert(horseIdentities)
      .values({ name: 'Stud Mare', sex: 'female', birthYear: 2014 })
      .returning();
    return insert(studHorses, { horseIdentityId: identity!.id });
  });
  /** The mare booked, confirmed, to the stallion's frozen semen shipped. */
  const reservation = once(async () => {
    const stallionId = (await horse()).id;
    const terms = {
      stallionId,
      season: '2026',
      method: 'frozen_semen',
      delivery: 'shipped',
      studFee: '1200.00',
    };
    const service = await insert(studServices, terms);
    return insert(studReservations, {
      ...terms,
      serviceId: service.id,
      mareId: (await mare()).id,
      status: 'confirmed',
      bookingFee: '0.00',
      dosesIncluded: 1,
      guarantee: 'none',
      balanceDueOn: 'confirmation',
      confirmationDay: 45,
      substituteMareAllowed: false,
      requiresSignedContract: false,
    });
  });
  /** The booked mare in foal (confirmed) since the autumn. */
  const pregnancy = once(async () =>
    insert(pregnancies, {
      mareId: (await mare()).id,
      stallionId: (await horse()).id,
      reservationId: (await reservation()).id,
      baseDate: '2025-10-20',
      gestationDays: 340,
      dueDate: '2026-09-25',
      status: 'confirmed',
    }),
  );
  const stud = { id: studId, name: 'A Stud', timezone: 'UTC', currency: 'EUR' };
  const actor = { userId: null, name: 'Owner', email: ownerEmail, ip: null, userAgent: null };
  /** A draft for the client, signed by the client and by the stud's owner. */
  const contract = once(async () => {
    // Outside the transaction: PGlite has one connection, which the transaction holds.
    const clientId = (await client()).id;
    return app.db.transaction((tx) =>
      insertContract(
        tx,
        stud,
        {
          kind: 'boarding',
          title: 'Boarding 2026',
          body: 'Between {{stud}} and {{client}}.',
          clientId,
        },
        [
          { name: 'Ann Client', email: 'ann@client.test', role: 'client', order: 1 },
          { name: 'Owner', email: ownerEmail, role: 'stud', order: 2 },
        ],
        actor,
      ),
    );
  });
  return {
    horse,
    client,
    contract,
    /** The draft sent: its signers have their links, its document its hash. */
    sentContract: once(async () => {
      const { id } = await contract();
      return app.db.transaction((tx) =>
        sendContract(tx, stud, id, undefined, actor, 'http://localhost:3000'),
      );
    }),
    contractTemplate: once(() =>
      insert(contractTemplates, {
        name: 'Breeding terms',
        kind: 'breeding',
        body: '{{stud}} breeds {{mare}} to {{stallion}} for {{client}}.',
      }),
    ),
    prospect: once(() =>
      insert(studClients, { stage: 'prospect', firstName: 'Pat', lastName: 'Prospect' }),
    ),
    tag: once(() => insert(studTags, { name: 'VIP' })),
    task: once(() => insert(studTasks, { title: 'Call the vet' })),
    medicalRecord: once(async () =>
      insert(medicalRecords, {
        horseId: (await horse()).id,
        date: '2026-01-10',
        type: 'vaccination',
        title: 'Flu',
      }),
    ),
    service: once(async () =>
      insert(studServices, {
        stallionId: (await horse()).id,
        season: '2026',
        method: 'natural_cover',
        studFee: '900.00',
      }),
    ),
    semenBatch,
    mare,
    reservation,
    pregnancy,
    breedingEvent: once(async () =>
      insert(breedingEvents, {
        mareId: (await mare()).id,
        stallionId: (await horse()).id,
        date: '2026-04-03',
        kind: 'natural_cover',
      }),
    ),
    shipment: once(async () =>
      insert(semenShipments, {
        reservationId: (await reservation()).id,
        type: 'frozen',
        doses: 1,
        batchId: (await semenBatch()).id,
        destination: { name: 'Mare farm' },
      }),
    ),
    receivable: once(async () =>
      insert(studReceivables, {
        clientId: (await client()).id,
        kind: 'boarding',
        description: 'Boarding, April',
        amount: '100.00',
        dueDate: '2026-05-01',
      }),
    ),
    /** A payment of 50.00 on a receivable of 100.00, to be voided. */
    payment: once(async () => {
      const owed = await insert(studReceivables, {
        clientId: (await client()).id,
        kind: 'other',
        description: 'Transport',
        amount: '100.00',
        paidAmount: '50.00',
        status: 'partially_paid',
        dueDate: '2026-05-01',
      });
      return insert(studPayments, {
        receivableId: owed.id,
        amount: '50.00',
        paidDate: '2026-05-02',
        paymentMethod: 'cash',
        receiptNumber: 'R-2026-HAND-1',
      });
    }),
    income: once(() =>
      insert(studIncome, { date: '2026-04-10', category: 'prize_money', amount: '250.00' }),
    ),
    expense: once(() =>
      insert(studExpenses, { date: '2026-04-10', category: 'feed', amount: '80.50' }),
    ),
    birth: once(async () => {
      const foaled = await insert(pregnancies, {
        mareId: (await mare()).id,
        stallionId: (await horse()).id,
        baseDate: '2024-05-27',
        gestationDays: 340,
        dueDate: '2025-05-02',
        status: 'foaled',
        endedOn: '2025-05-02',
      });
      return insert(births, { pregnancyId: foaled.id, bornOn: '2025-05-02', outcome: 'stillborn' });
    }),
  };
}

type World = Awaited<ReturnType<typeof schoolWorld>>;

/** The record a path parameter names. */
async function pathValue(world: World, name: string, path: string): Promise<string> {
  const records: Record<string, () => Promise<{ id: string }>> = {
    memberId: world.member,
    studentId: world.student,
    instructorId: world.instructor,
    classId: world.klass,
    horseId: world.horse,
    scheduleId: world.schedule,
    enrollmentId: world.enrollment,
    competitionId: world.competition,
    entryId: path.includes('/waitlist/') ? world.waitlistEntry : world.entry,
    resultId: world.result,
    levelId: world.level,
    badgeId: world.badge,
    certificateId: world.certificate,
    paymentId: path.includes('/competitions/') ? world.competitionPayment : world.payment,
  };
  if (name === 'schoolId') return world.schoolId;
  if (name === 'studId') return world.studId;
  if (name === 'memberId' && path.startsWith('/studs/')) return (await world.studMember()).id;
  if (path.startsWith('/studs/')) {
    const studRecord = {
      horseId: world.stud.horse,
      stallionId: world.stud.horse,
      medicalRecordId: world.stud.medicalRecord,
      serviceId: world.stud.service,
      semenBatchId: world.stud.semenBatch,
      shipmentId: world.stud.shipment,
      reservationId: world.stud.reservation,
      birthId: world.stud.birth,
      breedingEventId: world.stud.breedingEvent,
      pregnancyId: world.stud.pregnancy,
      clientId: world.stud.client,
      prospectId: world.stud.prospect,
      tagId: world.stud.tag,
      taskId: world.stud.task,
      templateId: world.stud.contractTemplate,
      contractId: world.stud.contract,
      receivableId: world.stud.receivable,
      paymentId: world.stud.payment,
      incomeId: world.stud.income,
      expenseId: world.stud.expense,
    }[name];
    if (studRecord) return (await studRecord()).id;
  }
  const record = records[name];
  if (!record)
    throw new Error(`No record for the path parameter ${name} of ${path}: add one to pathValue`);
  return (await record()).id;
}

/** Moves the stud's reservation to `status`, for an action that starts from there. */
const reservationIn =
  (status: (typeof studReservations.$inferSelect)['status'], body: Record<string, unknown>) =>
  async (w: World) => {
    const { id } = await w.stud.reservation();
    await app.db
      .update(studReservations)
      .set({ status })
      .where(and(eq(studReservations.studId, w.studId), eq(studReservations.id, id)));
    return body;
  };

/** An otherwise valid body of every operation that writes, by `METHOD path`. */
const VALID_BODIES: Record<string, (world: World) => Promise<Record<string, unknown>>> = {
  'PUT /schools/{schoolId}': async () => ({ name: 'Renamed School' }),
  'POST /schools/{schoolId}/members': async () => ({ email: 'invited@x.test', role: 'instructor' }),
  'PUT /schools/{schoolId}/members/{memberId}': async () => ({ role: 'manager' }),
  'PUT /studs/{studId}': async () => ({ name: 'Renamed Stud' }),
  'POST /studs/{studId}/members': async () => ({ email: 'invited@x.test', role: 'staff' }),
  'PUT /studs/{studId}/members/{memberId}': async () => ({ role: 'manager' }),
  'POST /schools/{schoolId}/students': async () => ({ first_name: 'Lucía', last_name: 'Prado' }),
  'POST /schools/{schoolId}/students/import': async () => ({
    file: 'first_name,last_name\nLucía,Prado\n',
  }),
  'PUT /schools/{schoolId}/students/{studentId}': async () => ({ notes: 'Prefers mornings' }),
  'POST /schools/{schoolId}/students/{studentId}/anonymize': async () => ({}),
  'POST /schools/{schoolId}/instructors': async () => ({ first_name: 'Marta', last_name: 'Ruiz' }),
  'PUT /schools/{schoolId}/instructors/{instructorId}': async () => ({ bio: 'Show jumping' }),
  'POST /schools/{schoolId}/classes': async () => ({
    name: 'Dressage',
    type: 'group',
    level: 'intermediate',
  }),
  'PUT /schools/{schoolId}/classes/{classId}': async () => ({ description: 'Flatwork' }),
  'POST /schools/{schoolId}/horses': async () => ({ name: 'Tormenta' }),
  'PUT /schools/{schoolId}/horses/{horseId}': async () => ({ notes: 'Shod on Fridays' }),
  'POST /schools/{schoolId}/media': async (w) => ({
    file: (await png()).toString('base64'),
    caption: 'In the paddock',
    subject_type: 'horse',
    subject_id: (await w.horse()).id,
  }),
  'POST /studs/{studId}/media': async () => ({
    file: pdf().toString('base64'),
    caption: 'Covering certificate',
  }),
  'POST /schools/{schoolId}/schedules': async (w) => ({
    class_id: (await w.klass()).id,
    instructor_id: (await w.instructor()).id,
    day_of_week: 3,
    start_time: '17:00',
    end_time: '18:00',
  }),
  'PUT /schools/{schoolId}/schedules/{scheduleId}': async () => ({ location: 'Indoor arena' }),
  'POST /schools/{schoolId}/enrollments': async (w) => ({
    student_id: (await w.student()).id,
    class_id: (await w.klass()).id,
    schedule_id: (await w.schedule()).id,
    start_date: '2026-01-01',
  }),
  'PUT /schools/{schoolId}/enrollments/{enrollmentId}': async () => ({ notes: 'Bring a helmet' }),
  'POST /schools/{schoolId}/attendance': async (w) => ({
    date: PAST_MONDAY,
    schedule_id: (await w.schedule()).id,
    attendance: [{ enrollment_id: (await w.enrollment()).id, status: 'present' }],
  }),
  'POST /schools/{schoolId}/competitions': async () => ({
    name: 'Autumn Cup',
    date: '2030-10-04',
    categories: ['Open'],
  }),
  'PUT /schools/{schoolId}/competitions/{competitionId}': async () => ({ location: 'Main ring' }),
  'POST /schools/{schoolId}/competitions/{competitionId}/entries': async (w) => ({
    student_id: (await w.student()).id,
    category: 'Senior',
  }),
  'POST /schools/{schoolId}/competitions/{competitionId}/entries/recalculate-order': async () => ({
    category: 'Junior',
  }),
  'PUT /schools/{schoolId}/competitions/{competitionId}/entries/{entryId}': async () => ({
    notes: 'Late start',
  }),
  'POST /schools/{schoolId}/competitions/{competitionId}/results': async (w) => ({
    entry_id: (await w.entry()).id,
    ribbon: 'red',
  }),
  'PUT /schools/{schoolId}/competitions/{competitionId}/results/{resultId}': async () => ({
    notes: 'Clear round',
  }),
  'POST /schools/{schoolId}/competitions/{competitionId}/payments': async (w) => ({
    student_id: (await w.student()).id,
    concept: 'stable',
    amount: 30,
  }),
  'PUT /schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}': async () => ({
    notes: 'Paid at the gate',
  }),
  'POST /schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}/pay': async () => ({
    payment_method: 'cash',
  }),
  'POST /schools/{schoolId}/payments': async (w) => ({
    student_id: (await w.student()).id,
    amount: 45,
    due_date: '2026-12-10',
  }),
  'POST /schools/{schoolId}/payments/generate-monthly': async (w) => {
    await w.enrollment();
    return { month: '2026-12' };
  },
  'PUT /schools/{schoolId}/payments/{paymentId}': async () => ({ description: 'December tuition' }),
  'POST /schools/{schoolId}/payments/{paymentId}/pay': async () => ({ payment_method: 'transfer' }),
  'POST /schools/{schoolId}/levels': async () => ({ name: 'Silver', base_level: 'intermediate' }),
  'POST /schools/{schoolId}/levels/reorder': async (w) => ({ ids: [(await w.level()).id] }),
  'PUT /schools/{schoolId}/levels/{levelId}': async () => ({
    description: 'Canters on both leads',
  }),
  'POST /schools/{schoolId}/students/{studentId}/level-changes': async (w) => ({
    level_id: (await w.level()).id,
  }),
  'POST /schools/{schoolId}/badges': async () => ({ name: 'First canter', icon: 'star' }),
  'PUT /schools/{schoolId}/badges/{badgeId}': async () => ({ criteria: 'A clear round' }),
  'POST /schools/{schoolId}/students/{studentId}/badges': async (w) => ({
    badge_id: (await w.badge()).id,
  }),
  'POST /schools/{schoolId}/certificates': async (w) => ({
    student_id: (await w.student()).id,
    title: 'Course',
    kind: 'course',
  }),
  'POST /schools/{schoolId}/waitlist/{entryId}/convert': async () => ({
    student: { notes: 'From the waiting list' },
  }),
  'PUT /schools/{schoolId}/waitlist/{entryId}': async () => ({
    status: 'contacted',
    staff_notes: 'Called on Monday',
  }),
  'POST /schools/{schoolId}/students/{studentId}/portal-access': async () => ({
    email: 'guardian@family.test',
    relationship: 'guardian',
  }),
  'POST /schools/{schoolId}/certificates/{certificateId}/revoke': async () => ({
    reason: 'Misspelt name',
  }),
  'POST /schools/{schoolId}/verification-requests': async () => ({ legal_name: 'Test S.L.' }),
  'POST /studs/{studId}/verification-requests': async () => ({ legal_name: 'Stud Ltd' }),
  'POST /studs/{studId}/horses': async () => ({
    identity: { name: 'New Mare', sex: 'female', birth_year: 2015 },
  }),
  'PUT /studs/{studId}/horses/{horseId}': async () => ({ location: 'Barn 2' }),
  'PUT /studs/{studId}/stallions/{stallionId}/profile': async () => ({ book_limit: 40 }),
  'POST /studs/{studId}/medical-records': async (w) => ({
    horse_id: (await w.stud.horse()).id,
    date: '2026-02-01',
    type: 'farrier',
    title: 'Shoes',
  }),
  'PUT /studs/{studId}/medical-records/{medicalRecordId}': async () => ({ dose: '2 ml' }),
  'PUT /studs/{studId}/settings': async () => ({ gestation_days: 335 }),
  'POST /studs/{studId}/services': async (w) => ({
    stallion_id: (await w.stud.horse()).id,
    season: '2027',
    method: 'frozen_semen',
    delivery: 'shipped',
    stud_fee: 1500,
    booking_fee: 500,
  }),
  'PUT /studs/{studId}/services/{serviceId}': async () => ({ stud_fee: 1100 }),
  'POST /studs/{studId}/semen-batches': async (w) => ({
    stallion_id: (await w.stud.horse()).id,
    collected_on: '2026-02-01',
    straws_per_dose: 8,
    doses_total: 12,
  }),
  'PUT /studs/{studId}/semen-batches/{semenBatchId}': async () => ({ storage: 'Tank 2' }),
  'POST /studs/{studId}/shipments': async (w) => ({
    reservation_id: (await w.stud.reservation()).id,
    type: 'frozen',
    batch_id: (await w.stud.semenBatch()).id,
    destination: { name: 'Mare farm', city: 'Ronda' },
  }),
  'PUT /studs/{studId}/shipments/{shipmentId}': async () => ({ carrier: 'DHL' }),
  'POST /studs/{studId}/shipments/{shipmentId}/status': async () => ({ status: 'prepared' }),
  'POST /studs/{studId}/births': async (w) => ({
    pregnancy_id: (await w.stud.pregnancy()).id,
    born_on: '2026-09-05',
    outcome: 'live',
    foals: [{ sex: 'female', stands_and_nurses: true }],
  }),
  'PUT /studs/{studId}/births/{birthId}': async () => ({ notes: 'A quiet night' }),
  'POST /studs/{studId}/breeding-events': async (w) => ({
    mare_id: (await w.stud.mare()).id,
    stallion_id: (await w.stud.horse()).id,
    date: '2026-04-03',
    kind: 'natural_cover',
  }),
  'PUT /studs/{studId}/breeding-events/{breedingEventId}': async () => ({ performed_by: 'J. Vet' }),
  'POST /studs/{studId}/pregnancies': async (w) => ({
    mare_id: (await w.stud.mare()).id,
    stallion_id: (await w.stud.horse()).id,
    base_date: '2026-04-03',
  }),
  'PUT /studs/{studId}/pregnancies/{pregnancyId}': async () => ({ notes: 'Quiet mare' }),
  'POST /studs/{studId}/pregnancies/{pregnancyId}/checks': async () => ({
    date: '2026-05-01',
    method: 'ultrasound',
    result: 'positive',
  }),
  'POST /studs/{studId}/reservations': async (w) => ({
    service_id: (await w.stud.service()).id,
    mare_id: (await w.stud.mare()).id,
    notes: 'Prefers May',
  }),
  'PUT /studs/{studId}/reservations/{reservationId}': async () => ({ notes: 'Call first' }),
  'POST /studs/{studId}/reservations/{reservationId}/confirm': reservationIn('requested', {}),
  'POST /studs/{studId}/reservations/{reservationId}/reject': reservationIn('requested', {
    reason: 'Book full',
  }),
  'POST /studs/{studId}/reservations/{reservationId}/cancel': async () => ({ reason: 'Mare sold' }),
  'POST /studs/{studId}/reservations/{reservationId}/close': reservationIn('in_progress', {
    outcome: 'no_pregnancy',
  }),
  'POST /studs/{studId}/contract-templates': async () => ({
    name: 'Boarding terms',
    kind: 'boarding',
    body: 'Between {{stud}} and {{client}}, on {{today}}.',
  }),
  'PUT /studs/{studId}/contract-templates/{templateId}': async () => ({ name: 'Renamed terms' }),
  'POST /studs/{studId}/contracts': async () => ({
    title: 'Sale of a yearling',
    body: 'Between {{stud}} and the buyer.',
    signers: [{ name: 'Bo Buyer', email: 'bo@buyer.test', role: 'client', order: 1 }],
  }),
  'PUT /studs/{studId}/contracts/{contractId}': async () => ({ title: 'Boarding 2027' }),
  'POST /studs/{studId}/contracts/{contractId}/send': async () => ({}),
  'POST /studs/{studId}/contracts/{contractId}/remind': async (w) => {
    await w.stud.sentContract();
    return {};
  },
  'POST /studs/{studId}/contracts/{contractId}/void': async () => ({ reason: 'Wrong client' }),
  'POST /studs/{studId}/contracts/{contractId}/sign': async (w) => ({
    signed_name: 'Owner',
    consent: true,
    document_sha256: (await w.stud.sentContract()).documentSha256,
  }),
  'POST /studs/{studId}/receivables': async (w) => ({
    client_id: (await w.stud.client()).id,
    kind: 'boarding',
    description: 'Boarding, May',
    amount: 120,
  }),
  'PUT /studs/{studId}/receivables/{receivableId}': async () => ({ description: 'Boarding, June' }),
  'POST /studs/{studId}/payments': async (w) => ({
    receivable_id: (await w.stud.receivable()).id,
    amount: 40,
    payment_method: 'cash',
  }),
  'POST /studs/{studId}/payments/{paymentId}/void': async () => ({ reason: 'Bounced' }),
  'POST /studs/{studId}/income': async () => ({ category: 'prize_money', amount: 250 }),
  'PUT /studs/{studId}/income/{incomeId}': async () => ({ description: 'Show prize' }),
  'POST /studs/{studId}/expenses': async () => ({ category: 'feed', amount: 80.5 }),
  'PUT /studs/{studId}/expenses/{expenseId}': async () => ({ supplier: 'Hay Co' }),
  'POST /studs/{studId}/clients': async () => ({ first_name: 'Eva', last_name: 'Lund' }),
  'PUT /studs/{studId}/clients/{clientId}': async () => ({ phone: '+34 600 000 000' }),
  'POST /studs/{studId}/clients/{clientId}/anonymize': async () => ({}),
  'POST /studs/{studId}/prospects': async () => ({ first_name: 'Leo', last_name: 'Park' }),
  'PUT /studs/{studId}/prospects/{prospectId}': async () => ({ pipeline_status: 'contacted' }),
  'POST /studs/{studId}/prospects/{prospectId}/convert': async () => ({}),
  'POST /studs/{studId}/tags': async () => ({ name: 'Breeder', colour: '#336699' }),
  'PUT /studs/{studId}/tags/{tagId}': async () => ({ name: 'Breeders' }),
  'POST /studs/{studId}/tasks': async () => ({ title: 'Worm the yearlings' }),
  'PUT /studs/{studId}/tasks/{taskId}': async () => ({ priority: 'high' }),
  'POST /studs/{studId}/tasks/{taskId}/complete': async () => ({}),
  'POST /studs/{studId}/pedigree/test-mating': async () => {
    const [sire, dam] = await app.db
      .insert(horseIdentities)
      .values([
        { name: 'Sire', sex: 'male' as const, birthYear: 2010 },
        { name: 'Dam', sex: 'female' as const, birthYear: 2012 },
      ])
      .returning({ id: horseIdentities.id });
    return { sire_id: sire!.id, dam_id: dam!.id };
  },
};

/** Every row, in every table, that carries one of the forbidden values. */
async function rowsWithForbiddenValues(otherSchoolId: string): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    app.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and column_name in ('id', 'school_id', 'stud_id', 'organization_id', 'created_at',
                              'updated_at')`,
  );
  const probes = columns.map(({ table_name: table, column_name: column }) => {
    const value = column.endsWith('_at') ? BOGUS_TIME : column === 'id' ? BOGUS_ID : otherSchoolId;
    const cast = sql.raw(column.endsWith('_at') ? 'timestamptz' : 'text');
    return sql`select ${`${table}.${column}`}::text as hit from ${sql.identifier(table)}
               where ${sql.identifier(column)}::${cast} = ${value}::${cast}`;
  });
  const rows = await queryRows<{ hit: string }>(app.db, sql.join(probes, sql` union `));
  return rows.map((row) => row.hit).sort();
}

/** Every organization write of the modules' manifests, whatever its tenant kind. */
const writes = organizationOperations().filter((op) =>
  ['POST', 'PUT', 'PATCH'].includes(op.method),
);
const key = (op: ApiOperation) => `${op.method} ${op.path}`;

describe('fields a client must not set', () => {
  it('every write operation of the OpenAPI document has a valid body here', () => {
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.map(key).filter((k) => !VALID_BODIES[k])).toEqual([]);
  });

  it('the database check finds a forbidden value where one is stored', async () => {
    const world = await schoolWorld();
    await fixtures.student(world.otherSchoolId, { id: BOGUS_ID, createdAt: new Date(BOGUS_TIME) });
    // With the student, the database counts a write to that school's timetable data
    // (timetable_versions, kept by triggers).
    expect(await rowsWithForbiddenValues(world.otherSchoolId)).toEqual([
      'students.created_at',
      'students.id',
      'students.school_id',
      'timetable_versions.school_id',
    ]);
  });

  it.each(writes.map((op) => [key(op), op] as const))(
    '%s ignores id, school_id, stud_id, created_at and updated_at',
    async (_, op) => {
      const world = await schoolWorld();
      let path = op.path;
      for (const { name } of op.pathParams)
        path = path.replace(`{${name}}`, await pathValue(world, name, op.path));
      const body = {
        ...(await VALID_BODIES[key(op)]!(world)),
        ...forbiddenFields(world.otherSchoolId),
      };

      const res = await app.request(op.method, `/api${path}`, { token: world.token, body });

      expectSuccess(res, key(op));
      for (const value of [BOGUS_ID, world.otherSchoolId, BOGUS_TIME.slice(0, 10)])
        expect(res.text).not.toContain(value);
      expect(await rowsWithForbiddenValues(world.otherSchoolId)).toEqual([]);
    },
  );
});

describe('school payments', () => {
  it('a new payment is pending and unpaid whatever status, paid_date and receipt the client sends', async () => {
    const world = await schoolWorld();
    const res = await app.request('POST', `/api/schools/${world.schoolId}/payments`, {
      token: world.token,
      body: {
        student_id: (await world.student()).id,
        amount: 60,
        due_date: '2026-12-01',
        status: 'paid',
        paid_date: '2026-11-01',
        payment_method: 'cash',
        receipt_number: 'R-FORGED-1',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      paid_date: null,
      receipt_number: null,
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.id, res.body.data.id));
    expect(row).toMatchObject({
      status: 'pending',
      paidDate: null,
      paymentMethod: null,
      receiptNumber: null,
    });
  });

  it('an update cannot pay or cancel a payment', async () => {
    const world = await schoolWorld();
    const payment = await world.payment();
    for (const status of ['paid', 'cancelled']) {
      const res = await app.request(
        'PUT',
        `/api/schools/${world.schoolId}/payments/${payment.id}`,
        {
          token: world.token,
          body: {
            notes: `tried ${status}`,
            status,
            paid_date: '2026-11-01',
            receipt_number: 'R-FORGED-2',
          },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        notes: `tried ${status}`,
        status: 'pending',
        paid_date: null,
        receipt_number: null,
      });
    }
    const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({
      status: 'pending',
      paidDate: null,
      receiptNumber: null,
      notes: 'tried cancelled',
    });
  });
});

describe('semen batches', () => {
  it('a batch starts with every dose available and takes no count from the client', async () => {
    const world = await schoolWorld();
    const url = `/api/studs/${world.studId}/semen-batches`;
    const created = await app.request('POST', url, {
      token: world.token,
      body: {
        stallion_id: (await world.stud.horse()).id,
        collected_on: '2026-02-01',
        straws_per_dose: 8,
        doses_total: 12,
        doses_available: 0,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ doses_total: 12, doses_available: 12 });
    const id = created.body.data.id as string;
    await app.db
      .update(semenBatches)
      .set({ dosesAvailable: 9 })
      .where(and(eq(semenBatches.studId, world.studId), eq(semenBatches.id, id)));
    const edited = await app.request('PUT', `${url}/${id}`, {
      token: world.token,
      body: { doses_available: 12, notes: 'Recount' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ doses_total: 12, doses_available: 9 });
  });
});

describe('stud receivables and payments', () => {
  it('a receivable starts unpaid and manual; a payment is recorded with its income entry, whatever the client sends', async () => {
    const world = await schoolWorld();
    const base = `/api/studs/${world.studId}`;
    const created = await app.request('POST', `${base}/receivables`, {
      token: world.token,
      body: {
        client_id: (await world.stud.client()).id,
        kind: 'boarding',
        description: 'Boarding, May',
        amount: 120,
        paid_amount: 120,
        status: 'paid',
        source: 'auto',
        cancelled_at: '2026-01-01T00:00:00Z',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      paid_amount: 0,
      outstanding: 120,
      status: 'pending',
      source: 'manual',
      cancelled_at: null,
    });
    const edited = await app.request('PUT', `${base}/receivables/${created.body.data.id}`, {
      token: world.token,
      body: { paid_amount: 120, status: 'paid', client_id: (await world.stud.client()).id },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ paid_amount: 0, status: 'pending' });

    const paid = await app.request('POST', `${base}/payments`, {
      token: world.token,
      body: {
        receivable_id: created.body.data.id,
        amount: 20,
        payment_method: 'cash',
        status: 'voided',
        income_id: null,
        voided_at: '2026-01-01T00:00:00Z',
      },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data).toMatchObject({ status: 'recorded', voided_at: null });
    expect(paid.body.data.income_id).toEqual(expect.any(String));
  });
});

describe('competition entries and results', () => {
  it('a new entry is pending with the computed departure number, whatever the client sends', async () => {
    const world = await schoolWorld();
    const competition = await world.competition();
    const res = await app.request(
      'POST',
      `/api/schools/${world.schoolId}/competitions/${competition.id}/entries`,
      {
        token: world.token,
        body: {
          student_id: (await world.student()).id,
          category: 'Junior',
          status: 'completed',
          order_number: 99,
        },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'pending', order_number: 1 });
    const [row] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, res.body.data.id));
    expect(row).toMatchObject({ status: 'pending', orderNumber: 1 });
  });

  it("an entry's PUT still sets status and order_number, as the spec's transitions allow", async () => {
    const world = await schoolWorld();
    const [competition, entry] = [await world.competition(), await world.entry()];
    const res = await app.request(
      'PUT',
      `/api/schools/${world.schoolId}/competitions/${competition.id}/entries/${entry.id}`,
      { token: world.token, body: { status: 'confirmed', order_number: 5 } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'confirmed', order_number: 5 });
    const [row] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, entry.id));
    expect(row).toMatchObject({ status: 'confirmed', orderNumber: 5 });
  });

  it("a result's position follows its ribbon, not the client", async () => {
    const world = await schoolWorld();
    const [competition, entry] = [await world.competition(), await world.entry()];
    const res = await app.request(
      'POST',
      `/api/schools/${world.schoolId}/competitions/${competition.id}/results`,
      {
        token: world.token,
        body: {
          entry_id: entry.id,
          ribbon: 'blue',
          position: 7,
          student_id: (await world.student()).id,
        },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ribbon: 'blue', position: 1 });
    const [row] = await app.db
      .select()
      .from(competitionResults)
      .where(
        and(
          eq(competitionResults.schoolId, world.schoolId),
          eq(competitionResults.entryId, entry.id),
        ),
      );
    expect(row).toMatchObject({ ribbon: 'blue', position: 1 });
  });
});
