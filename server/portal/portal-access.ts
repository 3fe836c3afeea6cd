import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { studentIdInput } from '../schools/student-schema';
import { invitePortalUser, revokePortalLink } from './link-lifecycle';
import { listPortalLinks } from './link-queries';
import { portalAccessFields, portalLinkIdInput, portalLinkSchema } from './link-schema';

const tags = ['Portal access'];

/** Staff invite and revoke the people who follow a student in the portal (A.5). */
export const portalAccessRouter = router({
  list: schoolProcedure('students.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/students/{studentId}/portal-access',
        tags,
        summary: 'Who follows the student in the portal, revoked links included',
      },
    })
    .input(studentIdInput)
    .output(z.object({ data: z.array(portalLinkSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listPortalLinks(ctx.db, ctx.school, input.studentId),
    })),

  invite: schoolProcedure('students.edit')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/students/{studentId}/portal-access',
        tags,
        summary: 'Invite an e-mail to follow the student',
        description:
          'An `invitation` e-mail goes out; the link binds when that address signs in with a verified e-mail. `self` needs a rider aged 14 or more (422 `relationship`); at most 4 live links per student (422 `email`).',
      },
    })
    .input(studentIdInput.extend(portalAccessFields.shape))
    .output(z.object({ data: portalLinkSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await invitePortalUser(
        ctx.db,
        ctx.school,
        input.studentId,
        input,
        ctx.caller.user.id,
        ctx.config.appUrl,
      ),
    })),

  revoke: schoolProcedure('students.edit')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/students/{studentId}/portal-access/{linkId}',
        tags,
        summary: 'Revoke a portal link',
      },
    })
    .input(portalLinkIdInput)
    .output(z.object({ message: z.string(), data: portalLinkSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Portal access revoked.',
      data: await revokePortalLink(ctx.db, ctx.school, input.studentId, input.linkId),
    })),
});
