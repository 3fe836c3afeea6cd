import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import {
  createPregnancy,
  deletePregnancy,
  recordCheck,
  updatePregnancy,
} from './pregnancy-lifecycle';
import {
  getPregnancy,
  listChecks,
  listPregnancies,
  listSuggestedChecks,
} from './pregnancy-queries';
import {
  checkFields,
  checkSchema,
  pregnancyEdit,
  pregnancyFields,
  pregnancyFilters,
  pregnancyIdInput,
  pregnancySchema,
  suggestedCheckSchema,
} from './pregnancy-schema';

const one = z.object({ data: pregnancySchema });
const TAGS = ['Stud pregnancies'];

export const pregnanciesRouter = router({
  list: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/pregnancies',
        tags: TAGS,
        summary: 'Pregnancies by due date',
        description:
          'Filters `status`, `due_from`, `due_to`, `stallion_id`, `mare_id`. `day` counts from the base date on the stud’s today while open.',
      },
    })
    .input(studIdInput.extend(pregnancyFilters.shape))
    .output(z.object({ data: z.array(pregnancySchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listPregnancies(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/pregnancies',
        tags: TAGS,
        summary: 'Record a pregnancy without a breeding event',
        description:
          "Checking from `base_date`, with its suggested-check tasks. `reservation_id` is required unless the mare and stallion are both the stud's own; a mare with an open pregnancy is a 409.",
      },
    })
    .input(studIdInput.extend(pregnancyFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createPregnancy(ctx.db, ctx.organization, input),
    })),

  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/pregnancies/{pregnancyId}',
        tags: TAGS,
        summary: 'A pregnancy',
      },
    })
    .input(pregnancyIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getPregnancy(ctx.db, ctx.organization, input.pregnancyId),
    })),

  update: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/pregnancies/{pregnancyId}',
        tags: TAGS,
        summary: 'Update notes, twins, foetal sex or the base date',
        description:
          'A new `base_date` moves the due date and the suggested checks; only while checking with no check (else 409).',
      },
    })
    .input(pregnancyIdInput.extend(pregnancyEdit.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updatePregnancy(ctx.db, ctx.organization, input.pregnancyId, input),
    })),

  remove: organizationProcedure('stud', 'breeding.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/pregnancies/{pregnancyId}',
        tags: TAGS,
        summary: 'Delete a mistaken pregnancy',
        description: 'Only while checking with no check recorded (else 409); its tasks go with it.',
      },
    })
    .input(pregnancyIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deletePregnancy(ctx.db, ctx.organization, input.pregnancyId);
      return { message: 'Pregnancy deleted.' };
    }),

  checks: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/pregnancies/{pregnancyId}/checks',
        tags: TAGS,
        summary: 'The checks of a pregnancy, in date order',
      },
    })
    .input(pregnancyIdInput)
    .output(z.object({ data: z.array(checkSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listChecks(ctx.db, ctx.organization, input.pregnancyId),
    })),

  recordCheck: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/pregnancies/{pregnancyId}/checks',
        tags: TAGS,
        summary: 'Record a scan, palpation or blood test',
        description:
          'Answers the check and the pregnancy with its new status: negative while checking → not_pregnant, once confirmed → lost (reservation failed); positive or twins from the reservation’s confirmation day (45 without one) → confirmed (reservation pregnant). Closes the suggested checks within ±3 days. A pregnancy that ended is a 409.',
      },
    })
    .input(pregnancyIdInput.extend(checkFields.shape))
    .output(z.object({ data: z.object({ check: checkSchema, pregnancy: pregnancySchema }) }))
    .mutation(async ({ ctx, input }) => ({
      data: await recordCheck(
        ctx.db,
        ctx.organization,
        input.pregnancyId,
        input,
        ctx.caller.user.id,
      ),
    })),

  suggestedChecks: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/pregnancies/{pregnancyId}/suggested-checks',
        tags: TAGS,
        summary: 'The suggested check schedule, with what was done',
        description:
          'The stud’s check days, the foaling watch (day 320) and the due day; `done` when a check fell within ±3 days or the task is done.',
      },
    })
    .input(pregnancyIdInput)
    .output(z.object({ data: z.array(suggestedCheckSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listSuggestedChecks(ctx.db, ctx.organization, input.pregnancyId),
    })),
});
