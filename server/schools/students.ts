import { z } from 'zod';
import { can } from '../kernel/auth/permissions';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { schoolIdInput } from '../kernel/fields/params';
import { importStudents } from './student-import';
import { anonymizeStudent, createStudent, deleteStudent, updateStudent } from './student-lifecycle';
import { getStudentDetail, listStudents } from './student-queries';
import {
  IMPORT_MAX_BYTES,
  importResultSchema,
  studentDetailSchema,
  studentFields,
  studentIdInput,
  studentImportFields,
  studentListFilters,
  studentSchema,
  studentUpdateFields,
} from './student-schema';

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
    .input(schoolIdInput.extend(paginationInput(20).shape).extend(studentListFilters.shape))
    .output(paginatedSchema(studentSchema))
    .query(({ ctx, input }) => listStudents(ctx.db, ctx.school, input, ctx.url)),

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
    .mutation(async ({ ctx, input }) => ({
      data: await createStudent(ctx.db, ctx.school, input),
    })),

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
    .input(schoolIdInput.extend(studentImportFields.shape))
    .output(importResultSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await importStudents(
        ctx.db,
        ctx.school,
        input.file,
        input.dry_run === true || input.dry_run === 'true',
      ),
    })),

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
    .query(async ({ ctx, input }) => ({
      data: await getStudentDetail(
        ctx.db,
        ctx.school,
        input.studentId,
        can(ctx.role, 'payments.view'),
      ),
    })),

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
    .mutation(async ({ ctx, input }) => ({
      data: await updateStudent(ctx.db, ctx.school, input.studentId, input),
    })),

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
      await deleteStudent(ctx.db, ctx.school, input.studentId);
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
    .mutation(async ({ ctx, input }) => ({
      message: 'Student anonymized.',
      data: await anonymizeStudent(ctx.db, ctx.school, input.studentId),
    })),
});
