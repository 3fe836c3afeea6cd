import { and, asc, eq, exists, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  attendance,
  classes,
  enrollments,
  horses,
  payments,
  schedules,
  STUDENT_LEVELS,
  STUDENT_STATUSES,
  students,
} from '@/db/schema';
import { can } from '../kernel/auth/permissions';
import { invalidField, notFound } from '../kernel/errors';
import { paymentSchema, selectPayments, toPayment } from '../payments/payment-records';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { ageOn, todayIn } from '../kernel/fields/calendar';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { timestampsOut, toTimeOfDay } from '../kernel/records';
import { studentValues } from './student-columns';
import { IMPORT_MAX_BYTES, importResultSchema, importStudents } from './student-import';
import { futureBirthDateError, studentFields, studentUpdateFields } from './student-schema';

export const studentSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  birth_date: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  emergency_contact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  level: z.enum(STUDENT_LEVELS),
  status: z.enum(STUDENT_STATUSES),
  notes: z.string().nullable(),
  anonymized_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

type StudentRow = typeof students.$inferSelect;

/** `today` is the school's, for `age`. */
export function toStudent(row: StudentRow, today: string): z.infer<typeof studentSchema> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    birth_date: row.birthDate,
    age: ageOn(row.birthDate, today),
    gender: row.gender,
    document_type: row.documentType,
    document_number: row.documentNumber,
    phone: row.phone,
    email: row.email,
    address: { street: row.street, city: row.city, state: row.state },
    emergency_contact: {
      name: row.emergencyContactName,
      relationship: row.emergencyContactRelationship,
      phone: row.emergencyContactPhone,
    },
    level: row.level,
    status: row.status,
    notes: row.notes,
    anonymized_at: row.anonymizedAt?.toISOString() ?? null,
    ...timestampsOut(row),
  };
}

function assertBirthDate(birthDate: string | null | undefined, today: string): void {
  const error = futureBirthDateError(birthDate, today);
  if (error) throw invalidField('birth_date', error);
}

/** DESIGN 6: active = status active, started by today, not ended before today. */
function isActiveEnrollment(today: string): SQL {
  return and(
    eq(enrollments.status, 'active'),
    lte(enrollments.startDate, today),
    or(isNull(enrollments.endDate), gte(enrollments.endDate, today)),
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const studentIdInput = schoolIdInput.extend({ studentId: pathId });

const activeEnrollmentSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  schedule_id: z.string(),
  day_of_week: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  horse_id: z.string().nullable(),
  horse_name: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.string(),
});

const attendanceStatsSchema = z.object({
  total: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  attendance_rate: z.number(),
});

const studentDetailSchema = studentSchema.extend({
  active_enrollments: z.array(activeEnrollmentSchema),
  attendance_stats: attendanceStatsSchema,
  payments: z
    .array(paymentSchema)
    .nullable()
    .describe(
      "The student's school payments, newest due date first; null for a role without payments.view (instructors).",
    ),
});

const countStatus = (status: string) =>
  sql<number>`(count(*) filter (where ${attendance.status} = ${status}))::int`;

