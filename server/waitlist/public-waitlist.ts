import { z } from 'zod';
import { publicRoute } from '../kernel/trpc/public';
import { router } from '../kernel/trpc/init';
import { publicSchool, register, withdrawByToken } from './registration';
import { publicSchoolInput, publicSchoolSchema, registrationFields } from './entry-schema';

const tags = ['Public'];

/** A school's public page data and waitlist (DESIGN-MODULES A.4, 0.2): no sign-in. */
export const publicWaitlistRouter = router({
  school: publicRoute('schools', 'read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/schools/{schoolId}',
        tags,
        summary: "A school's public page: its name, whether its waiting list is open, its classes",
        description: 'An unknown or suspended school is a 404. 30 requests a minute per client.',
        protect: false,
      },
    })
    .input(publicSchoolInput)
    .output(z.object({ data: publicSchoolSchema }))
    .query(async ({ ctx, input }) => ({ data: await publicSchool(ctx.db, input.schoolId) })),

  register: publicRoute('waitlist', 'write')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/public/schools/{schoolId}/waitlist',
        tags,
        summary: "Join a school's waiting list",
        description:
          '`consent` must be true. The same rider registered again by the same e-mail while waiting answers the same reference and sends nothing; an e-mail holds at most 5 waiting entries per school. A closed, suspended or unknown school is a 404. 5 requests a minute per client.',
        protect: false,
      },
    })
    .input(publicSchoolInput.extend(registrationFields.shape))
    .output(z.object({ message: z.string(), data: z.object({ reference: z.string() }) }))
    .mutation(async ({ ctx, input }) => {
      const { reference } = await register(
        ctx.db,
        input.schoolId,
        input,
        ctx.config.appUrl,
        ctx.config.emailFrom,
      );
      return {
        message: 'You are on the waiting list. We sent a confirmation to your e-mail.',
        data: { reference },
      };
    }),

  withdraw: publicRoute('waitlist', 'write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/public/waitlist/{token}/withdraw',
        tags,
        summary: 'Withdraw from a waiting list, by the link of the confirmation',
        description: 'An unknown token, or an entry no longer open, is a 404.',
        protect: false,
      },
    })
    .input(z.object({ token: z.string().max(100) }))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await withdrawByToken(ctx.db, input.token);
      return { message: 'You are no longer on the waiting list.' };
    }),
});
