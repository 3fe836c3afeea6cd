import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format, subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from './client';
import {
  classes,
  competitions,
  enrollments,
  horseIdentities,
  horses,
  instructors,
  media,
  mediaBlobs,
  memberships,
  organizations,
  payments,
  schedules,
  schoolHorseMedia,
  students,
} from './schema';

export const DEMO_OWNER_EMAIL = 'owner@demo.school';

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
      { organizationId: stud!.id, invitedEmail: 'staff@demo.stud', role: 'staff' },
    ]);

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
      .returning({ id: schedules.id, classId: schedules.classId });
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
    await seedPedigree(tx, schoolId, horseRows[0]!.id);

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
          name: 'Inscription',
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
 * her own identity the school's (unverified, so the school may still edit it).
 */
async function seedPedigree(tx: Database, schoolId: string, horseId: string) {
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
}
