import { z } from 'zod';
import { publicRoute } from '../kernel/trpc/public';
import { router } from '../kernel/trpc/init';
import { verifyCertificate } from './certificate-queries';
import { publicCertificateSchema } from './certificate-schema';

/** Certificate verification for anyone holding the code (DESIGN-MODULES A.3, 0.2). */
export const publicCertificatesRouter = router({
  verify: publicRoute('certificates', 'read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/certificates/{code}',
        tags: ['Public'],
        summary: 'Check a certificate by its code',
        description:
          'No sign-in. The code is read case- and hyphen-insensitively. Answers only what the printed certificate shows, with its status: valid, revoked or expired. An unknown code is a 404. 30 requests a minute per client.',
        protect: false,
      },
    })
    .input(z.object({ code: z.string().max(40) }))
    .output(z.object({ data: publicCertificateSchema }))
    .query(async ({ ctx, input }) => ({ data: await verifyCertificate(ctx.db, input.code) })),
});
