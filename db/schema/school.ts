import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { folded, timestamps } from './columns';
import {
  ATTENDANCE_STATUSES,
  CLASS_LEVELS,
  CLASS_STATUSES,
  CLASS_TYPES,
  ENROLLMENT_STATUSES,
  HORSE_LEVELS,
  HORSE_STATUSES,
  INSTRUCTOR_STATUSES,
  PRICE_TYPES,
  STUDENT_LEVELS,
  STUDENT_STATUSES,
} from './school-values';
import { media } from './media';
import { horseIdentities } from './pedigree';
import { inList, money, recordId, schoolId } from './tenant';

/*
 * School records (DESIGN 4, 6). Every table is keyed by (school_id, id) and every reference
 * carries school_id, so a record of one school can never point at another school's. History
 * is protected by ON DELETE RESTRICT: deleting a record that others refer to fails (409).
 */

export * from './school-values';

/** The school's own ladder of levels (DESIGN-MODULES A.1). */
export const levels = pgTable(
  'levels',
  {
    schoolId: schoolId(),
    id: recordId(),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    baseLevel: text('base_level', { enum: STUDENT_LEVELS }).notNull(),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minAttendedClasses: integer('min_attended_classes').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('levels_school_name_key').on(t.schoolId, t.name),
    uniqueIndex('levels_school_position_key').on(t.schoolId, t.position),
    check('levels_base_level_check', inList(t.baseLevel, STUDENT_LEVELS)),
    check('levels_min_attended_check', sql`${t.minAttendedClasses} >= 0`),
  ],
);

