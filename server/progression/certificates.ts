import { z } from 'zod';
import { schoolIdInput } from '../kernel/fields/params';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { certificateDocument } from './certificate-document';
import { issueCertificate, revokeCertificate } from './certificate-lifecycle';
import { getCertificate, listCertificates } from './certificate-queries';
import {
  certificateFields,
  certificateIdInput,
  certificateListFilters,
  certificateSchema,
  revokeFields,
} from './certificate-schema';

const tags = ['Certificates'];

/** Certificates are immutable (DESIGN-MODULES A.3): there is no update and no delete. */
export const certificatesRouter = router({
  list: schoolProcedure('certificates.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/certificates',
        tags,
        summary: 'Certificates, newest first',
        description: '`status` filters valid (not revoked, not expired), revoked or expired ones.',
      },
    })
    .input(schoolIdInput.extend(certificateListFilters.shape))
    .output(paginatedSchema(certificateSchema))
    .query(({ ctx, input }) =>
      listCertificates(ctx.db, ctx.school, input, ctx.config.appUrl, ctx.url),
    ),

  issue: schoolProcedure('certificates.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/certificates',
        tags,
        summary: 'Issue a certificate',
        description:
          "The certificate takes the student's name of today as `holder_name` and a new code (`XXXX-XXXX-XXXX`) that anyone can check at `verify_url`. It cannot be edited afterwards: revoke it and issue another.",
      },
    })
    .input(schoolIdInput.extend(certificateFields.shape))
    .output(z.object({ data: certificateSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await issueCertificate(
        ctx.db,
        ctx.school,
        input,
        ctx.caller.user.id,
        ctx.config.appUrl,
      ),
    })),

  get: schoolProcedure('certificates.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/certificates/{certificateId}',
        tags,
        summary: 'A certificate',
      },
    })
    .input(certificateIdInput)
    .output(z.object({ data: certificateSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getCertificate(ctx.db, ctx.school, input.certificateId, ctx.config.appUrl),
    })),

  revoke: schoolProcedure('certificates.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/certificates/{certificateId}/revoke',
        tags,
        summary: 'Revoke a certificate, with the reason',
        description:
          'Its code then verifies as revoked. A revoked certificate cannot be revoked again (409).',
      },
    })
    .input(certificateIdInput.extend(revokeFields.shape))
    .output(z.object({ message: z.string(), data: certificateSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Certificate revoked.',
      data: await revokeCertificate(
        ctx.db,
        ctx.school,
        input.certificateId,
        input.reason,
        ctx.config.appUrl,
      ),
    })),

  document: schoolProcedure('certificates.view')
    .meta({
      produces: 'text/html',
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/certificates/{certificateId}/document',
        tags,
        summary: 'The certificate as an A4 print page (text/html)',
        description: 'With a QR code of its verification page. Answers text/html; errors are JSON.',
      },
    })
    .input(certificateIdInput)
    .output(z.object({ html: z.string() }))
    .query(async ({ ctx, input }) => {
      const certificate = await getCertificate(
        ctx.db,
        ctx.school,
        input.certificateId,
        ctx.config.appUrl,
      );
      return { html: await certificateDocument(certificate, ctx.school.name) };
    }),
});
