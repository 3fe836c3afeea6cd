import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format, subMonths } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from './client';
import { seedDemoMarketplace } from './seed-demo-marketplace';
import { seedStudHerd } from './seed-demo-stud';
import {
  accessCodes,
  attendance,
  badges,
  certificates,
  classes,
  competitions,
  enrollments,
  horseIdentities,
  horses,
  instructors,
  levelChanges,
  levels,
  media,
  mediaBlobs,
  memberships,
  organizations,
  payments,
  portalLinks,
  schedules,
  schoolHorseMedia,
  studentBadges,
  students,
  verificationRequests,
  waitlistEntries,
} from './schema';

export const DEMO_OWNER_EMAIL = 'owner@demo.school';
/** Lucía García's guardian, who reads her records in the family portal. */
export const DEMO_FAMILY_EMAIL = 'family@demo.school';
/** The demo certificate's code: open `/verify/DEM0-2026-0001` to see the public check. */
export const DEMO_CERTIFICATE_CODE = 'DEM0-2026-0001';
/**
 * An access code any signed-in user redeems into a school of their own on `/redeem` (100
 * uses); stored, as every code, by the SHA-256 of its canonical form.
 */
export const DEMO_ACCESS_CODE = 'DEM0-SCH0-0001';

const STUDENTS = [
  {
    firstName: 'Lucía',
    lastName: 'García',
    birthDate: '2012-03-14',
    level: 'beginner',
    documentNumber: 'D-1001',
  },
  {
    firstName: 'Mateo',
    lastName: 'Fernández',
    birthDate: '2010-07-02',
    level: 'intermediate',
    documentNumber: 'D-1002',
  },
  {
    firstName: 'Sofía',
    lastName: 'López',
    birthDate: '2014-11-21',
    level: 'beginner',
    documentNumber: 'D-1003',
  },
  {
    firstName: 'Hugo',
    lastName: 'Martínez',
    birthDate: '2009-01-30',
    level: 'advanced',
    documentNumber: 'D-1004',
  },
  {
    firstName: 'Martina',
    lastName: 'Sánchez',
    birthDate: '1995-05-09',
    level: 'intermediate',
    documentNumber: 'D-1005',
  },
  {
    firstName: 'Leo',
    lastName: 'Pérez',
    birthDate: '1988-09-17',
    level: 'beginner',
    documentNumber: 'D-1006',
  },
  {
    firstName: 'Valeria',
    lastName: 'Gómez',
    birthDate: '2001-12-03',
    level: 'advanced',
    documentNumber: 'D-1007',
  },
  {
    firstName: 'Daniel',
    lastName: 'Ruiz',
    birthDate: '1979-04-25',
    level: 'intermediate',
    documentNumber: 'D-1008',
  },
  {
    firstName: 'Emma',
    lastName: 'Díaz',
    birthDate: '2013-06-11',
    level: 'beginner',
    documentNumber: 'D-1009',
  },
  {
    firstName: 'Pablo',
    lastName: 'Moreno',
    birthDate: '1992-08-08',
    level: 'advanced',
    documentNumber: 'D-1010',
  },
  {
    firstName: 'Julia',
    lastName: 'Álvarez',
    birthDate: '2011-02-19',
    level: 'intermediate',
    documentNumber: 'D-1011',
  },
  {
    firstName: 'Álvaro',
    lastName: 'Romero',
    birthDate: '1985-10-29',
    level: 'beginner',
    documentNumber: 'D-1012',
  },
] as const;

/** Two lessons a day, every day of the week, so there is always a class to take attendance for. */
const SLOTS = [
  { startTime: '17:00', endTime: '18:00' },
  { startTime: '18:30', endTime: '19:30' },
] as const;

/**
 * Demo data for an empty database (DESIGN 2): a school whose staff sign in with the
 * development issuer, with records in every module so each screen has something to show.
 * Dates are relative to today in the school's time zone.
 */
