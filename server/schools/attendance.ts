import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { getClassAttendance, recordClassAttendance } from './attendance-records';
import { attendanceReport } from './attendance-report';
import {
  attendanceDayInput,
  attendanceReportInput,
  attendanceReportSchema,
  attendanceSubmissionFields,
  classAttendanceSchema,
} from './attendance-schema';
import { schoolIdInput } from '../kernel/fields/params';

export const attendanceRouter = router({
  report: schoolProcedure('attendance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/attendance/report',
        tags: ['Attendance'],
        summary: 'Attendance totals per student and per class over a date range',
        description:
          'The range defaults to the current month in the school time zone. attendance_rate = (present + late) / records × 100, rounded to one decimal, 0 when there are no records.',
      },
    })
    .input(schoolIdInput.extend(attendanceReportInput.shape))
    .output(z.object({ data: attendanceReportSchema }))
    .query(async ({ ctx, input }) => ({ data: await attendanceReport(ctx.db, ctx.school, input) })),

  show: schoolProcedure('attendance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/attendance',
        tags: ['Attendance'],
        summary: 'What was recorded for a schedule on a date',
      },
    })
    .input(schoolIdInput.extend(attendanceDayInput.shape))
    .output(z.object({ data: classAttendanceSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getClassAttendance(ctx.db, ctx.school.id, input.schedule_id, input.date),
    })),

  record: schoolProcedure('attendance.create')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/attendance',
        tags: ['Attendance'],
        summary: 'Record the attendance of a whole class on a date',
        description:
          "Replaces what was recorded for that schedule and date. The date must fall on the schedule's weekday and not after today; each enrollment must be of the schedule and running that day.",
      },
    })
    .input(schoolIdInput.extend(attendanceSubmissionFields.shape))
    .output(z.object({ data: classAttendanceSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await recordClassAttendance(ctx.db, ctx.school, input),
    })),
});
