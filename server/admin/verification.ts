import { z } from 'zod';
import { tenantPrefix, type Permission, type TenantKind } from '../kernel/auth/permissions';
import { notFound } from '../kernel/errors';
import { organizationIdInput, pathId } from '../kernel/fields/params';
import { adminProcedure, organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { findMedia } from '../media/media-queries';
import { openStoredFile, storedFile, storedFileOf } from '../media/stored-file';
import { decideVerification, requestVerification } from './verification-lifecycle';
import {
  findVerificationRequest,
  getVerificationRequest,
  listOrganizationRequests,
  listVerificationQueue,
} from './verification-queries';
import {
  approveFields,
  rejectFields,
  verificationFields,
  verificationIdInput,
  verificationQueueFilters,
  verificationSchema,
  type VerificationFields,
} from './verification-schema';

const one = z.object({ data: verificationSchema });

/** `GET` and `POST /schools/{schoolId}/verification-requests`, the same for studs (E.2). */
export function verificationRouterFor<const P extends string>(
  tenant: TenantKind & { param: P },
  tag: string,
) {
  const path = `${tenantPrefix(tenant)}/verification-requests` as const;
  const procedure = (permission: string) =>
    organizationProcedure(tenant.kind, permission as Permission);
  const organizationInput = organizationIdInput(tenant.param);
  return router({
    list: procedure('members.view')
      .meta({
        openapi: {
          method: 'GET',
          path,
          tags: [tag],
          summary: `The ${tenant.kind}'s verification requests, newest first`,
        },
      })
      .input(organizationInput)
      .output(z.object({ data: z.array(verificationSchema) }))
      .query(async ({ ctx }) => ({
        data: await listOrganizationRequests(ctx.db, ctx.organization.id),
      })),

    create: procedure('members.edit')
      .meta({
        successStatus: 201,
        openapi: {
          method: 'POST',
          path,
          tags: [tag],
          summary: `Ask the platform to verify the ${tenant.kind}`,
          description:
            '`documents`: up to 5 media ids of this organization (upload them first). One pending request at a time (409).',
        },
      })
      .input(organizationInput.extend(verificationFields.shape))
      .output(one)
      .mutation(async ({ ctx, input }) => ({
        data: await requestVerification(
          ctx.db,
          ctx.config,
          ctx.organization,
          input as VerificationFields,
          ctx.caller.user.id,
        ),
      })),
  });
}

const tags = ['Administration: verification'];
const audit = { subject: 'verification_request', read: findVerificationRequest };

/** The platform administrators' verification queue (E.2). */
export const adminVerificationRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/verification-requests',
        tags,
        summary: 'Verification requests: pending first, oldest first',
      },
    })
    .input(verificationQueueFilters)
    .output(paginatedSchema(verificationSchema))
    .query(({ ctx, input }) => listVerificationQueue(ctx.db, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/verification-requests/{id}',
        tags,
        summary: 'One request with its documents',
      },
    })
    .input(verificationIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getVerificationRequest(ctx.db, input.id) })),

  document: adminProcedure
    .meta({
      download: openStoredFile,
      openapi: {
        method: 'GET',
        path: '/admin/verification-requests/{id}/documents/{mediaId}/content',
        tags,
        summary: 'A document of the request, as the file itself',
      },
    })
    .input(verificationIdInput.extend({ mediaId: pathId }))
    .output(storedFile)
    .query(async ({ ctx, input }) => {
      const request = await getVerificationRequest(ctx.db, input.id);
      if (!request.documents.some((d) => d.id === input.mediaId)) throw notFound('Document');
      const scope = {
        owner: { kind: 'organization' as const, id: request.organization.id },
        subjects: [],
        hidden: [],
        basePath: '',
      };
      return storedFileOf((await findMedia(ctx.db, scope, input.mediaId)).row);
    }),

  approve: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: '/admin/verification-requests/{id}/approve',
        tags,
        summary: 'Approve: the organization becomes verified and its owners are told',
        description: 'A request already decided → 409 (of two decisions at once, one wins).',
      },
    })
    .input(verificationIdInput.extend(approveFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideVerification(
        ctx.db,
        input.id,
        { approve: true, reason: input.reason },
        ctx.caller.user.id,
        ctx.config.appUrl,
      ),
    })),

  reject: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'POST',
        path: '/admin/verification-requests/{id}/reject',
        tags,
        summary: 'Reject with a reason; the owners are told',
      },
    })
    .input(verificationIdInput.extend(rejectFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await decideVerification(
        ctx.db,
        input.id,
        { approve: false, reason: input.reason },
        ctx.caller.user.id,
        ctx.config.appUrl,
      ),
    })),
});
