import { z } from 'zod';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { authedProcedure, router } from '../kernel/trpc/init';
import { getProgress, getTimeline } from '../progression/progress-queries';
import {
  progressSchema,
  timelineEventSchema,
  timelineFilters,
} from '../progression/progress-schema';
import { bindPortalLinks, leavePortalLink } from './link-lifecycle';
import {
  followedAttendance,
  followedBadges,
  followedCertificates,
  followedCompetitions,
  followedPayments,
  followedStudent,
  followedWeek,
  linkedStudent,
  listFollowedStudents,
} from './portal-queries';
import {
  attendanceFilters,
  paymentFilters,
  portalAttendanceSchema,
  portalBadgeSchema,
  portalCertificateSchema,
  portalCompetitionSchema,
  portalLinkInput,
  portalPaymentSchema,
  portalStudentDetail,
  portalStudentInput,
  portalStudentSummary,
  portalWeekSchema,
  weekFilters,
} from './portal-schema';

const tags = ['Portal'];

/** A portal request: invitations waiting for the caller's verified e-mail are bound first. */
const portalProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await bindPortalLinks(ctx.db, ctx.caller.user);
  return next();
});

/** A read about one followed student: the link is resolved first, else 404 (A.5 rule 1). */
const studentRead = portalProcedure
  .input(portalStudentInput)
  .use(async ({ ctx, input, next }) =>
    next({ ctx: { linked: await linkedStudent(ctx.db, ctx.caller.user.id, input.studentId) } }),
  );

const path = (rest = '') => `/portal/students/{studentId}${rest}` as const;

/** The student and guardian portal (DESIGN-MODULES A.5): read-only in this version (G.7). */
export const portalRouter = router({
  students: portalProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/portal/students',
        tags,
        summary: 'The riders you follow, across schools',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(portalStudentSummary) }))
    .query(async ({ ctx }) => ({ data: await listFollowedStudents(ctx.db, ctx.caller.user.id) })),

  student: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path(),
        tags,
        summary: 'A rider you follow: current classes and the next five lessons',
      },
    })
    .output(z.object({ data: portalStudentDetail }))
    .query(async ({ ctx }) => ({ data: await followedStudent(ctx.db, ctx.linked) })),

  schedule: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/schedule'),
        tags,
        summary: "The rider's lessons of a week, with attendance",
        description: '`week`: `2026-W47` or a date of that week; the current week by default.',
      },
    })
    .input(weekFilters)
    .output(z.object({ data: portalWeekSchema }))
    .query(async ({ ctx, input }) => ({
      data: await followedWeek(ctx.db, ctx.linked, input.week),
    })),

  attendance: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/attendance'),
        tags,
        summary: "The rider's attendance between two dates, with its tally",
        description: 'The last 90 days by default.',
      },
    })
    .input(attendanceFilters)
    .output(z.object({ data: portalAttendanceSchema }))
    .query(async ({ ctx, input }) => ({
      data: await followedAttendance(ctx.db, ctx.linked, input),
    })),

  payments: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/payments'),
        tags,
        summary: "The rider's school and competition payments",
      },
    })
    .input(paymentFilters)
    .output(z.object({ data: z.array(portalPaymentSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await followedPayments(ctx.db, ctx.linked, input),
    })),

  progress: studentRead
    .meta({
      openapi: { method: 'GET', path: path('/progress'), tags, summary: "The rider's progress" },
    })
    .output(z.object({ data: progressSchema }))
    .query(async ({ ctx }) => ({
      data: await getProgress(ctx.db, ctx.linked.school, ctx.linked.summary.student_id),
    })),

  timeline: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/timeline'),
        tags,
        summary: "The rider's history, newest first",
      },
    })
    .input(timelineFilters)
    .output(paginatedSchema(timelineEventSchema))
    .query(({ ctx, input }) =>
      getTimeline(ctx.db, ctx.linked.school, ctx.linked.summary.student_id, input, ctx.url),
    ),

  badges: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/badges'),
        tags,
        summary: 'The badges the rider holds',
      },
    })
    .output(z.object({ data: z.array(portalBadgeSchema) }))
    .query(async ({ ctx }) => ({ data: await followedBadges(ctx.db, ctx.linked) })),

  certificates: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/certificates'),
        tags,
        summary: "The rider's certificates",
      },
    })
    .output(z.object({ data: z.array(portalCertificateSchema) }))
    .query(async ({ ctx }) => ({
      data: await followedCertificates(ctx.db, ctx.linked, ctx.config.appUrl),
    })),

  competitions: studentRead
    .meta({
      openapi: {
        method: 'GET',
        path: path('/competitions'),
        tags,
        summary: "The rider's competition entries and results",
      },
    })
    .output(z.object({ data: z.array(portalCompetitionSchema) }))
    .query(async ({ ctx }) => ({ data: await followedCompetitions(ctx.db, ctx.linked) })),

  leave: portalProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/portal/links/{linkId}',
        tags,
        summary: 'Stop following a rider',
        description: 'Your own active link only; any other is a 404.',
      },
    })
    .input(portalLinkInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await leavePortalLink(ctx.db, ctx.caller.user.id, input.linkId);
      return { message: 'You no longer follow this rider.' };
    }),
});