export async function seedDemo(db: Database, options: { timezone: string }): Promise<boolean> {
  const today = new TZDate(new Date(), options.timezone);
  const day = (offset: number) => format(addDays(today, offset), 'yyyy-MM-dd');
  const monthsAgo = (months: number) => subMonths(today, months);

  return db.transaction(async (tx) => {
    // One seeder at a time, and only into a database that has no organization yet.
    await tx.execute(sql`select pg_advisory_xact_lock(7253002)`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) return false;
    const [school] = await tx
      .insert(organizations)
      .values({
        type: 'school',
        name: 'Demo Riding School',
        timezone: options.timezone,
        currency: 'EUR',
        verified: true,
      })
      .returning({ id: organizations.id });
    const schoolId = school!.id;
    await tx.insert(memberships).values([
      { organizationId: schoolId, invitedEmail: DEMO_OWNER_EMAIL, role: 'owner' },
      { organizationId: schoolId, invitedEmail: 'manager@demo.school', role: 'manager' },
      { organizationId: schoolId, invitedEmail: 'instructor@demo.school', role: 'instructor' },
      { organizationId: schoolId, invitedEmail: 'viewer@demo.school', role: 'viewer' },
    ]);
    // A stud beside the school (G.14): the owner and manager switch between the two.
    const [stud] = await tx
      .insert(organizations)
      .values({
        type: 'stud',
        name: 'Demo Stud Farm',
        timezone: options.timezone,
        currency: 'EUR',
        // Left for a platform administrator to verify: its owner is then notified.
        verified: false,
      })
      .returning({ id: organizations.id });
    await tx.insert(memberships).values([
      { organizationId: stud!.id, invitedEmail: DEMO_OWNER_EMAIL, role: 'owner' },
      { organizationId: stud!.id, invitedEmail: 'manager@demo.school', role: 'manager' },
      { organizationId: stud!.id, invitedEmail: 'owner@demo.stud', role: 'owner' },
      { organizationId: stud!.id, invitedEmail: 'staff@demo.stud', role: 'staff' },
      { organizationId: stud!.id, invitedEmail: 'viewer@demo.stud', role: 'viewer' },
    ]);
    // The stud's request to be verified waits in the administrators' queue.
    await tx.insert(verificationRequests).values({
      organizationId: stud!.id,
      legalName: 'Demo Stud Farm S.L.',
      taxId: 'B87654321',
      address: 'Camino de la Sierra 4, Ronda',
    });
    await tx.insert(accessCodes).values({
      codeHash: createHash('sha256').update(DEMO_ACCESS_CODE, 'utf8').digest('hex'),
      codeHint: DEMO_ACCESS_CODE.slice(-4),
      organizationType: 'school',
      maxRedemptions: 100,
      note: 'Demo: redeem it on /redeem for a school of your own.',
    });

    const studentRows = await tx
      .insert(students)
      .values(
        STUDENTS.map((s, i) => ({
          schoolId,
          ...s,
          documentType: 'DNI',
          email: `${s.firstName
            .normalize('NFD')
            .replace(/[^A-Za-z]/g, '')
            .toLowerCase()}@example.com`,
          phone: `+34 600 000 ${String(100 + i)}`,
          city: 'Sevilla',
          // Minors have a parent as emergency contact.
          emergencyContactName: i % 2 === 0 ? `Parent of ${s.firstName}` : null,
          emergencyContactRelationship: i % 2 === 0 ? 'parent' : null,
          emergencyContactPhone: i % 2 === 0 ? `+34 611 000 ${String(100 + i)}` : null,
        })),
      )
      .returning({ id: students.id });
    const instructorRows = await tx
      .insert(instructors)
      .values([
        {
          schoolId,
          firstName: 'Carmen',
          lastName: 'Vidal',
          specialties: ['dressage'],
          experienceYears: 12,
          hourlyRate: '30.00',
        },
        {
          schoolId,
          firstName: 'Javier',
          lastName: 'Ortega',
          specialties: ['jumping'],
          experienceYears: 8,
          hourlyRate: '28.00',
        },
        {
          schoolId,
          firstName: 'Elena',
          lastName: 'Navarro',
          specialties: ['beginners', 'vaulting'],
          experienceYears: 5,
          hourlyRate: '25.00',
        },
      ])
      .returning({ id: instructors.id });
    const classRows = await tx
      .insert(classes)
      .values([
        {
          schoolId,
          name: 'Ponies for kids',
          type: 'group',
          level: 'beginner',
          discipline: 'general',
          maxStudents: 6,
          price: '80.00',
        },
        {
          schoolId,
          name: 'Dressage basics',
          type: 'group',
          level: 'intermediate',
          discipline: 'dressage',
          maxStudents: 5,
          price: '95.00',
        },
        {
          schoolId,
          name: 'Show jumping',
          type: 'group',
          level: 'advanced',
          discipline: 'jumping',
          maxStudents: 4,
          price: '120.00',
        },
        {
          schoolId,
          name: 'Private lesson',
          type: 'individual',
          level: 'intermediate',
          discipline: 'general',
          maxStudents: 2,
          price: '150.00',
        },
      ])
      .returning({ id: classes.id });
    const horseRows = await tx
      .insert(horses)
      .values([
        { schoolId, name: 'Canela', breed: 'Pony', birthYear: 2012, level: 'beginner' },
        {
          schoolId,
          name: 'Relámpago',
          breed: 'Andalusian',
          birthYear: 2014,
          level: 'intermediate',
        },
        { schoolId, name: 'Luna', breed: 'Hanoverian', birthYear: 2011, level: 'advanced' },
        { schoolId, name: 'Trueno', breed: 'Arabian', birthYear: 2016, level: 'all' },
        {
          schoolId,
          name: 'Brisa',
          breed: 'Lusitano',
          birthYear: 2009,
          level: 'all',
          status: 'resting',
          maxDailyClasses: 2,
        },
      ])
      .returning({ id: horses.id });

    // Day d, slot s: class (d + s) mod 4, instructor (d + s) mod 3; an instructor never has both slots of a day.
    const scheduleValues = Array.from({ length: 7 }, (_, d) =>
      SLOTS.map((slot, s) => {
        const k = (d + s) % 4;
        return {
          schoolId,
          classId: classRows[k]!.id,
          instructorId: instructorRows[(d + s) % 3]!.id,
          dayOfWeek: d,
          ...slot,
          location: s === 0 ? 'Arena 1' : 'Arena 2',
          maxStudents: k === 3 ? 2 : 5,
        };
      }),
    ).flat();
    const scheduleRows = await tx
      .insert(schedules)
      .values(scheduleValues)
      .returning({ id: schedules.id, classId: schedules.classId, dayOfWeek: schedules.dayOfWeek });
    // Two students in each of the 14 lessons; every student rides two or three times a week.
    const enrollmentValues = Array.from({ length: scheduleRows.length * 2 }, (_, i) => {
      const schedule = scheduleRows[i % scheduleRows.length]!;
      return {
        schoolId,
        studentId: studentRows[i % studentRows.length]!.id,
        classId: schedule.classId,
        scheduleId: schedule.id,
        horseId: horseRows[i % 4]!.id,
        startDate: day(-120),
      };
    });
    const enrollmentRows = await tx.insert(enrollments).values(enrollmentValues).returning({
      id: enrollments.id,
      studentId: enrollments.studentId,
      classId: enrollments.classId,
      scheduleId: enrollments.scheduleId,
    });

    // Paid tuition over the last six months (enrollments 0-9 are of ten different students), two overdue and two pending charges.
    const paid = Array.from({ length: 6 }, (_, m) =>
      enrollmentRows.slice(0, 4 + m).map((e, i) => ({
        schoolId,
        studentId: e.studentId,
        enrollmentId: e.id,
        classId: e.classId,
        concept: 'tuition' as const,
        description: 'Monthly tuition',
        amount: '80.00',
        currency: 'EUR',
        period: format(monthsAgo(m + 1), 'yyyy-MM'),
        dueDate: format(monthsAgo(m + 1), 'yyyy-MM-05'),
        status: 'paid' as const,
        paymentMethod: i % 2 === 0 ? ('cash' as const) : ('transfer' as const),
        paidDate: format(monthsAgo(m + 1), 'yyyy-MM-04'),
      })),
    ).flat();
    await tx.insert(payments).values([
      ...paid,
      {
        schoolId,
        studentId: studentRows[5]!.id,
        concept: 'enrollment_fee',
        description: 'Enrollment fee',
        amount: '50.00',
        currency: 'EUR',
        dueDate: day(-10),
      },
      {
        schoolId,
        studentId: studentRows[6]!.id,
        concept: 'other',
        description: 'Saddle rental',
        amount: '15.00',
        currency: 'EUR',
        dueDate: day(-3),
      },
      {
        schoolId,
        studentId: studentRows[7]!.id,
        concept: 'other',
        description: 'Riding helmet',
        amount: '45.00',
        currency: 'EUR',
        dueDate: day(7),
      },
      {
        schoolId,
        studentId: studentRows[8]!.id,
        concept: 'enrollment_fee',
        description: 'Enrollment fee',
        amount: '50.00',
        currency: 'EUR',
        dueDate: day(10),
      },
    ]);

    await seedHorsePhoto(tx, schoolId, horseRows[0]!.id, 'Canela in the paddock');
    // Two families waiting for a place (the public list: /waitlist/{schoolId}).
    await tx.insert(waitlistEntries).values(
      [
        { reference: 'WL-DEM001', name: 'Paula Ortega', rider: ['Nora', 'Ortega'], days: [6] },
        { reference: 'WL-DEM002', name: 'Iván Castro', rider: ['Iván', 'Castro'], days: [2, 4] },
      ].map((w, i) => ({
        schoolId,
        reference: w.reference,
        registrantName: w.name,
        registrantEmail: `${w.rider[0]!.normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}@family.example`,
        relationship: i === 0 ? ('parent' as const) : ('self' as const),
        riderFirstName: w.rider[0]!,
        riderLastName: w.rider[1]!,
        riderLevel: 'beginner' as const,
        classId: classRows[i]!.id,
        daysOfWeek: w.days,
        consentAt: monthsAgo(i + 1),
        createdAt: monthsAgo(i + 1),
        withdrawTokenHash: createHash('sha256')
          .update(`demo waitlist ${w.reference}`)
          .digest('hex'),
      })),
    );
    await seedProgression(tx, schoolId, {
      today,
      day,
      students: studentRows.map((row, i) => ({
        id: row.id,
        name: `${STUDENTS[i]!.firstName} ${STUDENTS[i]!.lastName}`,
      })),
      enrollments: enrollmentRows.map((e) => ({
        ...e,
        dayOfWeek: scheduleRows.find((schedule) => schedule.id === e.scheduleId)!.dayOfWeek,
      })),
    });
    const sharedStallionId = await seedPedigree(tx, schoolId, horseRows[0]!.id);
    await seedStudHerd(tx, stud!.id, { day, year: today.getFullYear(), sharedStallionId });
    await seedDemoMarketplace(tx, { schoolId, studId: stud!.id, year: today.getFullYear() });

    await tx.insert(competitions).values({
      schoolId,
      name: 'Spring Cup',
      description: 'Internal show for every level.',
      date: day(21),
      location: 'Demo Riding School, Arena 1',
      type: 'internal',
      categories: ['Cross 60 cm', 'Jumping 80 cm'],
      fees: [
        {
          concept: 'inscription',
          name: 'Entry fee',
          amount: 25,
          is_required: true,
          applies_to: 'entry',
          description: 'Per category entered',
        },
      ],
    });
    return true;
  });
}