export const studentsRouter = router({
  list: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students',
        tags: ['Students'],
        summary: 'Students, by last name and first name',
        description:
          '`search` matches the first name, the last name or "first last" (case-insensitive); `class_id` keeps students with an active enrollment in that class today.',
      },
    })
    .input(
      schoolIdInput.extend(paginationInput(20).shape).extend({
        search: z.string().trim().max(255).optional(),
        status: z.enum(STUDENT_STATUSES).optional(),
        level: z.enum(STUDENT_LEVELS).optional(),
        class_id: z.uuid().optional(),
      }),
    )
    .output(paginatedSchema(studentSchema))
    .query(async ({ ctx, input }) => {
      const today = todayIn(ctx.school.timezone);
      const filters: SQL[] = [eq(students.schoolId, ctx.school.id)];
      if (input.search) {
        const pattern = `%${escapeLike(input.search)}%`;
        filters.push(
          or(
            ilike(students.firstName, pattern),
            ilike(students.lastName, pattern),
            ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, pattern),
          )!,
        );
      }
      if (input.status) filters.push(eq(students.status, input.status));
      if (input.level) filters.push(eq(students.level, input.level));
      if (input.class_id) {
        filters.push(
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(enrollments)
              .where(
                and(
                  eq(enrollments.schoolId, students.schoolId),
                  eq(enrollments.studentId, students.id),
                  eq(enrollments.classId, input.class_id),
                  isActiveEnrollment(today),
                ),
              ),
          ),
        );
      }
      const where = and(...filters);
      const [rows, [counted]] = await Promise.all([
        ctx.db
          .select()
          .from(students)
          .where(where)
          .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(students)
          .where(where),
      ]);
      return paginate(
        rows.map((row) => toStudent(row, today)),
        counted?.total ?? 0,
        input,
        ctx.url,
      );
    }),

  create: schoolProcedure('students.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students',
        tags: ['Students'],
        summary: 'Create a student',
      },
    })
    .input(schoolIdInput.extend(studentFields.shape))
    .output(z.object({ data: studentSchema }))
    .mutation(async ({ ctx, input }) => {
      const today = todayIn(ctx.school.timezone);
      assertBirthDate(input.birth_date, today);
      // A duplicate document number, even from a concurrent request, is the unique index's 422.
      const [row] = await ctx.db
        .insert(students)
        .values({
          ...studentValues(input),
          firstName: input.first_name,
          lastName: input.last_name,
          schoolId: ctx.school.id,
        })
        .returning();
      return { data: toStudent(row!, today) };
    }),

  import: schoolProcedure('students.create')
    .meta({
      upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES },
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students/import',
        tags: ['Students'],
        summary: 'Import students from a CSV file',
        description:
          'Send `multipart/form-data` with the CSV in the part `file` (or JSON `{file}` with the CSV as text). Header names are the student fields, the nested ones flattened (`street`, `city`, `state`, `emergency_contact_name`, `emergency_contact_relationship`, `emergency_contact_phone`); `,` or `;` delimiter; UTF-8 with or without BOM; at most 5 MB and 10,000 rows. Valid rows are imported; invalid rows and duplicates (a `document_number` already in the school or earlier in the file) are reported with their line in the file. `dry_run=true` validates without writing.',
      },
    })
    .input(
      schoolIdInput.extend({
        file: z.string().min(1),
        dry_run: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
      }),
    )
    .output(importResultSchema)
    .mutation(async ({ ctx, input }) => {
      const dryRun = input.dry_run === true || input.dry_run === 'true';
      return { data: await importStudents(ctx.db, ctx.school, input.file, dryRun) };
    }),

  get: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}',
        tags: ['Students'],
        summary: 'A student with active enrollments, attendance statistics and payments',
        description:
          '`attendance_rate` = (present + late) / total × 100, one decimal, 0 without records.',
      },
    })
    .input(studentIdInput)
    .output(z.object({ data: studentDetailSchema }))
    .query(async ({ ctx, input }) => {
      const today = todayIn(ctx.school.timezone);
      const schoolId = ctx.school.id;
      if (!isUuid(input.studentId)) throw notFound('Student');
      const canSeePayments = can(ctx.role, 'payments.view');
      const [[row], active, [stats], studentPayments] = await Promise.all([
        ctx.db
          .select()
          .from(students)
          .where(and(eq(students.schoolId, schoolId), eq(students.id, input.studentId))),
        ctx.db
          .select({
            id: enrollments.id,
            classId: enrollments.classId,
            className: classes.name,
            scheduleId: enrollments.scheduleId,
            dayOfWeek: schedules.dayOfWeek,
            startTime: schedules.startTime,
            endTime: schedules.endTime,
            horseId: enrollments.horseId,
            horseName: horses.name,
            startDate: enrollments.startDate,
            endDate: enrollments.endDate,
            status: enrollments.status,
          })
          .from(enrollments)
          .innerJoin(
            classes,
            and(eq(classes.schoolId, enrollments.schoolId), eq(classes.id, enrollments.classId)),
          )
          .innerJoin(
            schedules,
            and(
              eq(schedules.schoolId, enrollments.schoolId),
              eq(schedules.id, enrollments.scheduleId),
            ),
          )
          .leftJoin(
            horses,
            and(eq(horses.schoolId, enrollments.schoolId), eq(horses.id, enrollments.horseId)),
          )
          .where(
            and(
              eq(enrollments.schoolId, schoolId),
              eq(enrollments.studentId, input.studentId),
              isActiveEnrollment(today),
            ),
          )
          .orderBy(
            asc(schedules.dayOfWeek),
            asc(schedules.startTime),
            asc(classes.name),
            asc(enrollments.id),
          ),
        ctx.db
          .select({
            total: sql<number>`count(*)::int`,
            present: countStatus('present'),
            absent: countStatus('absent'),
            late: countStatus('late'),
            excused: countStatus('excused'),
          })
          .from(attendance)
          .where(and(eq(attendance.schoolId, schoolId), eq(attendance.studentId, input.studentId))),
        canSeePayments
          ? selectPayments(ctx.db, schoolId, eq(payments.studentId, input.studentId))
          : null,
      ]);
      if (!row) throw notFound('Student');
      const { total, present, absent, late, excused } = stats ?? {
        total: 0,
        present: 0,
        absent: 0,
        late: 0,
        excused: 0,
      };
      return {
        data: {
          ...toStudent(row, today),
          active_enrollments: active.map((e) => ({
            id: e.id,
            class_id: e.classId,
            class_name: e.className,
            schedule_id: e.scheduleId,
            day_of_week: e.dayOfWeek,
            start_time: toTimeOfDay(e.startTime),
            end_time: toTimeOfDay(e.endTime),
            horse_id: e.horseId,
            horse_name: e.horseName,
            start_date: e.startDate,
            end_date: e.endDate,
            status: e.status,
          })),
          attendance_stats: {
            total,
            present,
            absent,
            late,
            excused,
            // Integer tenths, rounded half up, so no float drift.
            attendance_rate: total === 0 ? 0 : Math.round(((present + late) * 1000) / total) / 10,
          },
          payments: studentPayments?.map((payment) => toPayment(payment, today)) ?? null,
        },
      };
    }),

  update: schoolProcedure('students.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/students/{studentId}',
        tags: ['Students'],
        summary: 'Update a student',
        description:
          'Only the fields sent change; `address` and `emergency_contact` merge field by field, `null` clears.',
      },
    })
    .input(studentIdInput.extend(studentUpdateFields.shape))
    .output(z.object({ data: studentSchema }))
    .mutation(async ({ ctx, input }) => {
      const today = todayIn(ctx.school.timezone);
      assertBirthDate(input.birth_date, today);
      const [row] = isUuid(input.studentId)
        ? await ctx.db
            .update(students)
            .set({ ...studentValues(input), updatedAt: sql`now()` })
            .where(and(eq(students.schoolId, ctx.school.id), eq(students.id, input.studentId)))
            .returning()
        : [];
      if (!row) throw notFound('Student');
      return { data: toStudent(row, today) };
    }),

  remove: schoolProcedure('students.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/students/{studentId}',
        tags: ['Students'],
        summary: 'Delete a student without history',
        description:
          'A student with enrollments, attendance or payments cannot be deleted (409): set a status, or anonymize.',
      },
    })
    .input(studentIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      // History is guarded by the foreign keys (ON DELETE RESTRICT → 409), whatever table holds it.
      const [row] = isUuid(input.studentId)
        ? await ctx.db
            .delete(students)
            .where(and(eq(students.schoolId, ctx.school.id), eq(students.id, input.studentId)))
            .returning({ id: students.id })
        : [];
      if (!row) throw notFound('Student');
      return { message: 'Student deleted.' };
    }),

  anonymize: schoolProcedure('students.delete')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students/{studentId}/anonymize',
        tags: ['Students'],
        summary: "Erase a student's personal data, keeping enrollments, attendance and payments",
        description:
          'The name becomes "Anonymized Student", personal fields are cleared and the status becomes inactive. Calling it again changes nothing more.',
      },
    })
    .input(studentIdInput)
    .output(z.object({ message: z.string(), data: studentSchema }))
    .mutation(async ({ ctx, input }) => {
      const [row] = isUuid(input.studentId)
        ? await ctx.db
            .update(students)
            .set({
              firstName: 'Anonymized',
              lastName: 'Student',
              birthDate: null,
              gender: null,
              documentType: null,
              documentNumber: null,
              phone: null,
              email: null,
              street: null,
              city: null,
              state: null,
              emergencyContactName: null,
              emergencyContactRelationship: null,
              emergencyContactPhone: null,
              notes: null,
              status: 'inactive',
              anonymizedAt: sql`coalesce(${students.anonymizedAt}, now())`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(students.schoolId, ctx.school.id), eq(students.id, input.studentId)))
            .returning()
        : [];
      if (!row) throw notFound('Student');
      return { message: 'Student anonymized.', data: toStudent(row, todayIn(ctx.school.timezone)) };
    }),
});
