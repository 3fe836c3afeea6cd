import { z } from 'zod';
import { router } from '../kernel/trpc/init';
import { publicRoute } from '../kernel/trpc/public';
import { contractDocumentFile, contractDocumentSchema } from './contract-document';
import {
  CONTRACT_STATUSES,
  declineFields,
  publicContractSchema,
  signFields,
  tokenInput,
} from './contract-schema';
import { evidenceOf } from './event-chain';
import { declineByToken, documentByToken, readByToken, signByToken } from './signing';

const tags = ['Public'];
const PATH = '/public/contracts/{token}';
const LINK_RULE =
  'An unknown or replaced token is a 404; a contract no longer out for signing (signed, declined, expired, voided) is a 409 naming its state.';

export const signingStatusSchema = z.object({
  data: z.object({ status: z.enum(CONTRACT_STATUSES) }),
});

/** A signer's link to a contract (DESIGN-MODULES B.7, 0.2): read, download, sign or decline. */
export const publicContractsRouter = router({
  read: publicRoute('contracts', 'read')
    .meta({
      openapi: {
        method: 'GET',
        path: PATH,
        tags,
        summary: 'The contract a signer’s link opens, with its document',
        description: `The signer's first read records that they viewed it. Present \`document_sha256\` to sign. ${LINK_RULE} 30 requests a minute per client.`,
        protect: false,
      },
    })
    .input(tokenInput)
    .output(z.object({ data: publicContractSchema }))
    .query(async ({ ctx, input }) => ({
      data: await readByToken(ctx.db, input.token, evidenceOf(ctx.req, ctx.config)),
    })),

  document: publicRoute('contracts', 'read')
    .meta({
      download: contractDocumentFile,
      openapi: {
        method: 'GET',
        path: `${PATH}/document`,
        tags,
        summary: 'The contract as a PDF',
        description: `The REST route answers the PDF itself (\`application/pdf\`). While out for signing: the document, watermarked NOT SIGNED. Once signed: the sealed PDF (signatures, event log, hashes) for 90 days after the last signature, by the signing link or the completion e-mail's link; 409 while it is being sealed and after the 90 days. ${LINK_RULE}`,
        protect: false,
      },
    })
    .input(tokenInput)
    .output(contractDocumentSchema)
    .query(({ ctx, input }) => documentByToken(ctx.db, input.token)),

  sign: publicRoute('contracts', 'write')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/sign`,
        tags,
        summary: 'Sign the contract',
        description: `\`consent\` must be true (422) and \`document_sha256\` the read's (409: the document changed). Answers the contract's status: \`partially_signed\`, or \`signed\` when this was the last signature. A signer who signed is a 409. ${LINK_RULE} 5 requests a minute per client.`,
        protect: false,
      },
    })
    .input(tokenInput.extend(signFields.shape))
    .output(signingStatusSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await signByToken(
        ctx.db,
        input.token,
        input,
        evidenceOf(ctx.req, ctx.config),
        ctx.config.appUrl,
      ),
    })),

  decline: publicRoute('contracts', 'write')
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/decline`,
        tags,
        summary: 'Decline the contract',
        description: `The contract is declined for every signer and the stud is told. A signer who signed is a 409. ${LINK_RULE} 5 requests a minute per client.`,
        protect: false,
      },
    })
    .input(tokenInput.extend(declineFields.shape))
    .output(signingStatusSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await declineByToken(
        ctx.db,
        input.token,
        input.reason,
        evidenceOf(ctx.req, ctx.config),
        ctx.config.appUrl,
      ),
    })),
});
