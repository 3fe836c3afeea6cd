import { z } from 'zod';
import { EMAIL_KINDS, EMAIL_TEMPLATES, isEmailKind } from '@/emails';
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
        description: `kind is one of ${EMAIL_KINDS.join(', ')}. Answers text/html; errors are JSON.`,
      },
    })
    .input(z.object({ kind: z.string() }))
    .output(z.object({ kind: z.string(), subject: z.string(), html: z.string(), text: z.string() }))
    .query(async ({ input }) => {
      if (!isEmailKind(input.kind)) {
        throw new AppError(
          'NOT_FOUND',
          `There is no e-mail kind ${input.kind}; the kinds are ${EMAIL_KINDS.join(', ')}.`,
        );
      }
      const email = await renderEmail(
        input.kind,
        EMAIL_TEMPLATES[input.kind].previewProps as never,
      );
      return { kind: input.kind, subject: email.subject, html: email.html, text: email.text };
    }),
});
