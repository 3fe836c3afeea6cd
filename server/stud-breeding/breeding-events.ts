import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import {
  createBreedingEvent,
  deleteBreedingEvent,
  updateBreedingEvent,
} from './breeding-event-lifecycle';
import { getBreedingEvent, listBreedingEvents } from './breeding-event-queries';
import {
  breedingEventEdit,
  breedingEventFields,
  breedingEventFilters,
  breedingEventIdInput,
  breedingEventSchema,
} from './breeding-event-schema';

const one = z.object({ data: breedingEventSchema });
const TAGS = ['Stud breeding events'];

export const breedingEventsRouter = router({
  list: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/breeding-events',
        tags: TAGS,
        summary: 'Covers and inseminations, newest first',
        description: 'Filters `mare_id`, `stallion_id`, `reservation_id`, `date_from`, `date_to`.',
      },
    })
    .input(studIdInput.extend(breedingEventFilters.shape))
    .output(z.object({ data: z.array(breedingEventSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listBreedingEvents(ctx.db, ctx.organization, input),
    })),

  create: organizationProcedure('stud', 'breeding.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/breeding-events',
        tags: TAGS,
        summary: 'Record a cover or an insemination',
        description:
          "`reservation_id` is required unless the mare and the stallion are both the stud's own; with one, the mare and stallion default to its own and its first event starts it. An insemination takes `semen` (and 1 dose unless `doses_used`); frozen semen used on site names its `batch_id` (doses taken, 409 when short), shipped semen its `shipment_id`. The event opens the mare's pregnancy (checking, with its suggested-check tasks), or moves one still checking with no check; a confirmed pregnancy is a 409.",
      },
    })
    .input(studIdInput.extend(breedingEventFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createBreedingEvent(ctx.db, ctx.organization, input, ctx.caller.user.id),
    })),

  get: organizationProcedure('stud', 'breeding.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/breeding-events/{breedingEventId}',
        tags: TAGS,
        summary: 'A breeding event',
      },
    })
    .input(breedingEventIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getBreedingEvent(ctx.db, ctx.organization, input.breedingEventId),
    })),

  update: organizationProcedure('stud', 'breeding.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/breeding-events/{breedingEventId}',
        tags: TAGS,
        summary: 'Correct the date, ovulation, notes or who bred her',
        description:
          'A new base date (ovulation, else date) moves the pregnancy the event opened while it has no check; once checked, 409.',
      },
    })
    .input(breedingEventIdInput.extend(breedingEventEdit.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateBreedingEvent(ctx.db, ctx.organization, input.breedingEventId, input),
    })),

  remove: organizationProcedure('stud', 'breeding.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/breeding-events/{breedingEventId}',
        tags: TAGS,
        summary: 'Delete a mistaken breeding event',
        description:
          'The pregnancy it opened goes with it, and batch doses return to the batch; once its pregnancy has checks, 409.',
      },
    })
    .input(breedingEventIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteBreedingEvent(ctx.db, ctx.organization, input.breedingEventId);
      return { message: 'Breeding event deleted.' };
    }),
});