export const students = pgTable(
  'students',
  {
    schoolId: schoolId(),
    id: recordId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    phone: text('phone'),
    email: text('email'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    emergencyContactPhone: text('emergency_contact_phone'),
    level: text('level', { enum: STUDENT_LEVELS }).notNull().default('beginner'),
    status: text('status', { enum: STUDENT_STATUSES }).notNull().default('active'),
    // The school's own ladder (DESIGN-MODULES A.1); `level` follows its base level.
    currentLevelId: uuid('current_level_id'),
    notes: text('notes'),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    // "first last" folded as a search folds its input (issue 27): the search compares this
    // stored text instead of folding every student's name on every request.
    searchName: text('search_name').generatedAlwaysAs(
      sql.raw(folded("first_name || ' ' || last_name")),
    ),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('students_school_document_number_key')
      .on(t.schoolId, t.documentNumber)
      .where(sql`${t.documentNumber} is not null`),
    index('students_school_name_idx').on(t.schoolId, t.lastName, t.firstName),
    index('students_school_created_idx').on(t.schoolId, t.createdAt),
    foreignKey({
      columns: [t.schoolId, t.currentLevelId],
      foreignColumns: [levels.schoolId, levels.id],
      name: 'students_current_level_fk',
    }).onDelete('restrict'),
    check('students_level_check', inList(t.level, STUDENT_LEVELS)),
    check('students_status_check', inList(t.status, STUDENT_STATUSES)),
  ],
);

export const instructors = pgTable(
  'instructors',
  {
    schoolId: schoolId(),
    id: recordId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    phone: text('phone'),
    email: text('email'),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experienceYears: integer('experience_years'),
    bio: text('bio'),
    hourlyRate: money('hourly_rate'),
    status: text('status', { enum: INSTRUCTOR_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('instructors_school_name_idx').on(t.schoolId, t.lastName, t.firstName),
    check('instructors_status_check', inList(t.status, INSTRUCTOR_STATUSES)),
  ],
);

export const classes = pgTable(
  'classes',
  {
    schoolId: schoolId(),
    id: recordId(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: CLASS_TYPES }).notNull(),
    level: text('level', { enum: CLASS_LEVELS }).notNull(),
    discipline: text('discipline'),
    maxStudents: integer('max_students').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    price: money('price').notNull().default('0'),
    priceType: text('price_type', { enum: PRICE_TYPES }).notNull().default('monthly'),
    status: text('status', { enum: CLASS_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('classes_school_name_idx').on(t.schoolId, t.name),
    check('classes_type_check', inList(t.type, CLASS_TYPES)),
    check('classes_level_check', inList(t.level, CLASS_LEVELS)),
    check('classes_status_check', inList(t.status, CLASS_STATUSES)),
    check('classes_price_type_check', inList(t.priceType, PRICE_TYPES)),
    check('classes_max_students_check', sql`${t.maxStudents} >= 1`),
    check('classes_duration_check', sql`${t.durationMinutes} >= 1`),
    check('classes_price_check', sql`${t.price} >= 0`),
  ],
);

export const horses = pgTable(
  'horses',
  {
    schoolId: schoolId(),
    id: recordId(),
    name: text('name').notNull(),
    breed: text('breed'),
    birthYear: integer('birth_year'),
    level: text('level', { enum: HORSE_LEVELS }).notNull().default('all'),
    status: text('status', { enum: HORSE_STATUSES }).notNull().default('active'),
    maxDailyClasses: integer('max_daily_classes').notNull().default(4),
    notes: text('notes'),
    /** The platform's record of this animal (DESIGN-MODULES 0.3), when the school links one. */
    horseIdentityId: uuid('horse_identity_id').references(() => horseIdentities.id),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('horses_school_name_idx').on(t.schoolId, t.name),
    index('horses_identity_idx').on(t.horseIdentityId),
    check('horses_level_check', inList(t.level, HORSE_LEVELS)),
    check('horses_status_check', inList(t.status, HORSE_STATUSES)),
    check('horses_max_daily_classes_check', sql`${t.maxDailyClasses} >= 1`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    schoolId: schoolId(),
    id: recordId(),
    classId: uuid('class_id').notNull(),
    instructorId: uuid('instructor_id').notNull(),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    location: text('location'),
    maxStudents: integer('max_students').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // Target of enrollments' (school, schedule, class) reference: the schedule is of that class.
    unique('schedules_school_id_class_key').on(t.schoolId, t.id, t.classId),
    foreignKey({
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
      name: 'schedules_class_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.instructorId],
      foreignColumns: [instructors.schoolId, instructors.id],
      name: 'schedules_instructor_fk',
    }).onDelete('restrict'),
    index('schedules_school_day_idx').on(t.schoolId, t.dayOfWeek, t.startTime),
    index('schedules_school_instructor_idx').on(t.schoolId, t.instructorId, t.dayOfWeek),
    index('schedules_school_class_idx').on(t.schoolId, t.classId),
    check('schedules_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('schedules_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('schedules_max_students_check', sql`${t.maxStudents} >= 1`),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    classId: uuid('class_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    horseId: uuid('horse_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('active'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // Target of attendance's reference: the record is of that enrollment's schedule and student.
    unique('enrollments_school_id_schedule_student_key').on(
      t.schoolId,
      t.id,
      t.scheduleId,
      t.studentId,
    ),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'enrollments_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
      name: 'enrollments_class_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.scheduleId, t.classId],
      foreignColumns: [schedules.schoolId, schedules.id, schedules.classId],
      name: 'enrollments_schedule_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'enrollments_horse_fk',
    }).onDelete('restrict'),
    // One open enrollment of a student per schedule; ended ones are history.
    uniqueIndex('enrollments_open_student_schedule_key')
      .on(t.schoolId, t.scheduleId, t.studentId)
      .where(sql`${t.status} <> 'ended'`),
    index('enrollments_school_student_idx').on(t.schoolId, t.studentId),
    // With the columns of "active on a date", so the dashboard's students expected today are
    // counted from the index alone.
    index('enrollments_school_schedule_idx').on(
      t.schoolId,
      t.scheduleId,
      t.status,
      t.startDate,
      t.endDate,
    ),
    index('enrollments_school_horse_idx').on(t.schoolId, t.horseId),
    check('enrollments_status_check', inList(t.status, ENROLLMENT_STATUSES)),
    check('enrollments_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const attendance = pgTable(
  'attendance',
  {
    schoolId: schoolId(),
    id: recordId(),
    scheduleId: uuid('schedule_id').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    horseId: uuid('horse_id'),
    performanceRating: smallint('performance_rating'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.scheduleId],
      foreignColumns: [schedules.schoolId, schedules.id],
      name: 'attendance_schedule_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.enrollmentId, t.scheduleId, t.studentId],
      foreignColumns: [
        enrollments.schoolId,
        enrollments.id,
        enrollments.scheduleId,
        enrollments.studentId,
      ],
      name: 'attendance_enrollment_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'attendance_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'attendance_horse_fk',
    }).onDelete('restrict'),
    uniqueIndex('attendance_enrollment_date_key').on(t.schoolId, t.enrollmentId, t.date),
    index('attendance_school_schedule_date_idx').on(t.schoolId, t.scheduleId, t.date),
    index('attendance_school_student_date_idx').on(t.schoolId, t.studentId, t.date),
    // Covers the attendance report's columns, so a month of a large school is read from the
    // index alone (an index-only scan) rather than from rows scattered over the table.
    index('attendance_school_date_idx').on(
      t.schoolId,
      t.date,
      t.studentId,
      t.scheduleId,
      t.status,
      t.performanceRating,
    ),
    index('attendance_school_horse_date_idx').on(t.schoolId, t.horseId, t.date),
    check('attendance_status_check', inList(t.status, ATTENDANCE_STATUSES)),
    check('attendance_rating_check', sql`${t.performanceRating} between 1 and 5`),
  ],
);

/** Photos of a school horse: the school's own media on the school's own horse. */
export const schoolHorseMedia = pgTable(
  'school_horse_media',
  {
    schoolId: schoolId(),
    horseId: uuid('horse_id').notNull(),
    mediaId: uuid('media_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.mediaId] }),
    index('school_horse_media_horse_idx').on(t.schoolId, t.horseId),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'school_horse_media_horse_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.mediaId],
      foreignColumns: [media.organizationId, media.id],
      name: 'school_horse_media_media_fk',
    }).onDelete('cascade'),
  ],
);
