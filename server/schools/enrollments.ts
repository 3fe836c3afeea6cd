import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import {
  classes,
  ENROLLMENT_STATUSES,
  enrollments,
  horses,
  schedules,
  students,
} from '@/db/schema';
import { notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { createEnrollment, endEnrollment, updateEnrollment } from './enrollment-lifecycle';
import { enrollmentFields, enrollmentUpdateFields } from './enrollment-schema';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { timestampsOut, toTimeOfDay } from '../kernel/records';

export const enrollmentSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  class_id: z.string(),
  schedule_id: z.string(),
  horse_id: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  notes: z.string().nullable(),
  /** Status active, started and not yet ended, today in the school's time zone (DESIGN 6). */
  is_active: z.boolean(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  class: z.object({ id: z.string(), name: z.string() }),
  schedule: z.object({
    id: z.string(),
    day_of_week: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
  }),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Enrollment = z.infer<typeof enrollmentSchema>;

const enrollmentColumns = {
  enrollment: enrollments,
  studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
  className: classes.name,
  dayOfWeek: schedules.dayOfWeek,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  horseName: horses.name,
};

type EnrollmentRow = {
  enrollment: typeof enrollments.$inferSelect;
  studentName: string;
  className: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  horseName: string | null;
};

/** Whether an enrollment is active on a date (DESIGN 6). */
export function isActiveOn(
  row: { status: string; startDate: string; endDate: string | null },
  date: string,
): boolean {
  return (
    row.status === 'active' &&
    row.startDate <= date &&
    (row.endDate === null || row.endDate >= date)
  );
}

export function toEnrollment(row: EnrollmentRow, today: string): Enrollment {
  const e = row.enrollment;
  return {
    id: e.id,
    student_id: e.studentId,
    class_id: e.classId,
    schedule_id: e.scheduleId,
    horse_id: e.horseId,
    start_date: e.startDate,
    end_date: e.endDate,
    status: e.status,
    notes: e.notes,
    is_active: isActiveOn(e, today),
    student: { id: e.studentId, full_name: row.studentName },
    class: { id: e.classId, name: row.className },
    schedule: {
      id: e.scheduleId,
      day_of_week: row.dayOfWeek,
      start_time: toTimeOfDay(row.startTime),
      end_time: toTimeOfDay(row.endTime),
    },
    horse: e.horseId === null ? null : { id: e.horseId, name: row.horseName! },
    ...timestampsOut(e),
  };
}

/** Enrollments of a school with their student, class, schedule and horse, in one statement. */
function selectEnrollments(db: Database, schoolId: string, where?: SQL) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(
      students,
      and(eq(students.schoolId, enrollments.schoolId), eq(students.id, enrollments.studentId)),
    )
    .innerJoin(
      classes,
      and(eq(classes.schoolId, enrollments.schoolId), eq(classes.id, enrollments.classId)),
    )
    .innerJoin(
      schedules,
      and(eq(schedules.schoolId, enrollments.schoolId), eq(schedules.id, enrollments.scheduleId)),
    )
    .leftJoin(
      horses,
      and(eq(horses.schoolId, enrollments.schoolId), eq(horses.id, enrollments.horseId)),
    )
    .where(and(eq(enrollments.schoolId, schoolId), where));
}

async function findEnrollment(
  db: Database,
  school: { id: string; timezone: string },
  id: string,
): Promise<Enrollment> {
  const [row] = isUuid(id)
    ? await selectEnrollments(db, school.id, eq(enrollments.id, id)).limit(1)
    : [];
  if (!row) throw notFound('Enrollment');
  return toEnrollment(row, todayIn(school.timezone));
}

const enrollmentIdInput = schoolIdInput.extend({ enrollmentId: pathId });
const one = z.object({ data: enrollmentSchema });

export const enrollmentsRouter = router({
  list: schoolProcedure('enrollments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/enrollments',
        tags: ['Enrollments'],
        summary: 'Enrollments, latest start first',
      },
    })
    .input(
      schoolIdInput.extend({
        student_id: z.uuid().optional(),
        class_id: z.uuid().optional(),
        schedule_id: z.uuid().optional(),
        status: z.enum(ENROLLMENT_STATUSES).optional(),
      }),
    )
    .output(z.object({ data: z.array(enrollmentSchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await selectEnrollments(
        ctx.db,
        ctx.school.id,
        and(
          input.student_id ? eq(enrollments.studentId, input.student_id) : undefined,
          input.class_id ? eq(enrollments.classId, input.class_id) : undefined,
          input.schedule_id ? eq(enrollments.scheduleId, input.schedule_id) : undefined,
          input.status ? eq(enrollments.status, input.status) : undefined,
        ),
      ).orderBy(desc(enrollments.startDate), asc(enrollments.id));
      const today = todayIn(ctx.school.timezone);
      return { data: rows.map((row) => toEnrollment(row, today)) };
    }),

  create: schoolProcedure('enrollments.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/enrollments',
        tags: ['Enrollments'],
        summary: 'Enroll a student in a schedule of a class',
        description:
          'Needs an active student, a schedule of that class with a free place, and, if given, an active horse not assigned in an overlapping schedule that day (422 on the field otherwise).',
      },
    })
    .input(schoolIdInput.extend(enrollmentFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, ...fields } = input;
      const id = await createEnrollment(ctx.db, ctx.school, fields);
      return { data: await findEnrollment(ctx.db, ctx.school, id) };
    }),

  get: schoolProcedure('enrollments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'One enrollment',
      },
    })
    .input(enrollmentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await findEnrollment(ctx.db, ctx.school, input.enrollmentId),
    })),

  update: schoolProcedure('enrollments.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'Change the status, dates, horse or notes of an enrollment',
        description:
          'Student, class and schedule cannot change (422). Status moves between active and paused, and to ended from either; an ended enrollment is not reopened (409). Reactivating re-checks the free place and the horse.',
      },
    })
    .input(enrollmentIdInput.extend(enrollmentUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, enrollmentId, ...changes } = input;
      await updateEnrollment(ctx.db, ctx.school, enrollmentId, changes);
      return { data: await findEnrollment(ctx.db, ctx.school, enrollmentId) };
    }),

  remove: schoolProcedure('enrollments.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/enrollments/{enrollmentId}',
        tags: ['Enrollments'],
        summary: 'End an enrollment (it is kept as history)',
      },
    })
    .input(enrollmentIdInput)
    .output(z.object({ message: z.string(), data: enrollmentSchema }))
    .mutation(async ({ ctx, input }) => {
      await endEnrollment(ctx.db, ctx.school, input.enrollmentId);
      return {
        message: 'Enrollment ended.',
        data: await findEnrollment(ctx.db, ctx.school, input.enrollmentId),
      };
    }),
});
