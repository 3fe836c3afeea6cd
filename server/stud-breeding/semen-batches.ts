import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { createSemenBatch, deleteSemenBatch, updateSemenBatch } from './batch-lifecycle';
import { getSemenBatch, listSemenBatches } from './batch-queries';
import {
  semenBatchFields,
  semenBatchFilters,
  semenBatchIdInput,
  semenBatchSchema,
} from './batch-schema';
import { studIdInput } from '../studs/tenant';

const one = z.object({ data: semenBatchSchema });
const TAGS = ['Stud semen batches'];

export const semenBatchesRouter = router({
  list: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/semen-batches',
        tags: TAGS,
        summary: 'The frozen semen stock, newest collection first',
        description:
          '`stallion_id`; `available=true` keeps batches with doses left, `available=false` the used-up ones.',
      },
    })
    .input(studIdInput.extend(semenBatchFilters.shape))
    .output(z.object({ data: z.array(semenBatchSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listSemenBatches(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/semen-batches',
        tags: TAGS,
        summary: 'Record a batch of frozen semen',
        description:
          "`stallion_id` is a stallion of the stud; `collected_on` not after the stud's today. Every dose starts available (`doses_available` is not taken).",
      },
    })
    .input(studIdInput.extend(semenBatchFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createSemenBatch(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/semen-batches/{semenBatchId}',
        tags: TAGS,
        summary: 'A semen batch',
      },
    })
    .input(semenBatchIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getSemenBatch(ctx.db, ctx.organization, input.semenBatchId),
    })),

  update: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/semen-batches/{semenBatchId}',
        tags: TAGS,
        summary: 'Update a semen batch (fields given)',
        description:
          'A new `doses_total` moves `doses_available` by the same difference; a total below the doses already used is a 422, as is a new stallion once doses were used.',
      },
    })
    .input(semenBatchIdInput.extend(semenBatchFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateSemenBatch(ctx.db, ctx.organization, input.semenBatchId, input),
    })),

  remove: organizationProcedure('stud', 'breeding.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/semen-batches/{semenBatchId}',
        tags: TAGS,
        summary: 'Delete a semen batch none of whose doses were used',
        description: 'A batch whose doses were used is kept (409).',
      },
    })
    .input(semenBatchIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteSemenBatch(ctx.db, ctx.organization, input.semenBatchId);
      return { message: 'Semen batch deleted.' };
    }),
});
