import { subDays } from 'date-fns';
import type { Database } from '@/db/client';
import { attendance, levels } from '@/db/schema';
import type { ATTENDANCE_STATUSES } from '@/db/schema/school-values';

type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
import type { TestApp } from './harness';
import { schoolFixtures } from './school-fixtures';

/** A calendar date `days` before today (UTC, as the test schools' time zone). */
export const daysAgo = (days: number) => subDays(new Date(), days).toISOString().slice(0, 10);

/**
 * Direct inserts for the progression tests: a rider enrolled in a class, their attendance,
 * a school's ladder.
 */
export function progressionFixtures(db: () => Database) {
  const school = schoolFixtures(db);
  return {
    /** A student enrolled in a Monday class with a horse; `attend` records classes for them. */
    async rider(schoolId: string, name = { firstName: 'Ana', lastName: 'García' }) {
      const student = await school.student(schoolId, name);
      const klass = await school.class(schoolId, { name: `Jumping ${name.firstName}` });
      const instructor = await school.instructor(schoolId);
      const schedule = await school.schedule(schoolId, {
        classId: klass.id,
        instructorId: instructor.id,
      });
      const enrollment = await school.enrollment(schoolId, {
        studentId: student.id,
        classId: klass.id,
        scheduleId: schedule.id,
      });
      return {
        student,
        klass,
        schedule,
        enrollment,
        /** One record per date, with the status (and rating) given. */
        async attend(dates: string[], status: AttendanceStatus = 'present', rating?: number) {
          if (dates.length === 0) return;
          await db()
            .insert(attendance)
            .values(
              dates.map((date) => ({
                schoolId,
                scheduleId: schedule.id,
                enrollmentId: enrollment.id,
                studentId: student.id,
                date,
                status,
                performanceRating: rating ?? null,
              })),
            );
        },
      };
    },
    async level(
      schoolId: string,
      values: Partial<typeof levels.$inferInsert> & { position: number },
    ) {
      const [row] = await db()
        .insert(levels)
        .values({ schoolId, name: `Level ${values.position}`, baseLevel: 'beginner', ...values })
        .returning();
      return row!;
    },
  };
}

/**
 * A school with a member of each role (`owner@a.test`...), another school with its own owner
 * (the stranger), and their tokens.
 */
export async function schoolWithRoles(app: TestApp, name = 'Test School') {
  const school = await app.createSchool({
    name,
    members: {
      'owner@a.test': 'owner',
      'manager@a.test': 'manager',
      'instructor@a.test': 'instructor',
      'viewer@a.test': 'viewer',
    },
  });
  const other = await app.createSchool({ name: 'Other', members: { 'owner@b.test': 'owner' } });
  return {
    school,
    other,
    owner: await app.tokenFor('owner@a.test'),
    manager: await app.tokenFor('manager@a.test'),
    instructor: await app.tokenFor('instructor@a.test'),
    viewer: await app.tokenFor('viewer@a.test'),
    stranger: await app.tokenFor('owner@b.test'),
  };
}