/**
 * The school's ladder (four levels), its badges (one by hand, three by rule), and the first
 * riders' progress: eight weeks of attendance in their first lessons, their level changes,
 * badges, and a certificate for the first, so the progress card, the timeline and the public
 * check have something to show.
 */
async function seedProgression(
  tx: Database,
  schoolId: string,
  demo: {
    today: Date;
    day: (offset: number) => string;
    students: { id: string; name: string }[];
    enrollments: { id: string; studentId: string; scheduleId: string; dayOfWeek: number }[];
  },
) {
  const ladder = await tx
    .insert(levels)
    .values([
      {
        schoolId,
        name: 'Pony club',
        position: 1,
        baseLevel: 'beginner' as const,
        requirements: ['Mounts and dismounts alone', 'Walks and halts'],
      },
      {
        schoolId,
        name: 'Bronze',
        position: 2,
        baseLevel: 'beginner' as const,
        minAttendedClasses: 8,
        requirements: ['Rising trot', 'Steers around cones'],
      },
      {
        schoolId,
        name: 'Silver',
        position: 3,
        baseLevel: 'intermediate' as const,
        minAttendedClasses: 16,
        requirements: ['Canter on both leads', 'Jumps a cross-pole'],
      },
      {
        schoolId,
        name: 'Gold',
        position: 4,
        baseLevel: 'advanced' as const,
        minAttendedClasses: 24,
        requirements: ['Course of 8 fences at 80 cm'],
      },
    ])
    .returning({ id: levels.id, name: levels.name, baseLevel: levels.baseLevel });
  const [pony, bronze, silver] = ladder;
  const badgeRows = await tx
    .insert(badges)
    .values([
      {
        schoolId,
        name: 'First ride',
        icon: 'horseshoe',
        criteria: 'Rode a first lesson at the school',
      },
      {
        schoolId,
        name: 'Eight rides',
        icon: 'star',
        criteria: 'Attended eight classes',
        ruleType: 'attendance_count' as const,
        ruleThreshold: 8,
      },
      {
        schoolId,
        name: 'Podium',
        icon: 'trophy',
        criteria: 'Placed in the top three of a show',
        ruleType: 'competition_result' as const,
        ruleMaxPosition: 3,
      },
      {
        schoolId,
        name: 'Silver rider',
        icon: 'medal',
        criteria: 'Reached Silver',
        ruleType: 'level_reached' as const,
        ruleLevelId: silver!.id,
      },
    ])
    .returning({ id: badges.id });
  // The first lesson of the first six riders: the last eight of its weekdays, all attended.
  const riders = demo.enrollments.slice(0, 6);
  const weekday = demo.today.getDay();
  await tx.insert(attendance).values(
    riders.flatMap((e, r) => {
      const back = ((weekday - e.dayOfWeek + 7) % 7 || 7) - 1;
      return Array.from({ length: 8 }, (_, week) => ({
        schoolId,
        scheduleId: e.scheduleId,
        enrollmentId: e.id,
        studentId: e.studentId,
        date: demo.day(-(back + 1) - 7 * week),
        status: week === 2 && r % 2 ? ('absent' as const) : ('present' as const),
        performanceRating: 3 + ((week + r) % 3),
      }));
    }),
  );
  const onLevel = (studentId: string, level: typeof pony) =>
    tx
      .update(students)
      .set({ currentLevelId: level!.id, level: level!.baseLevel })
      .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
  for (const rider of riders) {
    await tx.insert(levelChanges).values({
      schoolId,
      studentId: rider.studentId,
      levelId: pony!.id,
      achievedOn: demo.day(-90),
    });
    await onLevel(rider.studentId, pony);
  }
  const first = demo.students[0]!;
  await tx.insert(levelChanges).values({
    schoolId,
    studentId: first.id,
    levelId: bronze!.id,
    previousLevelId: pony!.id,
    achievedOn: demo.day(-2),
    notes: 'Confident rising trot on both reins.',
  });
  await onLevel(first.id, bronze);
  await tx.insert(studentBadges).values([
    ...riders.map((rider) => ({
      schoolId,
      studentId: rider.studentId,
      badgeId: badgeRows[0]!.id,
      awardedOn: demo.day(-90),
      source: 'manual' as const,
    })),
    {
      schoolId,
      studentId: first.id,
      badgeId: badgeRows[1]!.id,
      awardedOn: demo.day(-2),
      source: 'rule' as const,
    },
  ]);
  // Lucía's family follows her in the portal (bound when they sign in).
  await tx.insert(portalLinks).values({
    schoolId,
    studentId: first.id,
    email: DEMO_FAMILY_EMAIL,
    relationship: 'guardian',
  });
  await tx.insert(certificates).values({
    schoolId,
    studentId: first.id,
    // A fixed code, so the README can point at the demo's public check; real ones are random.
    code: DEMO_CERTIFICATE_CODE,
    title: 'Bronze rider',
    kind: 'level',
    levelId: bronze!.id,
    description: 'Rising trot on both reins and steering around cones.',
    issuedOn: demo.day(-2),
    holderName: first.name,
    signedByName: 'Carmen Ruiz',
  });
}

