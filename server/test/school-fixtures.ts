import type { Database } from '@/db/client';
import { classes, enrollments, horses, instructors, schedules, students } from '@/db/schema';

/**
 * Direct inserts of school records for tests that exercise another route. Each takes the
 * school and overrides; the defaults are valid records.
 */
export function schoolFixtures(db: () => Database) {
  return {
    async student(schoolId: string, values: Partial<typeof students.$inferInsert> = {}) {
      const [row] = await db()
        .insert(students)
        .values({ schoolId, firstName: 'Ana', lastName: 'García', ...values })
        .returning();
      return row!;
    },
    async instructor(schoolId: string, values: Partial<typeof instructors.$inferInsert> = {}) {
      const [row] = await db()
        .insert(instructors)
        .values({ schoolId, firstName: 'Iris', lastName: 'Trainer', ...values })
        .returning();
      return row!;
    },
    async class(schoolId: string, values: Partial<typeof classes.$inferInsert> = {}) {
      const [row] = await db()
        .insert(classes)
        .values({
          schoolId,
          name: 'Group jumping',
          type: 'group',
          level: 'beginner',
          maxStudents: 6,
          price: '80.00',
          ...values,
        })
        .returning();
      return row!;
    },
    async horse(schoolId: string, values: Partial<typeof horses.$inferInsert> = {}) {
      const [row] = await db()
        .insert(horses)
        .values({ schoolId, name: 'Canela', ...values })
        .returning();
      return row!;
    },
    async schedule(
      schoolId: string,
      values: Partial<typeof schedules.$inferInsert> & { classId: string; instructorId: string },
    ) {
      const [row] = await db()
        .insert(schedules)
        .values({
          schoolId,
          dayOfWeek: 1,
          startTime: '10:00',
          endTime: '11:00',
          maxStudents: 6,
          ...values,
        })
        .returning();
      return row!;
    },
    async enrollment(
      schoolId: string,
      values: Partial<typeof enrollments.$inferInsert> & {
        studentId: string;
        classId: string;
        scheduleId: string;
      },
    ) {
      const [row] = await db()
        .insert(enrollments)
        .values({ schoolId, startDate: '2026-01-01', ...values })
        .returning();
      return row!;
    },
  };
}
