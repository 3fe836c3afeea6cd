import { z } from 'zod';
import { emailKinds, emailTemplateOf, isEmailKind } from '../kernel/emails';
import { AppError } from '../kernel/errors';
import { adminProcedure, router } from '../kernel/trpc/init';
import { renderEmail } from './render';

export const emailPreviewRouter = router({
  show: adminProcedure
    .meta({
      produces: 'text/html',
      openapi: {
        method: 'GET',
        path: '/email-preview/{kind}',
        tags: ['E-mail'],
        summary: 'An e-mail rendered with its sample data, as HTML',
        // Read when the document is built: the modules register their kinds after this router.
        get description() {
          return `kind is one of ${emailKinds().join(', ')}. Answers text/html; errors are JSON.`;
        },
      },
    })
    .input(z.object({ kind: z.string() }))
    .output(z.object({ kind: z.string(), subject: z.string(), html: z.string(), text: z.string() }))
    .query(async ({ input }) => {
      if (!isEmailKind(input.kind)) {
        throw new AppError(
          'NOT_FOUND',
          `There is no e-mail kind ${input.kind}; the kinds are ${emailKinds().join(', ')}.`,
        );
      }
      const email = await renderEmail(input.kind, emailTemplateOf(input.kind).previewProps);
      return { kind: input.kind, subject: email.subject, html: email.html, text: email.text };
    }),
});
