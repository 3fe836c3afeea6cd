import { z } from 'zod';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { studentIdInput } from '../schools/student-schema';
import { awardBadge, revokeAward } from './badge-lifecycle';
import { listStudentBadges } from './badge-queries';
import { awardFields, awardIdInput, awardSchema } from './badge-schema';
import { changeLevel, listLevelChanges } from './level-changes';
import { levelChangeFields, levelChangeSchema } from './level-schema';
import { getProgress, getTimeline } from './progress-queries';
import { progressSchema, timelineEventSchema, timelineFilters } from './progress-schema';

const tags = ['Progress'];

/** A student's way up the ladder: level changes, badges held, progress and timeline. */
export const progressRouter = router({
  levelChanges: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}/level-changes',
        tags,
        summary: "A student's level changes, newest first",
      },
    })
    .input(studentIdInput)
    .output(z.object({ data: z.array(levelChangeSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listLevelChanges(ctx.db, ctx.school, input.studentId),
    })),

  changeLevel: schoolProcedure('progress.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students/{studentId}/level-changes',
        tags,
        summary: 'Move a student to a level',
        description:
          "The student must have attended (present or late) the level's `min_attended_classes` since their last change, else 422 on `level_id` unless `override: true` with `notes`. Sets `current_level_id` and `level` (the level's `base_level`).",
      },
    })
    .input(studentIdInput.extend(levelChangeFields.shape))
    .output(z.object({ data: levelChangeSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await changeLevel(ctx.db, ctx.school, input.studentId, input, ctx.caller.user.id),
    })),

  progress: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}/progress',
        tags,
        summary:
          'Where a student stands: level, next level, classes remaining, badges, certificates, last 90 days',
      },
    })
    .input(studentIdInput)
    .output(z.object({ data: progressSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getProgress(ctx.db, ctx.school, input.studentId),
    })),

  timeline: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}/timeline',
        tags,
        summary: "A student's history, newest first",
        description:
          'Enrolments and their ends, level changes, badges, certificates, competition entries and results, and paid payments, read from the records themselves. `ref` names the record: its `kind` and `id`.',
      },
    })
    .input(studentIdInput.extend(timelineFilters.shape))
    .output(paginatedSchema(timelineEventSchema))
    .query(({ ctx, input }) => getTimeline(ctx.db, ctx.school, input.studentId, input, ctx.url)),

  badges: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}/badges',
        tags,
        summary: 'The badges a student holds, newest first',
      },
    })
    .input(studentIdInput)
    .output(z.object({ data: z.array(awardSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listStudentBadges(ctx.db, ctx.school, input.studentId),
    })),

  awardBadge: schoolProcedure('progress.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students/{studentId}/badges',
        tags,
        summary: 'Award a badge by hand',
        description: 'An active badge, once per student: a second award is a 422 on `badge_id`.',
      },
    })
    .input(studentIdInput.extend(awardFields.shape))
    .output(z.object({ data: awardSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await awardBadge(ctx.db, ctx.school, input.studentId, input, ctx.caller.user.id),
    })),

  revokeBadge: schoolProcedure('progress.create')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/students/{studentId}/badges/{awardId}',
        tags,
        summary: 'Revoke an award',
        description:
          'The award is deleted, so the badge can be given again (by hand or by its rule).',
      },
    })
    .input(awardIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await revokeAward(ctx.db, ctx.school, input.studentId, input.awardId);
      return { message: 'Badge revoked.' };
    }),
});