/**
 * A photo on the first horse, drawn here (a paddock at dusk) so that the demo's gallery is
 * not empty. Stored as an upload is: a JPEG without metadata, its bytes in the database.
 */
async function seedHorsePhoto(tx: Database, schoolId: string, horseId: string, caption: string) {
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#fde2c4"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#sky)"/>
    <circle cx="500" cy="150" r="50" fill="#fff3d6"/>
    <rect y="320" width="640" height="160" fill="#6a994e"/>
    <path d="M0 330 L640 300 L640 320 L0 350 Z" fill="#8d6e63"/>
    <path d="M230 250 q40 -30 110 -10 q30 -40 45 -60 l15 10 q-10 30 -20 60 l0 110 h-15 l-5 -90
      q-60 15 -110 0 l-5 90 h-15 l0 -110 q-20 0 -25 20 z" fill="#5d4037"/>
  </svg>`;
  const bytes = await sharp(Buffer.from(drawing)).jpeg({ quality: 85 }).toBuffer();
  const [photo] = await tx
    .insert(media)
    .values({
      organizationId: schoolId,
      contentType: 'image/jpeg',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      store: 'database',
      storageKey: `${schoolId}/demo-canela.jpg`,
      filename: 'canela.jpg',
      caption,
      width: 640,
      height: 480,
    })
    .returning({ id: media.id });
  await tx
    .insert(mediaBlobs)
    .values({ mediaId: photo!.id, bytes: sql`decode(${bytes.toString('base64')}, 'base64')` });
  await tx.insert(schoolHorseMedia).values({ schoolId, horseId, mediaId: photo!.id });
}

/**
 * Canela's pedigree, three generations: her ancestors as the platform's verified records,
 * her own identity the school's (unverified, so the school may still edit it). Answers her
 * sire, whom the demo stud keeps.
 */
async function seedPedigree(tx: Database, schoolId: string, horseId: string): Promise<string> {
  const insert = async (values: typeof horseIdentities.$inferInsert) => {
    const [row] = await tx
      .insert(horseIdentities)
      .values(values)
      .returning({ id: horseIdentities.id });
    return row!.id;
  };
  const verified = { status: 'verified' as const, breed: 'Welsh Pony' };
  const grandsire = await insert({ ...verified, name: 'Dyfed Rhys', sex: 'male', birthYear: 1994 });
  const granddam = await insert({ ...verified, name: 'Gwen', sex: 'female', birthYear: 1996 });
  const damsire = await insert({ ...verified, name: 'Brynhir', sex: 'male', birthYear: 1995 });
  const damdam = await insert({ ...verified, name: 'Seren', sex: 'female', birthYear: 1997 });
  const sire = await insert({
    ...verified,
    name: 'Rhosyn Storm',
    sex: 'male',
    birthYear: 2003,
    ueln: '826002030012345',
    sireId: grandsire,
    damId: granddam,
  });
  const dam = await insert({
    ...verified,
    name: 'Mair',
    sex: 'female',
    birthYear: 2005,
    sireId: damsire,
    damId: damdam,
  });
  const canela = await insert({
    name: 'Canela',
    sex: 'female',
    birthYear: 2012,
    breed: 'Pony',
    sireId: sire,
    damId: dam,
    createdByOrgId: schoolId,
  });
  await tx
    .update(horses)
    .set({ horseIdentityId: canela })
    .where(sql`${horses.schoolId} = ${schoolId} and ${horses.id} = ${horseId}`);
  return sire;
}
