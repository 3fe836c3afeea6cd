import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { createMedicalRecord, deleteMedicalRecord, updateMedicalRecord } from './medical-lifecycle';
import { getMedicalRecord, listMedicalRecords } from './medical-queries';
import {
  medicalRecordFields,
  medicalRecordFilters,
  medicalRecordIdInput,
  medicalRecordSchema,
} from './medical-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: medicalRecordSchema });
const TAGS = ['Stud medical records'];

export const medicalRecordsRouter = router({
  list: organizationProcedure('stud', 'medical.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/medical-records',
        tags: TAGS,
        summary: 'Medical records, newest first',
        description:
          'Paginated (50). `due_before=D`: records whose next due date is on or before D, which is what falls due by then.',
      },
    })
    .input(studIdInput.extend(medicalRecordFilters.shape))
    .output(paginatedSchema(medicalRecordSchema))
    .query(({ ctx, input }) => listMedicalRecords(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'medical.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/medical-records',
        tags: TAGS,
        summary: 'Record a treatment, vaccination, visit…',
        description:
          "`next_due_on` opens a task (source `medical`, for the stud's default assignee) that follows the date when it changes and is cancelled when it is cleared. `record_expense` asks for `cost` to be booked as an expense.",
      },
    })
    .input(studIdInput.extend(medicalRecordFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createMedicalRecord(ctx.db, ctx.organization, ctx.caller.user.id, input),
    })),

  get: organizationProcedure('stud', 'medical.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/medical-records/{medicalRecordId}',
        tags: TAGS,
        summary: 'A medical record',
      },
    })
    .input(medicalRecordIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getMedicalRecord(ctx.db, ctx.organization, input.medicalRecordId),
    })),

  update: organizationProcedure('stud', 'medical.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/medical-records/{medicalRecordId}',
        tags: TAGS,
        summary: 'Update a medical record (fields given)',
      },
    })
    .input(medicalRecordIdInput.extend(medicalRecordFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateMedicalRecord(ctx.db, ctx.organization, input.medicalRecordId, input),
    })),

  remove: organizationProcedure('stud', 'medical.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/medical-records/{medicalRecordId}',
        tags: TAGS,
        summary: 'Delete a medical record, with its task and attachment links',
      },
    })
    .input(medicalRecordIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteMedicalRecord(ctx.db, ctx.organization, input.medicalRecordId);
      return { message: 'Medical record deleted.' };
    }),
});
